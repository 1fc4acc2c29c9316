#include <apsp/device/device_info.h>
#include <apsp/history/run_facts.h>
#include <apsp/io/atomic_file.h>
#include <apsp/report/trace.h>
#include <apsp/solve/registry.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>

namespace apsp {
namespace {

using nlohmann::json;

/// Chrome-trace process id of a sample's device: the CUDA ordinal, or 0 for the CPU.
int process_of(const PhaseSample& s, const TraceContext& c) { return c.on_gpu ? s.device : 0; }

/// The process of host slices in a GPU run's trace (CUDA ordinals are far below it).
constexpr int kHostProcess = 1000;

std::string process_name(int pid, const TraceContext& c) {
  if (!c.on_gpu) return "CPU";
  if (pid == kHostProcess) return "host";
  const auto it = c.device_names.find(pid);
  return "GPU " + std::to_string(pid) + (it != c.device_names.end() ? " (" + it->second + ")" : std::string());
}

/// "compute", "copy" or "comm": lets a trace viewer colour and filter by kind.
const char* category(Phase p) {
  if (is_compute(p)) return "compute";
  if (p == Phase::Comm) return "comm";
  return "copy";
}

json metadata(const char* what, int pid, int tid, json args) {
  return json{{"ph", "M"}, {"name", what}, {"pid", pid}, {"tid", tid}, {"args", std::move(args)}};
}

}  // namespace

TraceContext trace_context_for(std::string_view backend, const SolverOptions& options, int n, const RunContext& run) {
  TraceContext c;
  c.on_gpu = backend_info(std::string(backend)).gpu;
  std::vector<RunDevice> devices;
  if (c.on_gpu) {
    for (const DeviceInfo& d : cuda_devices(false)) {
      c.device_names[d.index] = d.name;
      if (static_cast<int>(devices.size()) < options.gpus) devices.push_back(RunDevice{d.name});
    }
  }
  ExportContextBuilder context;
  context.solve(backend, options, n).device_of(devices, c.on_gpu ? "" : cpu_model());
  if (run.collected) context.run_context(run);
  static_cast<ExportContext&>(c) = context.build();
  return c;
}

std::string trace_json(const std::vector<PhaseSample>& samples, const TraceContext& c) {
  json events = json::array();
  std::set<std::pair<int, int>> tracks;  // (pid, tid) that hold a slice, named below
  // Host work before the time reference would have a negative ts: everything moves right by as much.
  double shift_us = 0;
  for (const HostSlice& h : c.host_slices) shift_us = std::max(shift_us, -h.start_us);
  const int host_pid = c.on_gpu ? kHostProcess : 0;
  for (const HostSlice& h : c.host_slices) {
    tracks.emplace(host_pid, static_cast<int>(Track::Main));
    events.push_back(json{{"name", h.name},
                          {"cat", "host"},
                          {"ph", "X"},
                          {"ts", h.start_us + shift_us},
                          {"dur", h.ms * 1000.0},
                          {"pid", host_pid},
                          {"tid", static_cast<int>(Track::Main)},
                          {"args", {{"ms", h.ms}}}});
  }
  for (const PhaseSample& s : samples) {
    if (s.start_us < 0) continue;
    const int pid = process_of(s, c);
    const int tid = static_cast<int>(s.track);
    tracks.emplace(pid, tid);
    json args = {{"round", s.round},     {"phase", std::string(to_string(s.phase))},
                 {"device", s.device},   {"bytes", s.bytes},
                 {"updates", s.updates}, {"k_steps", s.k_steps},
                 {"ms", s.ms},           {"stream", std::string(to_string(s.track))}};
    if (s.ms > 0 && s.bytes > 0) args["gb_per_s"] = s.gb_per_s();
    // On the CPU the upload is the copy into the solver's own matrix: no device on either side.
    const std::string name = !c.on_gpu && s.phase == Phase::Upload ? "copy into the solver" : std::string(label(s.phase));
    events.push_back(json{{"name", name},
                          {"cat", category(s.phase)},
                          {"ph", "X"},
                          {"ts", s.start_us + shift_us},
                          {"dur", s.ms * 1000.0},
                          {"pid", pid},
                          {"tid", tid},
                          {"args", std::move(args)}});
  }
  std::set<int> processes;
  for (const auto& [pid, tid] : tracks) {
    if (processes.insert(pid).second) {
      events.push_back(metadata("process_name", pid, 0, {{"name", process_name(pid, c)}}));
      events.push_back(metadata("process_sort_index", pid, 0, {{"sort_index", pid}}));
    }
    events.push_back(metadata("thread_name", pid, tid, {{"name", std::string(to_string(static_cast<Track>(tid)))}}));
    events.push_back(metadata("thread_sort_index", pid, tid, {{"sort_index", tid}}));
  }
  json other = context_json(c);
  other["time_axis"] = c.on_gpu ? "CUDA events from one reference event per device, recorded at reset"
                                : "steady clock from reset";
  if (shift_us > 0) other["time_axis_shift_us"] = shift_us;  // host work before the reset, at ts 0
  const json doc = {{"traceEvents", std::move(events)}, {"displayTimeUnit", "ms"}, {"otherData", std::move(other)}};
  return doc.dump(1) + "\n";
}

void write_trace(const std::string& path, const std::vector<PhaseSample>& samples, const TraceContext& context) {
  const std::string text = trace_json(samples, context);
  AtomicFile file(path);
  file.write(text);
  file.commit();
}

}  // namespace apsp
