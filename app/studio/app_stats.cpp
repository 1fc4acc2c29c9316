// The App's statistics: frame and heatmap-update times, solve times with the view on and off (--stats-json,
// the exit summary in the log).
#include <apsp/solve/device_info.h>

#include <algorithm>
#include <cstdio>

#include "app.h"

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

void App::measure_view_off() {
  m_solve_first_ms = m_state.session.last_step_ms;
  // Alternating pairs, medians reported: one solve at n = 16384 is a few hundred ms, where clocks and the
  // other process on the GPU (the GL driver) add noise of the order of the effect measured.
  for (int pair = 0; pair < kViewOffPairs; ++pair) {
    for (bool view_on : {false, true}) {
      m_session->set_view_updates_async(view_on);
      m_session->reset_async();
      m_session->run_to_end_async();
      frames_until_idle();
      m_state.session = m_session->snapshot();
      (view_on ? m_solve_view_on_runs : m_solve_view_off_runs).push_back(m_state.session.last_step_ms);
    }
  }
  m_solve_view_on_ms = summarize(m_solve_view_on_runs).median;
  m_solve_view_off_ms = summarize(m_solve_view_off_runs).median;
  char line[160];
  std::snprintf(line, sizeof line, "solve with the view on %.1f ms, off %.1f ms (medians of %d, ratio %.3f)",
                *m_solve_view_on_ms, *m_solve_view_off_ms, kViewOffPairs,
                *m_solve_view_off_ms > 0 ? *m_solve_view_on_ms / *m_solve_view_off_ms : 0.0);
  m_log.info(line);
}

RunStats App::collect_stats() const {
  RunStats r;
  const SessionSnapshot& s = m_state.session;
  r.path = m_feed ? m_feed->path() : "";
  r.path_reason = m_feed ? m_feed->reason() : "";
  r.backend = s.config.backend;
  r.block = s.config.block;
  r.dtype = std::string(to_string(s.config.dtype));
  r.n = s.n;
  r.rounds = s.rounds;
  r.device = describe_solver_device(s, m_state.device.devices);
  r.gl_renderer = m_state.platform_description;
  if (s.view) {
    r.view_rows = s.view->geometry.rows;
    r.view_cols = s.view->geometry.cols;
  }
  r.frame_ms.assign(m_frame_ms.begin(), m_frame_ms.end());
  r.frame_work_ms.assign(m_frame_work_ms.begin(), m_frame_work_ms.end());
  if (m_feed) {
    for (const HeatmapUpdateTiming& t : m_feed->timings()) {
      r.update_ms.push_back(t.total_ms);
      if (m_feed->interop_active()) {
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
  return r;
}

void App::log_frame_summary() {
  if (m_frame_ms.empty()) return;
  std::vector<float> ms = m_frame_ms;
  std::sort(ms.begin(), ms.end());
  char line[160];
  std::snprintf(line, sizeof line, "%zu frames while playing or solving: median %.1f ms, p95 %.1f ms, max %.1f ms",
                ms.size(), ms[ms.size() / 2], ms[ms.size() * 95 / 100], ms.back());
  m_log.info(line);
}

}  // namespace apsp::studio
