#include "session/run_history.h"

#include <apsp/core/format.h>
#include <apsp/history/run_compare.h>
#include <apsp/history/run_facts.h>
#include <apsp/history/runs_file.h>
#include <apsp/profile/profile.h>

#include <algorithm>
#include <map>

#include "session/log.h"
#include "session/solver_session.h"

namespace apsp::studio {

RunRecord gui_run_record(const SessionSnapshot& s, int cpu_threads, const std::vector<DeviceInfo>& devices) {
  ProfileLog profile;
  std::map<int, double> compute_by_device;
  for (const PhaseSample& sample : s.samples) {
    profile.add(sample);
    if (is_compute(sample.phase)) compute_by_device[sample.device] += sample.ms;
  }
  double wall_ms = 0;
  for (const auto& [device, ms] : compute_by_device) wall_ms = std::max(wall_ms, ms);
  RunDescription what;
  what.source = "gui";
  what.backend = s.config.backend;
  what.gpu_backend = false;  // the devices come from @p devices below, not from a new CUDA query
  what.block = s.config.block;
  what.gpus = s.config.gpus;
  what.dtype = std::string(to_string(s.config.dtype));
  what.threads = cpu_threads;
  what.n = s.n;
  what.graph = s.graph.source.text;
  if (s.graph.source.kind == GraphSource::Kind::File) what.graph_file = s.graph.source.text;
  what.context = collect_run_context(cpu_threads, s.gpu_solver);  // gpu_backend stays false: devices come below
  RunRecord record = make_run_record(what, profile, wall_ms);
  if (s.gpu_solver) {
    // One GPU: the device the session runs on; several: the first ones, as the multi-GPU solver takes them.
    const int first = s.config.gpus == 1 && s.cuda_device >= 0 ? s.cuda_device : 0;
    for (int d = first; d < static_cast<int>(devices.size()) && d < first + s.config.gpus; ++d) {
      const DeviceInfo& info = devices[static_cast<std::size_t>(d)];
      record.devices.push_back({info.name, info.sm_count, info.sm_clock_khz, info.driver_version});
    }
  }
  return record;
}

void RunRecorder::load(RunHistoryState& state, Log& log) const {
  try {
    RunsFile file = read_runs(runs_file_path());
    for (const std::string& w : file.warnings) log.warning(w);
    state.runs = std::move(file.runs);
  } catch (const std::exception& e) {
    log.warning(std::string("run history not read: ") + e.what());
  }
}

void RunRecorder::update(const SessionSnapshot& s, int cpu_threads, const std::vector<DeviceInfo>& devices,
                         RunHistoryState& state, Log& log) {
  if (!s.has_solver || !s.cursor.finished) {
    m_recorded = false;  // a reset or a new solver: its end will be a new run
    return;
  }
  if (m_recorded || s.busy || !s.stopped.empty() || s.samples.empty()) return;
  m_recorded = true;
  RunRecord record = gui_run_record(s, cpu_threads, devices);
  if (state.enabled) {
    const std::string warning = try_append_run(record, true);
    if (!warning.empty()) {
      log.warning(warning);
    } else {
      state.last_recorded_id = record.id;
    }
  }
  std::string line = "run " + record.id + ": " + record.backend + ", block " + std::to_string(record.block) + ", " +
                     record.dtype + ", n = " + std::to_string(record.n) + ": compute " +
                     format_duration_ms(record.wall_ms);
  if (!state.baseline_id.empty()) {
    for (const RunRecord& b : state.runs)
      if (b.id == state.baseline_id) line += " (compute " + format_change_against(b, record) + " against the baseline)";
  }
  log.info(line + (state.enabled ? "" : " (history off: not recorded)"));
  state.runs.push_back(std::move(record));
}

}  // namespace apsp::studio
