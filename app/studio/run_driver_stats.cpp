// The run's statistics: frame and heatmap-update times, solve times with the view on and off (--stats-json,
// the exit summary in the log).
#include <apsp/device/device_info.h>
#include <apsp/solve/measure.h>

#include <algorithm>
#include <cstdio>

#include "render/heatmap_feed.h"
#include "run_driver.h"
#include "session/counters_job.h"
#include "session/step_position.h"

namespace apsp::studio {
namespace {

// --stats-view-off: solves with the view off and on, alternating.
constexpr int kViewOffPairs = 3;

/// What the solver runs on: "cpu", the CUDA device's name, or "N x name" for a multi-GPU run.
std::string describe_solver_device(const SessionSnapshot& s, const std::vector<DeviceInfo>& devices) {
  if (!s.has_solver || devices.empty() || !s.gpu_solver) return "cpu";
  const int index = s.cuda_device >= 0 ? s.cuda_device : 0;
  const auto it = std::find_if(devices.begin(), devices.end(), [&](const DeviceInfo& d) { return d.index == index; });
  const std::string name = it != devices.end() ? it->name : devices.front().name;
  return s.config.gpus > 1 ? std::to_string(s.config.gpus) + " x " + name : name;
}

}  // namespace

void RunDriver::measure_view_off() {
  SolverSession& session = m_app.session();
  m_solve_first_ms = session.snapshot().last_step_ms;
  // Alternating pairs, medians reported: one solve at n = 16384 is a few hundred ms, where clocks and the
  // other process on the GPU (the GL driver) add noise of the order of the effect measured.
  for (int pair = 0; pair < kViewOffPairs; ++pair) {
    for (bool view_on : {false, true}) {
      session.set_view_updates_async(view_on);
      session.reset_async();
      session.run_to_end_async();
      frames_until_idle();
      (view_on ? m_solve_view_on_runs : m_solve_view_off_runs).push_back(session.snapshot().last_step_ms);
    }
  }
  m_solve_view_on_ms = summarize(m_solve_view_on_runs).median;
  m_solve_view_off_ms = summarize(m_solve_view_off_runs).median;
  const TimeSpread on = spread_of(m_solve_view_on_runs), off = spread_of(m_solve_view_off_runs);
  char line[256];
  std::snprintf(line, sizeof line,
                "solve with the view on %.1f ms, off %.1f ms (medians of %d, ratio %.3f; spread %.1f%% / %.1f%%%s)",
                *m_solve_view_on_ms, *m_solve_view_off_ms, kViewOffPairs,
                *m_solve_view_off_ms > 0 ? *m_solve_view_on_ms / *m_solve_view_off_ms : 0.0, on.spread_pct,
                off.spread_pct, on.noisy() || off.noisy() ? ", noisy: the ratio may be noise" : "");
  m_app.log().info(line);
}

RunStats RunDriver::collect_stats() const {
  RunStats r;
  const AppState& state = m_app.state();
  const SessionSnapshot& s = state.session;
  const HeatmapFeed* feed = m_app.feed();
  r.context = m_app.export_context();
  r.path = feed ? feed->path() : "";
  r.path_reason = feed ? feed->reason() : "";
  r.backend = s.config.backend;
  r.block = s.config.block;
  r.dtype = std::string(to_string(s.config.dtype));
  r.n = s.n;
  r.rounds = s.rounds;
  r.sparse = s.sparse;
  r.device = describe_solver_device(s, state.device.devices);
  r.gl_renderer = state.platform_description;
  r.windows = m_app.window_fits();
  r.layout_type = m_app.layout_type();
  r.display_w = m_app.display_size().first;
  r.display_h = m_app.display_size().second;
  if (s.view) {
    r.view_rows = s.view->geometry.rows;
    r.view_cols = s.view->geometry.cols;
  }
  const FrameClock& clock = m_app.clock();
  r.frame_ms.assign(clock.frame_ms().begin(), clock.frame_ms().end());
  r.frame_work_ms.assign(clock.work_ms().begin(), clock.work_ms().end());
  r.frames_rendered = clock.frames();
  r.idle_frames = clock.idle_frames();
  r.idle_seconds = clock.idle_seconds();
  if (feed) {
    for (const HeatmapUpdateTiming& t : feed->timings()) {
      r.update_ms.push_back(t.total_ms);
      if (feed->interop_active()) {
        r.update_gpu_reduce_ms.push_back(t.gpu_reduce_ms);
        r.update_gpu_encode_ms.push_back(t.gpu_encode_ms);
        r.update_map_unmap_ms.push_back(t.map_unmap_ms);
      } else {
        r.update_host_encode_ms.push_back(t.host_encode_ms);
        r.update_upload_ms.push_back(t.upload_ms);
      }
    }
  }
  r.solve_first_ms = m_solve_first_ms;
  r.solve_view_on_ms = m_solve_view_on_ms;
  r.solve_view_off_ms = m_solve_view_off_ms;
  r.solve_view_on_runs_ms = m_solve_view_on_runs;
  r.solve_view_off_runs_ms = m_solve_view_off_runs;
  r.solve_last_run_to_end_ms = s.last_run_to_end_ms;
  r.solve_last_run = s.last_run;
  r.measure = s.measure;
  if (state.predict.on || s.quiz)
    r.quiz = quiz_stats_json(state.predict, s.quiz.get(), quiz_run_of(s.n, s.config.block, !plain_run(s)), s.cursor);
  if (m_options.counters) {
    const CountersJobSnapshot job = m_app.counters_job().snapshot();
    CountersStats c;
    c.rounds = *m_options.counters;
    c.reason = counters::counters_unavailable_reason();
    if (!c.reason.empty()) {
      c.status = "unavailable";
    } else if (job.report) {
      c.status = job.error.empty() ? "ok" : "error";
      c.reason = job.error;
      c.backend = job.report->backend;
      c.phases = static_cast<int>(job.report->phases.size());
      c.passes = job.report->passes;
    } else {
      c.status = job.error.rfind("hardware counters unavailable", 0) == 0 ? "unavailable" : "error";
      c.reason = job.error;
    }
    r.counters = c;
  }
  return r;
}

void RunDriver::log_frame_summary() {
  const std::vector<float>& frame_ms = m_app.clock().frame_ms();
  if (frame_ms.empty()) return;
  std::vector<float> ms = frame_ms;
  std::sort(ms.begin(), ms.end());
  char line[160];
  std::snprintf(line, sizeof line, "%zu frames while playing or solving: median %.1f ms, p95 %.1f ms, max %.1f ms",
                ms.size(), ms[ms.size() / 2], ms[ms.size() * 95 / 100], ms.back());
  m_app.log().info(line);
}

}  // namespace apsp::studio
