#include <apsp/history/bench_json.h>
#include <apsp/history/run_facts.h>
#include <apsp/report/bench_json_writer.h>
#include <apsp/solve/measure.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

namespace apsp {

namespace {

using Json = nlohmann::ordered_json;

std::string executable_path() {
  char buf[4096];
  const ssize_t size = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  return size > 0 ? std::string(buf, static_cast<std::size_t>(size)) : std::string("apsp");
}

Json gbench_context(const std::vector<RunRecord>& records, const ExportContext& context) {
  Json c = Json::object();
  c["date"] = records.empty() ? utc_now_iso8601() : records.front().date;
  c["host_name"] = records.empty() ? host_name() : records.front().host;
  c["executable"] = executable_path();
  c["num_cpus"] = static_cast<long>(::sysconf(_SC_NPROCESSORS_ONLN));
  // The CPU clock the run context measured as the run began (rounded as Google Benchmark writes it).
  const double mhz = context.run.collected ? context.run.cpu_mhz : records.empty() ? 0 : records.front().cpu_mhz;
  c["mhz_per_cpu"] = std::lround(mhz);
  double load[3] = {0, 0, 0};
  Json loads = Json::array();
  if (::getloadavg(load, 3) == 3)
    for (double l : load) loads.push_back(l);
  c["load_avg"] = loads;
#if defined(NDEBUG)
  c["library_build_type"] = "release";
#else
  c["library_build_type"] = "debug";
#endif
  c["apsp"] = Json::parse(context_json(context).dump());
  return c;
}

/// The record as the run history writes it, less the per-run lists the entries carry one value each of.
Json record_without_runs(const RunRecord& record) {
  Json j = Json::parse(to_json_line(record));
  j.erase("wall_samples_ms");
  for (Json& phase : j["phases"]) phase.erase("samples_ms");
  return j;
}

/// Google Benchmark's statistics of the repetitions: mean, median, sample standard deviation, coefficient of
/// variation (a fraction, aggregate_unit "percentage"), and our min and max.
struct Statistic {
  const char* name;
  bool fraction;
  std::function<double(const std::vector<double>&)> of;
};

double mean_of(const std::vector<double>& v) {
  double sum = 0;
  for (double x : v) sum += x;
  return v.empty() ? 0.0 : sum / static_cast<double>(v.size());
}

double stddev_of(const std::vector<double>& v) {
  if (v.size() < 2) return 0;
  const double mean = mean_of(v);
  double squares = 0;
  for (double x : v) squares += (x - mean) * (x - mean);
  return std::sqrt(squares / static_cast<double>(v.size() - 1));
}

const std::vector<Statistic>& statistics() {
  static const std::vector<Statistic> kStatistics = {
      {"mean", false, mean_of},
      {"median", false, [](const std::vector<double>& v) { return spread_of(v).median_ms; }},
      {"stddev", false, stddev_of},
      {"cv", true,
       [](const std::vector<double>& v) {
         const double mean = mean_of(v);
         return mean > 0 ? stddev_of(v) / mean : 0.0;
       }},
      {"min", false, [](const std::vector<double>& v) { return spread_of(v).min_ms; }},
      {"max", false, [](const std::vector<double>& v) { return spread_of(v).max_ms; }},
  };
  return kStatistics;
}

/// The entry keys Google Benchmark writes first, in its order.
Json entry_head(const std::string& name, const std::string& run_name, std::size_t family, const char* run_type,
                std::size_t repetitions) {
  Json e = Json::object();
  e["name"] = name;
  e["family_index"] = family;
  e["per_family_instance_index"] = 0;
  e["run_name"] = run_name;
  e["run_type"] = run_type;
  e["repetitions"] = repetitions;
  return e;
}

void add_times(Json& e, double real_ms) {
  e["iterations"] = 1;
  e["real_time"] = real_ms;
  e["cpu_time"] = real_ms;  // CPU time is not measured: the wall time stands in, as the schema says
  e["time_unit"] = "ms";
}

void add_entries(Json& benchmarks, const RunRecord& record, std::size_t family) {
  const std::string run_name = bench_entry_name(record);
  const std::vector<double> wall = record.wall_samples_ms.empty() ? std::vector<double>{record.wall_ms}
                                                                  : record.wall_samples_ms;
  auto phase_runs = [](const RunPhaseTotal& p) { return p.samples_ms.empty() ? std::vector<double>{p.ms} : p.samples_ms; };
  const Json apsp = record_without_runs(record);
  for (std::size_t run = 0; run < wall.size(); ++run) {
    Json e = entry_head(run_name, run_name, family, "iteration", wall.size());
    e["repetition_index"] = run;
    e["threads"] = 1;  // Google Benchmark's threads run the benchmark body; the solver's threads are in "apsp"
    add_times(e, wall[run]);
    for (const RunPhaseTotal& p : record.phases) {
      const std::vector<double> times = phase_runs(p);
      if (run < times.size()) e[p.phase + "_ms"] = times[run];
    }
    e["apsp"] = apsp;
    benchmarks.push_back(std::move(e));
  }
  if (wall.size() < 2) return;  // as Google Benchmark: aggregates only over repetitions
  for (const Statistic& s : statistics()) {
    Json e = entry_head(run_name + "_" + s.name, run_name, family, "aggregate", wall.size());
    e["threads"] = 1;
    e["aggregate_name"] = s.name;
    e["aggregate_unit"] = s.fraction ? "percentage" : "time";
    add_times(e, s.of(wall));
    for (const RunPhaseTotal& p : record.phases) e[p.phase + "_ms"] = s.of(phase_runs(p));
    e["apsp"] = Json{{"id", record.id}};
    benchmarks.push_back(std::move(e));
  }
}

}  // namespace

std::string bench_json(const std::vector<RunRecord>& records, const ExportContext& context) {
  Json document = Json::object();
  document["context"] = gbench_context(records, context);
  Json benchmarks = Json::array();
  for (std::size_t family = 0; family < records.size(); ++family) add_entries(benchmarks, records[family], family);
  document["benchmarks"] = std::move(benchmarks);
  return document.dump(2) + "\n";
}

}  // namespace apsp
