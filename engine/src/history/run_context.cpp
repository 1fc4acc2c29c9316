#include <apsp/core/untrusted_text.h>
#include <apsp/core/version.h>
#include <apsp/device/device_info.h>
#include <apsp/history/run_context.h>
#include <apsp/history/run_facts.h>
#include <apsp/solve/cpu_isa.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string_view>

extern char** environ;

namespace apsp {

namespace {

bool steers_a_run(std::string_view name) {
  return name.rfind("APSP_", 0) == 0 || name.rfind("OMP_", 0) == 0 || name == "CUDA_VISIBLE_DEVICES";
}

std::map<std::string, std::string> steering_environment() {
  std::map<std::string, std::string> out;
  for (char** entry = environ; entry && *entry; ++entry) {
    const std::string_view text(*entry);
    const std::size_t eq = text.find('=');
    if (eq == std::string_view::npos || !steers_a_run(text.substr(0, eq))) continue;
    // printable_text: a value is anyone's bytes, and every JSON writer needs UTF-8.
    out[printable_text(text.substr(0, eq))] = printable_text(text.substr(eq + 1));
  }
  return out;
}

/// The mean of the cores' current clocks: one figure that still shows a machine held at a low clock.
double mean_cpu_mhz() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  double sum = 0;
  int cores = 0;
  while (std::getline(in, line)) {
    if (line.rfind("cpu MHz", 0) != 0) continue;
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    char* end = nullptr;
    const double mhz = std::strtod(line.c_str() + colon + 1, &end);
    if (end == line.c_str() + colon + 1 || !(mhz > 0)) continue;
    sum += mhz;
    ++cores;
  }
  return cores > 0 ? sum / cores : 0;
}

double one_minute_load() {
  double load[1] = {0};
  return ::getloadavg(load, 1) == 1 ? load[0] : -1;
}

}  // namespace

RunContext collect_run_context(int threads_asked, bool on_gpu) {
  RunContext c;
  c.commit = build_commit() == "unknown" ? std::string() : std::string(build_commit());
  c.build = build_description();
  c.isa = std::string(cpu_isa());
  c.threads_asked = threads_asked;
  c.threads = resolved_threads(threads_asked);
  c.env = steering_environment();
  c.cpu_model = cpu_model();
  c.cpu_mhz = mean_cpu_mhz();
  c.load_avg = one_minute_load();
  c.cuda_runtime = on_gpu && cuda_device_count() > 0 ? cuda_runtime_version() : 0;
  if (c.cuda_runtime > 0) c.driver = nvml_driver_version();
  c.collected = true;
  return c;
}

std::string threads_text(int threads_asked, int threads) {
  if (threads_asked == 0) return "0 (auto: " + std::to_string(threads) + ")";
  return std::to_string(threads_asked > 0 ? threads_asked : threads);
}

std::string env_text(const std::map<std::string, std::string>& env) {
  std::string out;
  for (const auto& [name, value] : env) {
    if (!out.empty()) out += ' ';
    out += name + "=" + value;
  }
  return out.empty() ? std::string("none set") : out;  // an empty comment would read as a value left out
}

std::string gpu_clocks_text(const std::vector<GpuClockRange>& clocks) {
  auto range = [](int low, int high) {
    return low == high ? std::to_string(high) : std::to_string(low) + "-" + std::to_string(high);
  };
  std::string out;
  for (const GpuClockRange& g : clocks) {
    if (!out.empty()) out += "; ";
    if (clocks.size() > 1) out += "GPU " + std::to_string(g.device) + ": ";
    out += "SM " + range(g.sm_min_mhz, g.sm_max_mhz) + " MHz / memory " + range(g.mem_min_mhz, g.mem_max_mhz) + " MHz";
  }
  return out;
}

std::string cuda_version_text(int version) {
  if (version <= 0) return "";
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

void apply_run_context(RunRecord& record, const RunContext& context) {
  record.commit = context.commit;
  record.build = context.build;
  record.isa = context.isa;
  record.threads_asked = context.threads_asked;
  record.threads = context.threads;
  record.env = context.env;
  record.cpu_model = context.cpu_model;
  record.cpu_mhz = context.cpu_mhz;
  record.load_avg = context.load_avg;
  record.driver = context.driver;
  record.cuda_runtime = context.cuda_runtime;
  record.gpu_clocks = context.gpu_clocks;
  record.sources = context.sources;
  record.phase2 = context.phase2;
}

RunContext run_context_of(const RunRecord& record) {
  RunContext c;
  c.commit = record.commit;
  c.build = record.build;
  c.isa = record.isa;
  c.threads_asked = record.threads_asked;
  c.threads = record.threads;
  c.env = record.env;
  c.cpu_model = record.cpu_model;
  c.cpu_mhz = record.cpu_mhz;
  c.load_avg = record.load_avg;
  c.driver = record.driver;
  c.cuda_runtime = record.cuda_runtime;
  c.gpu_clocks = record.gpu_clocks;
  c.sources = record.sources;
  c.phase2 = record.phase2;
  c.collected = true;
  return c;
}

}  // namespace apsp
