#include "app.h"

#include <apsp/core/errors.h>
#include <apsp/graph/generators.h>
#include <apsp/io/atomic_file.h>
#include <apsp/solve/device_info.h>
#include <apsp/solve/registry.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <atomic>
#include <cfloat>
#include <csignal>
#include <cmath>
#include <cstdio>
#include <thread>

#include "platform/gl_check.h"
#include "platform/image_io.h"
#include "platform/keys.h"
#include "session/multi_gpu_stats.h"
#include "ui/panels.h"

namespace apsp::studio {
namespace {

// Set by SIGINT / SIGTERM: the frame loop closes the window the normal way (settings, --log-file and
// --stats-json are still written) instead of dying mid-frame.
std::atomic<bool> g_stop_requested{false};
extern "C" void on_stop_signal(int) { g_stop_requested.store(true); }

/// A road-like grid: distances grow with the grid distance, so the heatmap shows clear structure that fills
/// in round by round. 16 x 32 = 512 vertices, 16 rounds at B = 32.
constexpr const char* kDemoGraph = "grid:rows=16,cols=32,seed=1,w=1:100";
constexpr int kDefaultBlock = 32;

// Scripted runs render a few frames before capturing so windows and tables have settled their sizes.
constexpr int kSettleFrames = 3;

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

}  // namespace

App::App(StudioOptions options) : m_options(std::move(options)) {
  m_start = std::chrono::steady_clock::now();
  m_last_frame = m_start;
  m_log.set_echo(m_options.verbose);
  m_config_dir = config_directory();
  m_ini_path = (m_config_dir / "imgui.ini").string();
  // Batch runs neither read nor write the user's settings: the same flags must give the same images.
  if (!m_options.scripted()) m_settings = load_settings(m_config_dir / "settings.json", m_log);
  // Interactive: leave one core to the frame loop (and to software GL) so the window stays responsive.
  unsigned cores = std::thread::hardware_concurrency();
  int threads = m_options.scripted() || cores < 2 ? 0 : static_cast<int>(cores) - 1;
  m_session = std::make_unique<SolverSession>(m_log, m_options.view_budget, threads);
  m_state.device.devices = cuda_devices(false);
  m_state.device.unavailable_reason = cuda_unavailable_reason();
  m_state.device.count = cuda_device_count();
  m_state.synthetic_gpus = m_options.synthetic_gpus;
}

App::~App() {
  shutdown_graphics();
  m_session.reset();
}

int App::load_initial_graph() {
  m_state.backends = list_backends();
  SolverConfig config;
  config.backend = !m_options.backend.empty()                             ? m_options.backend
                   : !m_options.scripted() && !m_settings.backend.empty() ? m_settings.backend
                                                                          : default_backend();
  config.block = m_options.block ? *m_options.block : (m_options.scripted() ? kDefaultBlock : m_settings.block);
  std::string dtype = m_options.dtype ? *m_options.dtype : (m_options.scripted() ? "i32" : m_settings.dtype);
  config.dtype = dtype == "i16" ? DType::I16 : DType::I32;

  // A remembered backend that cannot run here (settings from a GPU machine) falls back instead of failing.
  if (m_options.backend.empty()) {
    auto it = std::find_if(m_state.backends.begin(), m_state.backends.end(),
                           [&](const BackendInfo& b) { return b.name == config.backend; });
    if (it == m_state.backends.end() || !it->available) {
      if (it != m_state.backends.end()) m_log.warning(config.backend + " unavailable here: " + it->unavailable_reason);
      config.backend = default_backend();
    }
  }
  for (const BackendInfo& b : m_state.backends) {
    if (b.name == config.backend && !b.block_sizes.empty() && !m_options.block &&
        std::find(b.block_sizes.begin(), b.block_sizes.end(), config.block) == b.block_sizes.end()) {
      config.block = b.block_sizes.front();
    }
  }

  // GPU count: --gpus must be possible here (exit 2 otherwise, as for a bad block size); a remembered count
  // larger than this machine allows falls back to 1.
  auto chosen = std::find_if(m_state.backends.begin(), m_state.backends.end(),
                             [&](const BackendInfo& b) { return b.name == config.backend; });
  const GpuChoice choice = gpu_choice(m_state.device.count, m_state.device.unavailable_reason, config.backend,
                                      chosen != m_state.backends.end() && chosen->multi_gpu);
  if (m_options.gpus) {
    if (auto error = check_gpu_request(*m_options.gpus, choice)) {
      std::fprintf(stderr, "apsp-studio: %s\n", error->c_str());
      return 2;
    }
    config.gpus = *m_options.gpus;
  } else if (!m_options.scripted() && m_settings.gpus > 1) {
    if (auto error = check_gpu_request(m_settings.gpus, choice)) {
      m_log.warning("saved GPU count: " + *error + "; using 1");
    } else {
      config.gpus = m_settings.gpus;
    }
  }
  m_log.info(choice.reason.empty() ? "GPU count control: 1 to " + std::to_string(choice.max_gpus) + " GPUs"
                                   : "GPU count control greyed: " + choice.reason);
  m_state.edit_config = config;

  bool from_command_line = !m_options.graph_file.empty() || !m_options.gen_spec.empty();
  GraphSource source;
  if (!m_options.graph_file.empty()) {
    source = {GraphSource::Kind::File, m_options.graph_file};
  } else if (!m_options.gen_spec.empty()) {
    source = {GraphSource::Kind::Generator, m_options.gen_spec};
  } else if (!m_options.scripted() && !m_settings.graph.empty()) {
    source = {m_settings.graph_kind == "file" ? GraphSource::Kind::File : GraphSource::Kind::Generator,
              m_settings.graph};
  } else {
    source = {GraphSource::Kind::Generator, kDemoGraph};
  }
  m_session->load_async(source, config);
  m_session->wait_idle();
  if (auto failure = m_session->take_failure()) {
    if (from_command_line || m_options.scripted()) {
      std::fprintf(stderr, "apsp-studio: %s\n", failure->message.c_str());
      return failure->exit_code;
    }
    // A remembered graph that no longer loads: show the demo instead, the error stays in the log.
    m_session->load_async(GraphSource{GraphSource::Kind::Generator, kDemoGraph}, config);
    m_session->wait_idle();
    m_session->take_failure();
  }

  if (!m_options.advance.empty()) {
    if (m_options.advance == "all") {
      m_session->run_to_end_async();
    } else {
      int rounds = std::stoi(m_options.advance);
      if (rounds > 0) m_session->step_async(Granularity::Round, rounds);
    }
    m_session->wait_idle();
  }
  if (m_options.advance_phases > 0) {
    m_session->step_async(Granularity::Phase, m_options.advance_phases);
    m_session->wait_idle();
  }
  if (m_options.advance_k > 0) {
    m_session->step_async(Granularity::KStep, m_options.advance_k);
    m_session->wait_idle();
  }
  if (auto failure = m_session->take_failure()) {
    std::fprintf(stderr, "apsp-studio: %s\n", failure->message.c_str());
    return failure->exit_code;
  }
  return 0;
}

void App::init_graphics() {
  PlatformOptions po;
  po.size = {m_options.width, m_options.height};
  if (po.size.width == 0 && !m_options.scripted() && m_settings.window_width > 0) {
    po.size = {m_settings.window_width, m_settings.window_height};
  }
  po.scale_override = m_options.scale;
  po.vsync = true;
  if (m_options.headless) {
    m_platform = create_headless_platform(po);
  } else {
    try {
      m_platform = create_window_platform(po);
    } catch (const GlError& e) {
      // A batch run (--quit) on a machine without a display still has work to do: render offscreen instead.
      if (!m_options.quit) throw;
      try {
        m_platform = create_headless_platform(po);
      } catch (const GlError& headless_error) {
        throw GlError(std::string(e.what()) + "; headless fallback: " + headless_error.what());
      }
      m_log.warning(std::string(e.what()) + " -> rendering headless through EGL instead");
    }
  }
  m_state.platform_description = m_platform->description();
  m_log.info(m_state.platform_description);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  if (m_options.scripted()) {
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

  std::string colormap = m_options.colormap     ? *m_options.colormap
                         : m_options.scripted() ? std::string("viridis")
                                                : m_settings.colormap;
  try {
    m_renderer->set_colormap(load_colormap(colormap));
  } catch (const std::exception& e) {
    m_log.warning(e.what());
    colormap = "viridis";
  }
  m_state.view.colormap = colormap;
  m_state.view.overlays = m_options.overlays ? *m_options.overlays : (m_options.scripted() || m_settings.overlays);
  m_state.view.grid = m_options.scripted() || m_settings.grid;
  m_state.playback.rounds_per_second = m_options.rounds_per_second > 0 ? m_options.rounds_per_second
                                       : m_options.scripted()          ? 4.0f
                                                                       : m_settings.rounds_per_second;
  if (m_options.play) m_commands.push(CmdSetPlaying{true});
}

void App::shutdown_graphics() {
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
  // Last frame's hover request: the device path answers a frame later, the host path at once.
  if (m_state.hover.request) {
    m_state.hover.value = m_feed->texel_value(*m_state.hover.request);
    m_state.hover.value_index = *m_state.hover.request;
    m_state.hover.request.reset();
  }
  const int old_n = m_texture->empty() ? -1 : m_texture->geometry().n;
  // Batch runs wait for a device reduction only once the worker is done, so that they show the final state;
  // while solving they behave as the GUI does.
  const bool wait = m_options.scripted() && m_session->idle();
  m_feed->update(m_state.session, *m_texture, *m_pyramid, wait);
  if (!m_texture->empty() && m_texture->geometry().n != old_n) m_state.view.fit_pending = true;
  m_state.heatmap_path = m_feed->path();
  m_state.heatmap_path_reason = m_feed->reason();
  // Panels see the view the texture shows, which on the device path lags the newest snapshot by a frame.
  m_state.session.view = m_feed->shown();
  const ViewFrame* shown = m_state.session.view.get();
  if (shown && shown->improved > 0 && shown != m_flashed) {
    m_flashed = shown;
    m_state.view.improved_since = m_state.time_s;
  }
}

void App::update_synthetic_samples() {
  if (m_state.synthetic_gpus < 2 || m_state.session.version == m_synthetic_version) return;
  m_synthetic_version = m_state.session.version;
  const SessionSnapshot& s = m_state.session;
  const std::vector<GpuRowBand> bands =
      multi_gpu_row_bands(s.n, std::max(1, s.config.block), m_state.synthetic_gpus, s.config.dtype);
  m_state.synthetic_samples = synthesize_multi_gpu_samples(s.samples, bands, s.n, s.config.block);
}

void App::sync_graph_panel() {
  const SessionSnapshot& s = m_state.session;
  if (!s.has_graph || s.graph.source.label() == m_synced_graph) return;
  m_synced_graph = s.graph.source.label();
  m_platform->set_title("APSP Studio - " + s.graph.source.text);
  GraphPanelState& gp = m_state.graph_panel;
  if (s.graph.source.kind == GraphSource::Kind::File) {
    gp.open_path = s.graph.source.text;
    return;
  }
  // Show the loaded generator's model and parameters, so "Generate" after an edit changes only what was edited.
  try {
    GeneratorSpec spec = GeneratorSpec::parse(s.graph.source.text);
    const auto& models = generator_models();
    for (std::size_t i = 0; i < models.size(); ++i) {
      if (models[i].name != spec.model) continue;
      gp.model_index = static_cast<int>(i);
      auto& values = gp.params[spec.model];
      for (const GeneratorParam& p : models[i].params) {
        auto it = spec.params.find(p.key);
        values[p.key] = it != spec.params.end() ? it->second : p.default_value;
      }
    }
  } catch (const std::exception&) {
    // Not a parseable spec: leave the panel as the user left it.
  }
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

void App::handle_keys() {
  ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;
  // Each shortcut says what it did in the log: the class sees why the matrix changed.
  if (ImGui::IsKeyPressed(keys::kSpace, false)) {
    m_log.info("key Space: play / pause");
    m_commands.push(CmdTogglePlaying{});
  }
  if (ImGui::IsKeyPressed(keys::kRight, true)) {
    m_log.info(io.KeyShift ? "key Shift+Right: step one round" : "key Right: step one phase");
    m_commands.push(CmdStep{io.KeyShift ? Granularity::Round : Granularity::Phase});
  }
  if (ImGui::IsKeyPressed(keys::kR, false)) {
    m_log.info("key R: reset");
    m_commands.push(CmdReset{});
  }
  if (ImGui::IsKeyPressed(keys::kF, false)) {
    m_log.info("key F: fit the view");
    m_commands.push(CmdFitView{});
  }
  if (ImGui::IsKeyPressed(keys::kF12, false)) {
    m_log.info("key F12: screenshot");
    m_commands.push(CmdScreenshot{});
  }
}

void install_stop_signals() {
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
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

  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(left_w, display.y));
  if (ImGui::Begin("APSP Studio", nullptr, fixed)) {
    // Playback first: on a projector the controls used every minute must be above the fold.
    draw_playback_panel(m_state, m_commands);
    draw_graph_panel(m_state, m_commands);
    draw_solver_panel(m_state, m_commands);
    draw_export_panel(m_state, m_commands);
    draw_status_panel(m_state);
  }
  ImGui::End();

  ImGui::SetNextWindowPos(ImVec2(left_w, 0));
  ImGui::SetNextWindowSize(ImVec2(center_w, display.y));
  if (ImGui::Begin("Distance matrix", nullptr,
                   fixed | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
    m_heatmap_panel->draw(m_state, m_commands, *m_renderer, *m_texture, m_fonts);
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
  auto now = std::chrono::steady_clock::now();
  double dt = std::chrono::duration<double>(now - m_last_frame).count();
  m_last_frame = now;
  m_state.time_s = std::chrono::duration<double>(now - m_start).count();
  // Frame times matter while something moves; idle frames wait for input on purpose.
  bool active = m_state.playback.playing || m_state.session.busy;
  if (active && m_frame_ms.size() < 1'000'000) m_frame_ms.push_back(static_cast<float>(dt * 1000.0));
  if (active && m_frame_work_ms.size() < m_frame_ms.size() && m_last_work_ms > 0) {
    m_frame_work_ms.push_back(static_cast<float>(m_last_work_ms));
  }
  m_fps_accum += static_cast<float>(dt);
  if (++m_fps_frames >= 20) {
    m_state.fps = m_fps_accum > 0 ? static_cast<float>(m_fps_frames) / m_fps_accum : 0;
    m_fps_accum = 0;
    m_fps_frames = 0;
  }

  m_platform->new_frame();
  // A virtual display's pointer sits somewhere over the window: batch screenshots must not show its tooltips.
  if (m_options.scripted()) ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();

  for (std::string& path : m_platform->take_dropped_paths()) {
    m_commands.push(CmdLoadGraph{GraphSource{GraphSource::Kind::File, std::move(path)}});
  }
  m_state.session = m_session->snapshot();
  update_synthetic_samples();
  // A failed job (negative cycle, int16 overflow) is already in the log; playing on would only repeat it.
  if (!m_options.scripted() && m_session->take_failure()) m_state.playback.playing = false;
  update_heatmap();
  sync_graph_panel();
  tick_playback(dt);
  handle_keys();
  draw_ui();
  ImGui::Render();

  Size fb = m_platform->framebuffer_size();
  glBindFramebuffer(GL_FRAMEBUFFER, m_platform->framebuffer());
  glViewport(0, 0, fb.width, fb.height);
  glClearColor(0.05f, 0.05f, 0.06f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

  if (!m_screenshot_path.empty()) {
    std::string path = std::exchange(m_screenshot_path, {});
    try {
      write_png(path, read_framebuffer(m_platform->framebuffer(), m_platform->read_buffer(), fb.width, fb.height));
      m_log.info("screenshot written to " + path);
      m_state.exports.last_written = path;
    } catch (const std::exception& e) {
      m_screenshot_error = e.what();
      m_log.error(std::string("screenshot: ") + e.what());
    }
  }
  m_last_work_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - now).count();
  m_platform->present();

  for (const Command& c : m_commands.take()) {
    try {
      apply(c);
    } catch (const std::exception& e) {
      m_log.error(e.what());
    }
  }
}

void App::apply(const Command& command) {
  std::visit(Overloaded{
                 [&](const CmdLoadGraph& c) {
                   // A new graph replaces the solve in progress: stop it rather than queue behind it.
                   m_state.playback.playing = false;
                   m_session->cancel();
                   if (m_state.view.fixed_range) {  // another graph's colour range means nothing here
                     m_state.view.fixed_range = false;
                     m_session->set_fixed_range_async(std::nullopt);
                   }
                   m_session->load_async(c.source, m_state.edit_config);
                 },
                 [&](const CmdSaveGraph& c) { m_session->save_graph_async(c.path); },
                 [&](const CmdConfigureSolver& c) {
                   m_state.playback.playing = false;
                   m_session->cancel();
                   m_session->configure_async(c.config);
                 },
                 [&](const CmdStep& c) {
                   m_state.playback.playing = false;
                   m_session->step_async(c.granularity);
                 },
                 [&](const CmdSetPlaying& c) {
                   m_state.playback.playing = c.playing;
                   m_state.playback.accumulator = 1.0;
                 },
                 [&](const CmdTogglePlaying&) {
                   bool was_playing = m_state.playback.playing;
                   m_state.playback.playing = !was_playing && !m_state.session.cursor.finished;
                   m_state.playback.accumulator = 1.0;  // the first round goes at once
                   // Pause means now: rounds already requested stop after the one in progress.
                   if (was_playing) m_session->cancel();
                 },
                 [&](const CmdRunToEnd&) {
                   m_state.playback.playing = false;
                   m_session->run_to_end_async();
                 },
                 [&](const CmdReset&) {
                   m_state.playback.playing = false;
                   m_session->reset_async();
                 },
                 [&](const CmdFitView&) {
                   m_state.view.fit_pending = true;
                   m_state.view.auto_fit = true;
                 },
                 [&](const CmdSetColormap& c) {
                   m_renderer->set_colormap(load_colormap(c.name));
                   m_state.view.colormap = c.name;
                 },
                 [&](const CmdFixColourRange& c) {
                   const auto& view = m_state.session.view;
                   m_state.view.fixed_range = c.fixed && view;
                   m_session->set_fixed_range_async(m_state.view.fixed_range ? std::optional<ValueRange>(view->range)
                                                                             : std::nullopt);
                 },
                 [&](const CmdScreenshot& c) { m_screenshot_path = c.path.empty() ? next_screenshot_path() : c.path; },
                 [&](const CmdExportHeatmap& c) { export_heatmap(c.path); },
                 [&](const CmdExportTimings& c) { export_timings(c.path); },
                 [&](const CmdExportDistances& c) { export_distances(c.path); },
             },
             command);
}

void App::export_heatmap(const std::string& path) {
  if (m_texture->empty()) throw Error(path + ": no heatmap to export (no graph loaded)");
  RgbaImage image = m_renderer->render_image(*m_texture, HeatmapViewPanel::overlay_for(m_state, true));
  glBindFramebuffer(GL_FRAMEBUFFER, m_platform->framebuffer());
  write_png(path, image);
  m_state.exports.last_written = path;
  m_log.info("heatmap written to " + path + " (" + std::to_string(image.width) + " x " + std::to_string(image.height) +
             (m_texture->geometry().tiled() ? ", tile minimum)" : ", one pixel per cell)"));
}

void App::export_timings(const std::string& path) {
  ProfileLog log;
  for (const PhaseSample& s : m_state.session.samples) log.add(s);
  write_timings_csv(path, m_state.session.config.backend, m_state.session.config.block, log);
  m_state.exports.last_written = path;
  m_log.info("timings written to " + path + " (" + std::to_string(log.samples().size()) + " rows)");
}

void App::export_distances(const std::string& path) {
  // The worker reads the matrix back and writes it; errors reach the log (and a batch run's exit status).
  m_session->save_distances_async(path);
  m_state.exports.last_written = path;
}

void App::frames_until_idle() {
  while (!m_session->idle()) frame();
  frame();  // the final view
}

int App::write_scripted_outputs() {
  int status = 0;
  auto attempt = [&](const char* what, auto&& fn) {
    try {
      fn();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "apsp-studio: %s: %s\n", what, e.what());
      if (status == 0) status = exit_code(e);
    }
  };
  if (!m_options.heatmap_png.empty()) attempt("--heatmap-png", [&] { export_heatmap(m_options.heatmap_png); });
  if (!m_options.timings_csv.empty()) attempt("--timings-csv", [&] { export_timings(m_options.timings_csv); });
  if (!m_options.distances.empty()) {
    attempt("--distances", [&] {
      m_session->save_distances_async(m_options.distances);
      m_session->wait_idle();
      if (auto failure = m_session->take_failure()) throw Error(failure->message);
    });
  }
  if (!m_screenshot_error.empty()) {
    std::fprintf(stderr, "apsp-studio: --screenshot: %s\n", m_screenshot_error.c_str());
    if (status == 0) status = 1;
  }
  return status;
}

void App::save_user_settings() {
  const SessionSnapshot& s = m_state.session;
  if (s.has_graph) {
    m_settings.graph_kind = s.graph.source.kind == GraphSource::Kind::File ? "file" : "gen";
    m_settings.graph = s.graph.source.text;
  }
  if (s.has_solver) {
    m_settings.backend = s.config.backend;
    m_settings.block = s.config.block;
    m_settings.dtype = std::string(to_string(s.config.dtype));
    m_settings.gpus = s.config.gpus;
  }
  m_settings.colormap = m_state.view.colormap;
  m_settings.overlays = m_state.view.overlays;
  m_settings.grid = m_state.view.grid;
  m_settings.rounds_per_second = m_state.playback.rounds_per_second;
  if (m_platform && !m_platform->headless()) {
    Size w = m_platform->window_size();
    m_settings.window_width = w.width;
    m_settings.window_height = w.height;
  }
  save_settings(m_config_dir / "settings.json", m_settings, m_log);
}

int App::run() {
  if (int status = load_initial_graph(); status != 0) return status;
  try {
    init_graphics();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "apsp-studio: %s\n", e.what());
    return 1;
  }

  int status = 0;
  if (m_options.scripted()) {
    frame();
    // The first frame may have switched the heatmap to the device path, which republishes the view: let that
    // finish, so the frames below (waiting for the GPU once the worker is idle) show the final state.
    m_session->wait_idle();
    if (m_options.run_to_end) {
      m_session->run_to_end_async();
      frames_until_idle();
      m_state.session = m_session->snapshot();
      m_solve_first_ms = m_state.session.last_step_ms;
      if (m_options.stats_view_off) measure_view_off();
      log_frame_summary();
    }
    if (!m_options.gui_open.empty()) {
      m_commands.push(CmdLoadGraph{GraphSource{GraphSource::Kind::File, m_options.gui_open}});
      frame();
      m_session->wait_idle();
      m_session->take_failure();  // the GUI path reports in the log and keeps running
    }
    for (int i = 0; i < kSettleFrames; ++i) frame();
    if (!m_options.screenshot.empty()) m_screenshot_path = m_options.screenshot;
    frame();
    status = write_scripted_outputs();
  } else {
    if (!m_options.gui_open.empty()) {
      m_commands.push(CmdLoadGraph{GraphSource{GraphSource::Kind::File, m_options.gui_open}});
    }
    if (m_options.gui_screenshot) m_commands.push(CmdScreenshot{});
    if (m_options.run_to_end) m_commands.push(CmdRunToEnd{});
    bool outputs_pending = !m_options.screenshot.empty() || !m_options.heatmap_png.empty() ||
                           !m_options.timings_csv.empty() || !m_options.distances.empty();
    // Outputs are written once the window has settled, or on the last frame when --frames bounds the run.
    int output_frame = m_options.frames > 0 ? std::max(m_options.frames - 1, kSettleFrames) : kSettleFrames;
    int frames = 0;
    while (!m_platform->should_close()) {
      const SessionSnapshot& s = m_state.session;
      bool flashing = m_state.view.improved_since >= 0 && m_state.time_s - m_state.view.improved_since < 1.2;
      bool animating = m_state.playback.playing || s.busy || flashing || !m_commands.empty() || frames < 5;
      if (!animating) m_platform->wait_events(0.1);
      if (outputs_pending && frames == output_frame) {
        if (!m_options.screenshot.empty()) m_screenshot_path = m_options.screenshot;
      }
      frame();
      if (outputs_pending && frames == output_frame) {
        write_scripted_outputs();
        outputs_pending = false;
      }
      ++frames;
      if (m_options.frames > 0 && frames >= m_options.frames) m_platform->request_close();
      if (g_stop_requested.load()) m_platform->request_close();
    }
    save_user_settings();
    log_frame_summary();
  }
  if (!m_options.stats_json.empty()) {
    try {
      write_stats_json(m_options.stats_json, collect_stats());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "apsp-studio: --stats-json: %s\n", e.what());
      if (status == 0) status = 1;
    }
  }
  if (!m_options.log_file.empty()) {
    try {
      AtomicFile file(m_options.log_file);
      file.write(m_log.to_text());
      file.commit();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "apsp-studio: --log-file: %s\n", e.what());
      if (status == 0) status = 1;
    }
  }
  return status;
}

}  // namespace apsp::studio
