#include "app.h"

#include <apsp/solve/sparse_registry.h>

#include <apsp/bench/sweep_text.h>
#include <apsp/core/errors.h>
#include <apsp/core/format.h>
#include <apsp/io/atomic_file.h>
#include <apsp/report/export_context.h>
#include <apsp/core/version.h>
#include <apsp/history/run_facts.h>
#include <apsp/history/runs_file.h>
#include <apsp/device/device_info.h>
#include <apsp/solve/registry.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include <chart/sweep_charts.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <thread>

#include "session/multi_gpu_stats.h"
#include "ui/layout.h"
#include "session/classroom_fill.h"
#include "ui/panels.h"
#include "ui/window_fit.h"

namespace apsp::studio {
namespace {

// Whether a graph-view panel draws into StudioLayout::graph (issue 10 item 1, its own panel): until then the
// layout leaves it no room, so no empty area appears.

}  // namespace

App::App(const StudioOptions& options) : m_options(options) {
  m_log.set_echo(m_options.verbose);
  m_config_dir = config_directory();
  m_ini_path = (m_config_dir / "imgui.ini").string();
  // Batch runs neither read nor write the user's settings: the same flags must give the same images.
  if (!m_options.scripted()) m_settings = load_settings(m_config_dir / "settings.json", m_log);
  m_state.backends = list_backends();
  m_state.sparse_backends = list_sparse_backends();  // issue 13: listed after the Floyd–Warshall variants
  m_state.device.devices = cuda_devices(false);
  m_state.device.unavailable_reason = cuda_unavailable_reason();
  m_state.device.count = cuda_device_count();
  m_state.synthetic = SyntheticGpus(m_options.test.synthetic_gpus);
  m_plan = resolve_launch(m_options, m_settings,
                          LaunchMachine{m_state.backends, default_backend(), m_state.device.count,
                                        m_state.device.unavailable_reason, std::thread::hardware_concurrency()});
  m_state.edits.solver = m_plan.config;
  if (m_options.classroom.graph_view) m_state.classroom.graph_view = *m_options.classroom.graph_view;
  m_session = std::make_unique<SolverSession>(m_log, m_options.view_budget, m_plan.cpu_threads);
  // The sweep's thread wakes an idle frame loop when it has news; the platform exists only once graphics are open.
  m_sweep_job = std::make_unique<SweepJob>([this] {
    if (Platform* p = m_sweep_platform.load()) p->wake();
  });
  if (m_options.sweep) m_sweep_panel.show_spec(*m_options.sweep);
  m_counters_job = std::make_unique<CountersJob>([this] {
    if (Platform* p = m_sweep_platform.load()) p->wake();  // the same platform pointer: set while graphics are open
  });
  m_counters_unavailable = counters::counters_unavailable_reason();
  if (m_options.counters) m_counters_tab.rounds = *m_options.counters;
  // Issue 11 item 3: the run history (session/run_history.h).
  m_state.history.enabled = !m_options.no_history && history_enabled_by_environment();
  m_state.history.baseline_id = m_settings.baseline_run;
  m_recorder.load(m_state.history, m_log);
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
  m_sweep_job.reset();  // cancels and joins: no wake-up reaches the platform after this
  m_counters_job.reset();
  shutdown_graphics();
  m_session.reset();
}

void App::open_graphics() {
  PlatformOptions po;
  po.size = {m_plan.window_width, m_plan.window_height};
  po.scale_override = m_options.scale;
  po.vsync = true;
  std::string fallback_note;
  m_platform = open_platform(po, m_options.headless, m_options.quit, fallback_note);
  m_sweep_platform = m_platform.get();
  if (!fallback_note.empty()) m_log.warning(fallback_note);
  m_state.platform_description = m_platform->description();
  m_log.info(m_state.platform_description);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  if (m_plan.batch) {
    io.IniFilename = nullptr;
  } else {
    std::error_code ec;
    std::filesystem::create_directories(m_config_dir, ec);
    io.IniFilename = m_ini_path.c_str();
  }
  m_platform->init_imgui();
  ImGui_ImplOpenGL3_Init("#version 330 core");
  m_imgui_ready = true;
  m_state.ui_scale = m_platform->content_scale();
  m_fonts = apply_theme(m_state.ui_scale);

  m_renderer = std::make_unique<HeatmapRenderer>();
  m_texture = std::make_unique<HeatmapTexture>();
  m_pyramid = std::make_unique<MinPyramid>();
  m_heatmap_panel = std::make_unique<HeatmapViewPanel>();
  m_feed = std::make_unique<HeatmapFeed>(m_log, *m_session);

  std::string colormap = m_plan.colormap;
  try {
    m_renderer->set_colormap(load_colormap(colormap));
  } catch (const std::exception& e) {
    m_log.warning(e.what());
    colormap = "viridis";
  }
  m_state.view.colormap = colormap;
  m_state.view.overlays = m_plan.overlays;
  m_state.view.grid = m_plan.grid;
  m_state.playback.rounds_per_second = m_plan.rounds_per_second;
  if (m_options.play) m_commands.push(CmdSetPlaying{true});
  m_state.classroom.presentation = m_options.presentation;
  // An idle window sleeps on input: the worker wakes it for each snapshot, finished job and log line.
  m_session->set_wake_callback([platform = m_platform.get()] { platform->wake(); });
}

void App::shutdown_graphics() {
  // No wake-up may reach a platform about to go.
  if (m_session) m_session->set_wake_callback(nullptr);
  m_sweep_platform = nullptr;
  // GL objects first, while the context is still current; then Dear ImGui; then the context itself.
  m_heatmap_panel.reset();
  m_feed.reset();  // unregisters the texture from CUDA while both still exist
  m_pyramid.reset();
  m_texture.reset();
  m_renderer.reset();
  if (m_imgui_ready) {
    ImGui_ImplOpenGL3_Shutdown();
    m_platform->shutdown_imgui();
    ImGui::DestroyContext();
    m_imgui_ready = false;
  }
  m_platform.reset();
}

void App::update_heatmap() {
  const int old_n = m_texture->empty() ? -1 : m_texture->geometry().n;
  // Batch runs wait for a device reduction only once the worker is done, so that they show the final state;
  // while solving they behave as the GUI does.
  const bool wait = m_plan.batch && m_session->idle();
  m_feed->update(m_state.session, *m_texture, *m_pyramid, wait);
  if (!m_texture->empty() && m_texture->geometry().n != old_n) m_state.edits.view.fit_pending = true;
  m_state.heatmap_path = m_feed->path();
  m_state.heatmap_path_reason = m_feed->reason();
  const std::shared_ptr<const ViewFrame>& newest = m_state.session.view;
  m_view_pending = m_feed->device_results_pending() ||
                   (newest && newest->on_device && (!m_feed->shown() || m_feed->shown()->serial != newest->serial));
  // Panels see the view the texture shows, which on the device path lags the newest snapshot by a frame.
  m_state.session.view = m_feed->shown();
  const ViewFrame* shown = m_state.session.view.get();
  if (shown && shown->improved > 0 && shown != m_flashed) {
    m_flashed = shown;
    m_state.view.improved_since = m_state.time_s;
  }
}

void App::sync_graph_panel() {
  const SessionSnapshot& s = m_state.session;
  if (!s.has_graph || s.graph.source.label() == m_synced_graph) return;
  m_synced_graph = s.graph.source.label();
  m_platform->set_title("APSP Studio - " + s.graph.source.text);
  show_loaded_graph(m_state.edits.graph, s.graph.source);
  m_state.edits.solver.block = s.config.block;  // a classroom graph may have opened with its own block
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
    m_session->step_async(Granularity::Round, rounds);
    p.accumulator -= rounds;
  }
  p.accumulator = std::min(p.accumulator, 2.0);
}

