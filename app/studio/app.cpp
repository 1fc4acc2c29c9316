#include "app.h"

#include <apsp/history/run_facts.h>
#include <apsp/history/runs_file.h>
#include <apsp/solve/device_info.h>
#include <apsp/solve/registry.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <thread>

#include "session/multi_gpu_stats.h"
#include "ui/panels.h"

namespace apsp::studio {

App::App(const StudioOptions& options) : m_options(options) {
  m_log.set_echo(m_options.verbose);
  m_config_dir = config_directory();
  m_ini_path = (m_config_dir / "imgui.ini").string();
  // Batch runs neither read nor write the user's settings: the same flags must give the same images.
  if (!m_options.scripted()) m_settings = load_settings(m_config_dir / "settings.json", m_log);
  m_state.backends = list_backends();
  m_state.device.devices = cuda_devices(false);
  m_state.device.unavailable_reason = cuda_unavailable_reason();
  m_state.device.count = cuda_device_count();
  m_state.synthetic = SyntheticGpus(m_options.test.synthetic_gpus);
  m_plan = resolve_launch(m_options, m_settings,
                          LaunchMachine{m_state.backends, default_backend(), m_state.device.count,
                                        m_state.device.unavailable_reason, std::thread::hardware_concurrency()});
  m_state.edits.solver = m_plan.config;
  m_session = std::make_unique<SolverSession>(m_log, m_options.view_budget, m_plan.cpu_threads);
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
  // An idle window sleeps on input: the worker wakes it for each snapshot, finished job and log line.
  m_session->set_wake_callback([platform = m_platform.get()] { platform->wake(); });
}

void App::shutdown_graphics() {
  // No wake-up may reach a platform about to go.
  if (m_session) m_session->set_wake_callback(nullptr);
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
  const float s = m_state.ui_scale;
  ImVec2 display = io.DisplaySize;
  float left_w = std::clamp(display.x * 0.24f, 300.0f * s, 440.0f * s);
  float right_w = std::clamp(display.x * 0.30f, 370.0f * s, 560.0f * s);
  if (left_w + right_w > display.x * 0.6f) {
    left_w = display.x * 0.28f;
    right_w = display.x * 0.28f;
  }
  float center_w = display.x - left_w - right_w;
  const ImGuiWindowFlags fixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  PanelEdits& edits = m_state.edits;

  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(left_w, display.y));
  if (ImGui::Begin("APSP Studio", nullptr, fixed)) {
    // Playback first: on a projector the controls used every minute must be above the fold.
    draw_playback_panel(m_state, m_commands);
    draw_graph_panel(m_state, edits.graph, m_commands);
    draw_solver_panel(m_state, edits.solver, m_commands);
    draw_export_panel(m_state, edits.exports, m_commands);
    draw_history_panel(m_state, edits.history, m_commands);
    draw_status_panel(m_state);
  }
  ImGui::End();

  ImGui::SetNextWindowPos(ImVec2(left_w, 0));
  ImGui::SetNextWindowSize(ImVec2(center_w, display.y));
  if (ImGui::Begin("Distance matrix", nullptr,
                   fixed | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
    m_heatmap_panel->draw(m_state, edits.view, m_commands, *m_renderer, *m_texture, *m_feed, m_fonts);
  }
  ImGui::End();

  // Right column: live plots on top, the numbers (totals, samples, device) below, then the log.
  // Several GPUs: three plots per tab plus captions need more room than the single-device plots.
  const bool multi = multi_device_samples(plot_samples(m_state));
  float plots_h = std::round(display.y * (multi ? 0.62f : 0.50f));
  float profile_h = std::round(display.y * (multi ? 0.20f : 0.30f));
  ImGui::SetNextWindowPos(ImVec2(left_w + center_w, 0));
  ImGui::SetNextWindowSize(ImVec2(right_w, plots_h));
  if (ImGui::Begin("Per round", nullptr, fixed | ImGuiWindowFlags_NoScrollbar)) draw_plots_panel(m_state);
  ImGui::End();

  ImGui::SetNextWindowPos(ImVec2(left_w + center_w, plots_h));
  ImGui::SetNextWindowSize(ImVec2(right_w, profile_h));
  if (ImGui::Begin("Profile", nullptr, fixed)) draw_timings_panel(m_state);
  ImGui::End();

  ImGui::SetNextWindowPos(ImVec2(left_w + center_w, plots_h + profile_h));
  ImGui::SetNextWindowSize(ImVec2(right_w, display.y - plots_h - profile_h));
  if (ImGui::Begin("Log", nullptr, fixed)) draw_log_panel(m_log);
  ImGui::End();
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
  m_recorder.update(m_state.session, m_plan.cpu_threads, m_state.device.devices, m_state.history, m_log);
  // A failed job (negative cycle, int16 overflow) is already in the log; playing on would only repeat it.
  if (!m_plan.batch && m_session->take_failure()) m_state.playback.playing = false;
  update_heatmap();
  sync_graph_panel();
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
  return m_state.playback.playing || m_state.session.busy || flashing || !m_commands.empty() || m_view_pending;
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
                   m_session->load_async(c.source, m_state.edits.solver);
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
                 [&](const CmdSetBaseline& c) {
                   m_state.history.baseline_id = c.run_id;
                   m_settings.baseline_run = c.run_id;
                   m_log.info(c.run_id.empty() ? "baseline cleared" : "baseline: run " + c.run_id);
                 },
                 [&](const CmdExportDistances& c) {
                   export_distances(c.path, *m_session, false);
                   m_state.last_written = c.path;
                 },
             },
             command);
}

void App::export_heatmap(const std::string& path) {
  export_heatmap_png(path, *m_renderer, *m_texture, HeatmapViewPanel::overlay_for(m_state, true), *m_platform, m_log);
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

}  // namespace apsp::studio
