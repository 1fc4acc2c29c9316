#include "app.h"

#include <apsp/core/errors.h>
#include <apsp/history/run_facts.h>
#include <apsp/history/runs_file.h>
#include <apsp/report/export_context.h>
#include <apsp/report/counters.h>
#include <apsp/device/device_info.h>
#include <apsp/solve/registry.h>
#include <apsp/solve/sparse_registry.h>

#include <algorithm>
#include <cmath>
#include <thread>

#include "counters_control.h"
#include "render/frame_graphics.h"
#include "session/classroom_fill.h"
#include "session/data_dir.h"
#include "session/step_position.h"
#include "sweep_control.h"
#include "ui/panels.h"

namespace apsp::studio {

App::App(const StudioOptions& options) : m_options(options) {
  m_log.set_echo(m_options.verbose);
  const DataDirLookup& data = data_dir();
  if (data.found) {
    m_log.info(data.describe());
  } else {
    m_log.warning(data.describe());
  }
  m_config_dir = config_directory();
  m_ini_path = (m_config_dir / "imgui.ini").string();
  // Batch runs neither read nor write the user's settings: the same flags must give the same images.
  if (!m_options.scripted()) m_settings = load_settings(m_config_dir / "settings.json", m_log);
  m_state.backends = list_backends();
  m_state.sparse_backends = list_sparse_backends();  // listed after the Floyd–Warshall variants
  m_state.device.devices = cuda_devices(false);
  m_state.device.unavailable_reason = cuda_unavailable_reason();
  m_state.device.count = cuda_device_count();
  m_state.synthetic = SyntheticGpus(m_options.test.synthetic_gpus);
  m_plan = resolve_launch(m_options, m_settings,
                          LaunchMachine{m_state.backends, default_backend(), m_state.device.count,
                                        m_state.device.unavailable_reason, std::thread::hardware_concurrency()});
  m_state.edits.solver = m_plan.config;
  if (m_options.classroom.graph_view) m_state.classroom.graph_view = *m_options.classroom.graph_view;
  if (m_options.classroom.show_pi) m_state.classroom.show_pi = *m_options.classroom.show_pi;
  m_state.graph_edit.mode = m_options.edit_mode;  // --edit-mode: the graph view opens in its edit mode
  m_session = std::make_unique<SolverSession>(m_log, m_options.view_budget, m_plan.cpu_threads);
  // The jobs' threads wake an idle frame loop when they have news; the platform exists only once graphics are open.
  auto wake = [this] {
    if (Platform* p = m_wake_target.load()) p->wake();
  };
  m_sweep = std::make_unique<SweepControl>(m_log, m_state, wake);
  if (m_options.sweep) m_sweep_panel.show_spec(*m_options.sweep);
  m_counters = std::make_unique<CountersControl>(m_log, m_state, counters::counters_unavailable_reason(), wake);
  if (m_options.counters) m_counters_tab.rounds = *m_options.counters;
  m_router = std::make_unique<CommandRouter>(
      CommandTargets{m_state, m_settings, m_log, *m_session, *m_sweep, *m_counters, *this});
  // The run history (session/run_history.h).
  m_state.history.enabled = !m_options.no_history && history_enabled_by_environment();
  m_state.history.baseline_id = m_settings.baseline_run;
  m_recorder.load(m_state.history, m_log);
  if (m_options.compare.size() == 2) pick_compared_runs();
}

void App::pick_compared_runs() {
  HistoryPanelState& picks = m_state.edits.history;
  try {
    picks.a_id = find_run(m_state.history.runs, m_options.compare[0]).id;
    picks.b_id = find_run(m_state.history.runs, m_options.compare[1]).id;
    picks.b_follows_newest = false;
    picks.reveal_frames = 3;
  } catch (const UsageError& e) {
    m_plan.usage_error = std::string("--compare: ") + e.what();  // exit 2 with this line, as a bad --gpus
  }
}

ExportContext App::export_context() const {
  const SessionSnapshot& s = m_state.session;
  const RunRecord facts = gui_run_record(s, m_plan.cpu_threads, m_state.device.devices);
  ExportContext context = apsp::export_context(facts);
  // The run the export belongs to: the last recorded one, while the solver is still the one that made it.
  const RunHistoryState& h = m_state.history;
  const bool same = !h.runs.empty() && h.runs.back().id == h.last_recorded_id && s.cursor.finished &&
                    h.runs.back().backend == s.config.backend && h.runs.back().block == s.config.block &&
                    h.runs.back().n == s.n;
  context.run_id = same ? h.last_recorded_id : "-";
  return context;
}

App::~App() {
  m_sweep.reset();  // cancels and joins: no wake-up reaches the platform after this
  m_counters.reset();
  shutdown_graphics();
  m_router.reset();
  m_session.reset();
}

void App::frame() {
  const double dt = m_clock.begin_frame(m_state.playback.playing || m_state.session.busy);
  m_state.time_s = m_clock.seconds_since_start();
  m_state.fps = m_clock.fps();
  begin_ui_frame();

  for (std::string& path : m_platform->take_dropped_paths()) {
    m_commands.push(CmdLoadGraph{GraphSource{GraphSource::Kind::File, std::move(path)}});
  }
  m_state.session = m_session->snapshot();
  m_state.synthetic.update(m_state.session);
  fill_classroom(m_state.classroom, m_state.session.inspection);
  advance_lesson(m_state.lesson, m_state.session, *m_session, m_log);  // a lesson stop asked for, once loaded
  m_recorder.update(m_state.session, m_plan.cpu_threads, m_state.device.devices, m_state.history, m_log);
  // A failed job (negative cycle, int16 overflow) is already in the log; playing on would only repeat it.
  if (!m_plan.batch && m_session->take_failure()) m_state.playback.playing = false;
  update_heatmap();
  sync_graph_panel();
  m_sweep->update();
  m_counters->update();
  tick_playback(dt);
  handle_shortcut_keys(m_state, m_log, m_commands);
  draw_ui();
  render_frame();
  apply_queued_commands();
}

void App::apply_queued_commands() {
  for (const Command& c : m_commands.take()) {
    try {
      m_router->apply(c);
    } catch (const std::exception& e) {
      m_log.error(e.what());
    }
  }
}

bool App::animating() const {
  const bool flashing = m_state.view.improved_since >= 0 && m_state.time_s - m_state.view.improved_since < 1.2;
  return m_state.playback.playing || m_state.session.busy || flashing || !m_commands.empty() || m_view_pending ||
         m_frame_export.active();
}

void App::tick_playback(double dt) {
  PlaybackState& p = m_state.playback;
  const SessionSnapshot& s = m_state.session;
  if (!p.playing) return;
  if (!s.has_solver || s.cursor.finished) {
    p.playing = false;
    p.accumulator = 0;
    return;
  }
  p.accumulator += dt * p.rounds_per_second;
  // Ask for the owed rounds only when the worker is free: a slow solver plays as fast as it can, never queues up.
  if (p.accumulator >= 1.0 && m_session->pending() == 0) {
    int rounds = static_cast<int>(std::floor(p.accumulator));
    m_session->step_async(step_unit(Granularity::Round, !plain_run(s)), rounds);
    p.accumulator -= rounds;
  }
  p.accumulator = std::min(p.accumulator, 2.0);
}

void App::sync_graph_panel() {
  const SessionSnapshot& s = m_state.session;
  if (!s.has_graph || s.graph.source.label() == m_synced_graph) return;
  m_synced_graph = s.graph.source.label();
  m_platform->set_title("APSP Studio - " + s.graph.source.text);
  show_loaded_graph(m_state.edits.graph, s.graph.source);
  m_state.edits.solver.block = s.config.block;  // a classroom graph may have opened with its own block
}

SweepJob& App::sweep_job() { return m_sweep->job(); }

CountersJob& App::counters_job() { return m_counters->job(); }

void App::export_sweep(const bench::SweepReport& report, const std::string& csv_path, const std::string& chart_path) {
  m_sweep->export_files(report, CmdExportSweep{csv_path, chart_path, "", -1});
}

void App::export_counters_csv(const std::string& path) { m_counters->export_csv(path); }

void App::start_frame_export(FrameExportRequest request, bool capture_now) {
  m_state.playback.playing = false;
  m_frame_export.start(std::move(request), capture_now, m_log);
}

void App::export_timings(const std::string& path) {
  export_timings_csv(path, m_state.session, export_context(), m_log);
  m_state.last_written = path;
}

void App::export_distances(const std::string& path) { apsp::studio::export_distances(path, *m_session); }

void App::export_trace(const std::string& path) {
  apsp::studio::export_trace(path, m_state.session, export_context().run, m_log);
}

void App::save_user_settings() {
  std::optional<std::pair<int, int>> window;  // headless: keep the saved window size
  if (m_platform && !m_platform->headless()) {
    const Size size = m_platform->window_size();
    window = {size.width, size.height};
  }
  m_settings = settings_to_save(std::move(m_settings), m_state, window);
  save_settings(m_config_dir / "settings.json", m_settings, m_log);
}

}  // namespace apsp::studio
