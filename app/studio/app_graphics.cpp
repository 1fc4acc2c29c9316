// The App's graphics lifetime: the window or EGL context, Dear ImGui and the fonts, and the platform's
// FrameGraphics (render/frame_graphics.h) with the heatmap's renderer, texture, min pyramid and feed; and
// what each frame draws with them.
#include <imgui.h>

#include <cfloat>
#include <system_error>

#include "app.h"
#include "render/colormap.h"
#include "render/frame_graphics.h"
#include "ui/heatmap_view_panel.h"

namespace apsp::studio {

void App::open_graphics() {
  PlatformOptions po;
  po.size = {m_plan.window_width, m_plan.window_height};
  po.scale_override = m_options.scale;
  po.vsync = true;
  std::string fallback_note;
  std::unique_ptr<Platform> platform = open_platform(po, m_options.headless, m_options.quit, fallback_note);
  if (!fallback_note.empty()) m_log.warning(fallback_note);
  open_graphics(std::move(platform));
}

void App::open_graphics(std::unique_ptr<Platform> platform) {
  m_platform = std::move(platform);
  m_wake_target = m_platform.get();
  m_graphics = m_platform->create_frame_graphics();
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
    // Dear ImGui opens its layout file with a blocking fopen: a FIFO there would hold the first frame.
    io.IniFilename = config_file_usable(m_ini_path, m_log) ? m_ini_path.c_str() : nullptr;
  }
  m_platform->init_imgui();
  m_graphics->init_imgui_renderer();
  m_imgui_ready = true;
  m_state.ui_scale = m_platform->content_scale();
  // The first frame's sizes from the window asked for; begin_ui_frame follows the display from then on.
  if (m_plan.window_width > 0 && m_plan.window_height > 0)
    io.DisplaySize = ImVec2(static_cast<float>(m_plan.window_width), static_cast<float>(m_plan.window_height));
  m_fonts = apply_theme(m_state.ui_scale, type_sizes(layout_input()));

  m_graphics->open_heatmap(m_log, *m_session);

  std::string colormap = m_plan.colormap;
  try {
    m_graphics->set_colormap(load_colormap(colormap));
  } catch (const std::exception& e) {
    m_log.warning(e.what());
    colormap = "viridis";
    m_graphics->set_colormap(builtin_colormap(colormap));
  }
  m_state.view.colormap = colormap;
  m_state.view.overlays = m_plan.overlays;
  m_state.view.grid = m_plan.grid;
  m_state.view.fixed_range = m_options.fix_colours.value_or(true);  // the session hears it from RunDriver
  m_state.playback.rounds_per_second = m_plan.rounds_per_second;
  if (m_options.play) m_commands.push(CmdSetPlaying{true});
  m_state.classroom.presentation = m_options.presentation;
  // An idle window sleeps on input: the worker wakes it for each snapshot, finished job and log line.
  m_session->set_wake_callback([platform = m_platform.get()] { platform->wake(); });
}

void App::shutdown_graphics() {
  // No wake-up may reach a platform about to go.
  if (m_session) m_session->set_wake_callback(nullptr);
  m_wake_target = nullptr;
  // GL objects first, while the context is still current; then Dear ImGui; then the context itself.
  if (m_graphics) m_graphics->close();
  if (m_imgui_ready) {
    m_platform->shutdown_imgui();
    ImGui::DestroyContext();
    m_imgui_ready = false;
  }
  m_graphics.reset();
  m_platform.reset();
}

void App::begin_ui_frame() {
  m_platform->new_frame();
  // A virtual display's pointer sits somewhere over the window: batch screenshots must not show its tooltips,
  // nor may a window show one before its user moved the pointer (the Dear ImGui backend reports a resting one).
  ImGuiIO& io = ImGui::GetIO();
  bool input = io.MouseWheel != 0 || io.MouseWheelH != 0;
  for (bool down : io.MouseDown) input = input || down;
  if (m_plan.batch || !m_hover_gate.open(ImGui::IsMousePosValid(&io.MousePos), io.MousePos.x, io.MousePos.y, input))
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  // Presentation type follows the window (ui/layout.h): a resize or P that wants other sizes rebuilds the fonts.
  const TypeSizes sizes = type_sizes(layout_input());
  const TypeSizes& had = m_fonts.sizes;
  if (sizes.body_px != had.body_px || sizes.heading_px != had.heading_px ||
      sizes.presentation_px != had.presentation_px || sizes.presentation_title_px != had.presentation_title_px) {
    m_fonts = apply_theme(m_state.ui_scale, sizes);
    m_graphics->fonts_changed();
  }
  m_graphics->new_frame();
  ImGui::NewFrame();
}

void App::update_heatmap() {
  // Batch runs wait for a device reduction only once the worker is done, so that they show the final state;
  // while solving they behave as the GUI does.
  const bool wait = m_plan.batch && m_session->idle();
  HeatmapShown update = m_graphics->update_heatmap(m_state.session, wait);
  if (update.size_changed) m_state.edits.view.fit_pending = true;
  m_state.heatmap_path = std::move(update.path);
  m_state.heatmap_path_reason = std::move(update.path_reason);
  const std::shared_ptr<const ViewFrame>& newest = m_state.session.view;
  m_view_pending = update.results_pending ||
                   (newest && newest->on_device && (!update.view || update.view->serial != newest->serial));
  // Panels see the view the texture shows, which on the device path lags the newest snapshot by a frame.
  m_state.session.view = std::move(update.view);
  const ViewFrame* shown = m_state.session.view.get();
  if (shown && shown->improved > 0 && shown != m_flashed) {
    m_flashed = shown;
    m_state.view.improved_since = m_state.time_s;
  }
}

void App::render_frame() {
  ImGui::Render();
  m_graphics->render(*m_platform, [this] {
    if (auto written = m_screenshot.capture(*m_platform, m_log)) m_state.last_written = *written;
    // Slides read the same framebuffer at the same point as the screenshot: a frame is that step's screenshot.
    m_frame_export.after_render(*m_platform, *m_session, m_state.session, !m_view_pending, m_log);
  });
  m_clock.end_work();
  m_platform->present();
}

double App::idle_wait_seconds() const {
  // Dear ImGui blinks a text field's cursor every 0.4 s; otherwise a frame a second is plenty: anything that
  // changes wakes the loop itself.
  constexpr double kIdleWaitS = 1.0;
  constexpr double kTextCursorWaitS = 0.2;
  return m_imgui_ready && ImGui::GetIO().WantTextInput ? kTextCursorWaitS : kIdleWaitS;
}

void App::set_colormap(const std::string& name) {
  try {
    m_graphics->set_colormap(load_colormap(name));
  } catch (const std::exception& e) {
    m_log.warning(e.what());  // a damaged data file: the heatmap keeps the colours it has
  }
}

const HeatmapFeed* App::feed() const { return m_graphics ? m_graphics->feed() : nullptr; }

void App::export_heatmap(const std::string& path) {
  m_graphics->export_heatmap(path, HeatmapViewPanel::overlay_for(m_state, true), m_options.heatmap_scale,
                             m_options.heatmap_labels, *m_platform,
                             m_log);
  m_state.last_written = path;
}

}  // namespace apsp::studio