void App::draw_ui() {
  ImGuiIO& io = ImGui::GetIO();
  const bool presentation = m_state.classroom.presentation;
  LayoutInput in;
  in.width = io.DisplaySize.x;
  in.height = io.DisplaySize.y;
  in.ui_scale = m_state.ui_scale;
  in.presentation = presentation;
  in.graph_view = GraphViewPanel::shows(m_state);  // the classroom column: graph view and pseudocode
  in.multi_gpu = multi_device_samples(plot_samples(m_state));
  const StudioLayout layout = compute_layout(in);
  m_window_fits.clear();
  m_display_size = {io.DisplaySize.x, io.DisplaySize.y};
  const ImGuiWindowFlags fixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  PanelEdits& edits = m_state.edits;
  auto place = [](const LayoutRect& r) {
    ImGui::SetNextWindowPos(ImVec2(r.x, r.y));
    ImGui::SetNextWindowSize(ImVec2(r.w, r.h));
  };

  if (!layout.controls.empty()) {
    place(layout.controls);
    if (ImGui::Begin("APSP Studio", nullptr, fixed)) {
      // Playback first: on a projector the controls used every minute must be above the fold.
      draw_playback_panel(m_state, m_commands);
      draw_timeline_panel(m_state, m_commands);
      draw_inspector_panel(m_state);
      draw_lessons_menu(m_state, m_commands);
      // Near the top, where it is seen: why a large graph has no graph view beside its heatmap.
      if (m_state.session.has_graph && m_state.classroom.graph_view && !GraphViewPanel::shows(m_state))
        ImGui::TextWrapped("%s", GraphViewPanel::hidden_note(m_state).c_str());
      else if (GraphViewPanel::shows(m_state) && layout.graph.empty())
        ImGui::TextWrapped("graph view: no room under the heatmap at this size and scale; P (presentation) shows it");
      draw_graph_panel(m_state, edits.graph, m_commands);
      draw_solver_panel(m_state, edits.solver, m_commands);
      draw_export_panel(m_state, edits.exports, m_commands);
      draw_history_panel(m_state, edits.history, m_commands);
      m_sweep_panel.draw_launcher(m_sweep);
      draw_status_panel(m_state);
    }
    ImGui::End();
  }

  place(layout.heatmap);
  // Presentation: large type for the back row, and no title bar (the title line says everything). From UI scale
  // 1.5 on the type is large already, and 1.6 times more would leave the matrix no room on a 1080 p projector.
  const bool large_type = presentation && m_state.ui_scale < 1.5f;
  if (large_type) ImGui::PushFont(m_fonts.large);
  if (ImGui::Begin("Distance matrix", nullptr,
                   fixed | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                       (presentation ? ImGuiWindowFlags_NoTitleBar : 0))) {
    m_heatmap_panel->draw(m_state, edits.view, m_commands, *m_renderer, *m_texture, *m_feed, m_fonts);
    m_window_fits.push_back(measure_current_window("Distance matrix"));
  }
  ImGui::End();
  if (large_type) ImGui::PopFont();
  // The classroom column (graph view over the pseudocode) at layout.graph, for graphs the graph view can draw.
  if (!layout.graph.empty()) draw_classroom_column(layout.graph, fixed);

  if (!layout.plots.empty()) {
    // Right column: live plots on top, the numbers (totals, samples, device) below, then the log.
    place(layout.plots);
    // The wheel zooms the plots: it must not scroll their window. --plots-tab picks a tab while the window settles.
    if (ImGui::Begin("Per round", nullptr, fixed | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
      draw_plots_panel(m_state, m_plots_tab_frames > 0 ? m_options.plots_tab : std::string(), [&] {
        const ImGuiTabItemFlags flags =
            m_plots_tab_frames > 0 && m_options.plots_tab == "counters" ? ImGuiTabItemFlags_SetSelected : 0;
        if (ImGui::BeginTabItem("Counters", nullptr, flags)) {
          draw_counters_tab(m_state, m_counters, m_counters_unavailable, m_counters_tab, m_commands);
          ImGui::EndTabItem();
        }
      });
      m_window_fits.push_back(measure_current_window("Per round"));
    }
    ImGui::End();
    if (m_plots_tab_frames > 0) --m_plots_tab_frames;
    place(layout.profile);
    if (ImGui::Begin("Profile", nullptr, fixed)) draw_timings_panel(m_state);
    ImGui::End();
    place(layout.log);
    if (ImGui::Begin("Log", nullptr, fixed)) draw_log_panel(m_log);
    ImGui::End();
  }

  m_sweep_panel.draw_window(m_state, m_sweep, m_commands);  // a window of its own, over the others while open
}

void App::draw_classroom_column(const LayoutRect& area, int window_flags) {
  const float graph_h = m_state.classroom.graph_view ? std::round(area.h * 0.64f) : 0.0f;
  if (m_state.classroom.graph_view) {
    ImGui::SetNextWindowPos(ImVec2(area.x, area.y));
    ImGui::SetNextWindowSize(ImVec2(area.w, graph_h));
    if (ImGui::Begin("Graph", nullptr, window_flags | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
      if (ImGui::SmallButton("hide")) m_commands.push(CmdSetGraphView{false});
      ImGui::SameLine();
      m_graph_view_panel.draw(m_state);
    }
    ImGui::End();
  }
  ImGui::SetNextWindowPos(ImVec2(area.x, area.y + graph_h));
  ImGui::SetNextWindowSize(ImVec2(area.w, area.h - graph_h));
  if (ImGui::Begin("Pseudocode", nullptr, window_flags | ImGuiWindowFlags_HorizontalScrollbar)) {
    if (!m_state.classroom.graph_view && ImGui::SmallButton("show the graph")) m_commands.push(CmdSetGraphView{true});
    draw_pseudocode_panel(m_state);
  }
  ImGui::End();
}

void App::start_frame_export(FrameExportRequest request, bool capture_now) {
  m_state.playback.playing = false;
  m_frame_export.start(std::move(request), capture_now, m_log);
}

void App::frame() {
  const double dt = m_clock.begin_frame(m_state.playback.playing || m_state.session.busy);
  m_state.time_s = m_clock.seconds_since_start();
  m_state.fps = m_clock.fps();

  m_platform->new_frame();
  // A virtual display's pointer sits somewhere over the window: batch screenshots must not show its tooltips.
  if (m_plan.batch) ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();

  for (std::string& path : m_platform->take_dropped_paths()) {
    m_commands.push(CmdLoadGraph{GraphSource{GraphSource::Kind::File, std::move(path)}});
  }
  m_state.session = m_session->snapshot();
  m_state.synthetic.update(m_state.session);
  fill_classroom(m_state.classroom, m_state.session.inspection);
  m_recorder.update(m_state.session, m_plan.cpu_threads, m_state.device.devices, m_state.history, m_log);
  // A failed job (negative cycle, int16 overflow) is already in the log; playing on would only repeat it.
  if (!m_plan.batch && m_session->take_failure()) m_state.playback.playing = false;
  update_heatmap();
  sync_graph_panel();
  update_sweep();
  update_counters();
  tick_playback(dt);
  handle_shortcut_keys(m_log, m_commands);
  draw_ui();
  ImGui::Render();

  Size fb = m_platform->framebuffer_size();
  glBindFramebuffer(GL_FRAMEBUFFER, m_platform->framebuffer());
  glViewport(0, 0, fb.width, fb.height);
  glClearColor(0.05f, 0.05f, 0.06f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (auto written = m_screenshot.capture(*m_platform, m_log)) m_state.last_written = *written;
  // Slides read the same framebuffer at the same point as the screenshot: a frame is that step's screenshot.
  m_frame_export.after_render(*m_platform, *m_session, m_state.session, !m_view_pending, m_log);
  m_clock.end_work();
  m_platform->present();

  for (const Command& c : m_commands.take()) {
    try {
      apply(c);
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

double App::idle_wait_seconds() const {
  // Dear ImGui blinks a text field's cursor every 0.4 s; otherwise a frame a second is plenty: anything that
  // changes wakes the loop itself.
  constexpr double kIdleWaitS = 1.0;
  constexpr double kTextCursorWaitS = 0.2;
  return m_imgui_ready && ImGui::GetIO().WantTextInput ? kTextCursorWaitS : kIdleWaitS;
}

void App::apply(const Command& command) {
  PlaybackState& playback = m_state.playback;
  std::visit(Overloaded{
                 [&](const CmdLoadGraph& c) {
                   // A new graph replaces the solve in progress: stop it rather than queue behind it.
                   playback.playing = false;
                   m_session->cancel();
                   if (m_state.view.fixed_range) {  // another graph's colour range means nothing here
                     m_state.view.fixed_range = false;
                     m_session->set_fixed_range_async(std::nullopt);
                   }
                   m_session->load_async(c.source, m_state.edits.solver, c.block_from_graph);
                 },
                 [&](const CmdSaveGraph& c) { m_session->save_graph_async(c.path); },
                 [&](const CmdConfigureSolver& c) {
                   playback.playing = false;
                   m_session->cancel();
                   m_session->configure_async(c.config);
                 },
                 [&](const CmdStep& c) {
                   playback.playing = false;
                   m_session->step_async(c.granularity);
                 },
                 [&](const CmdSetPlaying& c) {
                   playback.playing = c.playing;
                   playback.accumulator = 1.0;
                 },
                 [&](const CmdTogglePlaying&) {
                   bool was_playing = playback.playing;
                   playback.playing = !was_playing && !m_state.session.cursor.finished;
                   playback.accumulator = 1.0;  // the first round goes at once
                   // Pause means now: rounds already requested stop after the one in progress.
                   if (was_playing) m_session->cancel();
                 },
                 [&](const CmdSetSpeed& c) { playback.rounds_per_second = c.rounds_per_second; },
                 [&](const CmdRunToEnd&) {
                   playback.playing = false;
                   m_session->run_to_end_async();
                 },
                 [&](const CmdReset&) {
                   playback.playing = false;
                   m_session->reset_async();
                 },
                 [&](const CmdFitView&) {
                   m_state.edits.view.fit_pending = true;
                   m_state.edits.view.auto_fit = true;
                 },
                 [&](const CmdSetColormap& c) {
                   m_renderer->set_colormap(load_colormap(c.name));
                   m_state.view.colormap = c.name;
                 },
                 [&](const CmdSetOverlays& c) { m_state.view.overlays = c.on; },
                 [&](const CmdSetGrid& c) { m_state.view.grid = c.on; },
                 [&](const CmdFixColourRange& c) {
                   const auto& view = m_state.session.view;
                   m_state.view.fixed_range = c.fixed && view;
                   m_session->set_fixed_range_async(m_state.view.fixed_range ? std::optional<ValueRange>(view->range)
                                                                             : std::nullopt);
                 },
                 [&](const CmdScreenshot& c) { m_screenshot.request(c.path); },
                 [&](const CmdExportHeatmap& c) { export_heatmap(c.path); },
                 [&](const CmdExportTimings& c) { export_timings(c.path); },
                 [&](const CmdTogglePresentation&) {
                   m_state.classroom.presentation = !m_state.classroom.presentation;
                   m_state.edits.view.fit_pending = true;  // a new canvas size: fit again
                   m_state.edits.view.auto_fit = true;
                 },
                 [&](const CmdSetGraphView& c) { m_state.classroom.graph_view = c.on; },
                 [&](const CmdExportFrames& c) {
                   start_frame_export(FrameExportRequest{c.directory, c.gif_path, c.granularity}, false);
                 },
                 [&](const CmdSetBaseline& c) {
                   m_state.history.baseline_id = c.run_id;
                   m_settings.baseline_run = c.run_id;
                   m_log.info(c.run_id.empty() ? "baseline cleared" : "baseline: run " + c.run_id);
                 },
                 [&](const CmdExportDistances& c) {
                   export_distances(c.path, *m_session, false);
                   m_state.last_written = c.path;
                 },
                 [&](const CmdStartSweep& c) {
                   if (m_sweep_job->start(c.spec))
                     m_log.info("sweep started: " + std::to_string(c.spec.backends.size()) + " backend(s) x " +
                                std::to_string(c.spec.blocks.size()) + " block size(s) x " +
                                std::to_string(c.spec.gpus.size()) + " GPU count(s) x " +
                                std::to_string(c.spec.dtypes.size()) + " dtype(s) x " +
                                std::to_string(c.spec.sizes.size()) + " n");
                   else
                     m_log.warning("a sweep is already running");
                 },
                 [&](const CmdExportSweep& c) {
                   if (!m_sweep.report) throw UsageError("no sweep has ended yet: nothing to export");
                   export_sweep(*m_sweep.report, c);
                 },
                 [&](const CmdProfileCounters& c) { start_counters(c.rounds); },
                 [&](const CmdCancelCounters&) {
                   m_counters_job->cancel();
                   m_log.info("counters: cancel requested (stops after the phase in progress)");
                 },
                 [&](const CmdCancelSweep&) {
                   m_sweep_job->cancel();
                   m_log.info("sweep: cancel requested (stops after the solve in progress)");
                 },
                 [&](const CmdMeasure&) {
                   playback.playing = false;
                   m_session->cancel();
                   m_session->measure_async();
                 },
                 [&](const CmdExportTrace& c) {
                   export_trace(c.path, m_state.session, m_log);
                   m_state.last_written = c.path;
                 },
                 [&](const CmdSelectCell& c) {
                   m_state.classroom.selected = c.cell;
                   m_session->select_async(c.cell.i, c.cell.j);
                 },
                 [&](const CmdStepBack& c) {
                   playback.playing = false;
                   m_session->cancel();
                   m_session->back_async(c.unit, c.count);
                 },
                 [&](const CmdSeekStep& c) {
                   playback.playing = false;
                   m_session->cancel();
                   m_session->seek_async(c.index);
                 },
             },
             command);
}

void App::export_heatmap(const std::string& path) {
  export_heatmap_png(path, *m_renderer, *m_texture, HeatmapViewPanel::overlay_for(m_state, true),
                     m_options.heatmap_scale, *m_platform, m_log);
  m_state.last_written = path;
}

void App::export_timings(const std::string& path) {
  export_timings_csv(path, m_state.session, export_context(), m_log);
  m_state.last_written = path;
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

void App::start_counters(const std::string& rounds) {
  if (!m_counters_unavailable.empty()) {
    m_log.error("counters: unavailable: " + m_counters_unavailable);
    return;
  }
  const SessionSnapshot& session = m_state.session;
  if (!session.has_graph || !session.loaded_graph) throw UsageError("counters: load a graph first");
  if (session.busy) throw UsageError("counters: wait for the running job (its kernels would be counted in the ranges)");
  // The range profiler counts every kernel of the device's context inside a range, the session's too: no
  // playback while a profile runs.
  m_state.playback.playing = false;
  counters::CounterRequest request;
  request.backend = session.config.backend;
  request.options.block = session.config.block;
  request.options.dtype = session.config.dtype;
  request.options.gpus = session.config.gpus;
  request.rounds = counters::RoundSelection::parse(rounds, "counters rounds");
  if (!m_counters_job->start(session.loaded_graph, request)) {
    m_log.warning("counters: a profile is already running");
    return;
  }
  m_log.info("counters: profiling " + request.backend + " rounds " + request.rounds.to_string() +
             " (replays kernels: slow; the session's timings are untouched)");
}

void App::update_counters() {
  m_counters = m_counters_job->snapshot();
  if (m_counters.running || m_counters.generation == m_counters_logged) return;
  m_counters_logged = m_counters.generation;
  if (!m_counters.error.empty()) m_log.error("counters: " + m_counters.error);
  if (m_counters.report)
    m_log.info("counters: " + std::to_string(m_counters.report->phases.size()) + " phase(s) of " +
               m_counters.report->backend + " profiled, " + std::to_string(m_counters.report->passes) +
               " passes each");
}

void App::export_counters_csv(const std::string& path) {
  if (!m_counters.report) throw UsageError("no profile with counters: nothing to export");
  const counters::CounterReport& r = *m_counters.report;
  const ExportContext context = ExportContextBuilder()
                                    .solve(r.backend, r.options, r.n)
                                    .graph(m_state.session.graph.source.text)
                                    .device(r.device_name)
                                    .build();
  AtomicFile file(path);
  file.write(counters::counters_csv({r}, context));
  file.commit();
}

void App::update_sweep() {
  m_sweep = m_sweep_job->snapshot();
  if (!m_sweep.report || m_sweep.generation == m_sweep_logged) {
    if (!m_sweep.error.empty() && m_sweep.generation != m_sweep_logged) {
      m_log.error("sweep: " + m_sweep.error);
      m_sweep_logged = m_sweep.generation;
    }
    return;
  }
  // The sweep ended: its outcome in the log, one line per n with the best configuration and its spread.
  m_sweep_logged = m_sweep.generation;
  const bench::SweepReport& r = *m_sweep.report;
  m_log.info("sweep " + std::string(r.cancelled ? "cancelled" : "finished") + ": " + std::to_string(r.results.size()) +
             " measured, " + std::to_string(r.skipped.size()) + " skipped");
  for (const bench::SweepResult& x : r.results) {
    if (!x.best) continue;
    char spread[48];
    std::snprintf(spread, sizeof spread, " (spread %.1f %%%s)", x.time.spread_pct, x.time.noisy() ? ", noisy" : "");
    m_log.info("sweep best at n = " + std::to_string(x.config.n) + ": " + bench::describe(x.config) + ", median " +
               format_duration_ms(x.time.median_ms) + spread);
  }
}

void App::export_sweep(const bench::SweepReport& report, const std::string& csv_path, const std::string& chart_path) {
  export_sweep(report, CmdExportSweep{csv_path, chart_path, "", -1});
}

void App::export_sweep(const bench::SweepReport& report, const CmdExportSweep& files) {
  if (!files.results_csv.empty()) {
    AtomicFile file(files.results_csv);
    file.write(bench::sweep_results_csv(report));
    file.commit();
    m_state.last_written = files.results_csv;
    m_log.info("wrote the sweep's results to " + files.results_csv);
  }
  if (files.chart_png.empty() && files.chart_csv.empty()) return;
  std::vector<chart::Chart> charts = chart::sweep_charts(report);
  if (files.chart >= 0 && files.chart < static_cast<int>(charts.size()))
    charts = {charts[static_cast<std::size_t>(files.chart)]};
  if (charts.empty()) throw UsageError("no chart applies: each needs two or more block sizes, sizes n or GPU counts");
  if (!files.chart_png.empty()) {
    chart::write_charts_png(files.chart_png, charts);
    m_state.last_written = files.chart_png;
    m_log.info("wrote " + std::to_string(charts.size()) + " sweep chart(s) to " + files.chart_png);
  }
  if (!files.chart_csv.empty()) {
    chart::write_charts_csv(files.chart_csv, charts);
    m_state.last_written = files.chart_csv;
    m_log.info("wrote the sweep charts' data to " + files.chart_csv);
  }
}

}  // namespace apsp::studio
