#pragma once
// The studio's frame: owns the platform, the GL renderer, the solver session and the UI state; one frame is
// input, the session's new snapshot into the heatmap, the UI pass, render, then the Commands the UI emitted
// applied. What starts it and what it runs for (a batch run's outputs, an interactive run's window) is
// RunDriver's (run_driver.h); what it starts with is resolve_launch()'s (launch.h).
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "export_commands.h"
#include "frame_clock.h"
#include "launch.h"
#include "options.h"
#include "platform/platform.h"
#include "render/heatmap_feed.h"
#include "render/heatmap_renderer.h"
#include "render/heatmap_texture.h"
#include "render/min_pyramid.h"
#include "session/app_state.h"
#include "session/commands.h"
#include "session/log.h"
#include "session/settings.h"
#include "session/solver_session.h"
#include "ui/heatmap_view_panel.h"
#include "ui/theme.h"

namespace apsp::studio {

class App {
 public:
  /// @brief Reads the saved settings (interactive runs), resolves the launch and starts the solver's worker.
  explicit App(const StudioOptions& options);
  ~App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  const LaunchPlan& plan() const { return m_plan; }
  /// @brief Opens the window or EGL context (platform/open_platform) and the renderer. Throws on failure.
  void open_graphics();
  /// @brief One frame: input, heatmap update, UI pass, render, present, then the queued Commands applied.
  void frame();

  SolverSession& session() { return *m_session; }
  Log& log() { return m_log; }
  Platform& platform() { return *m_platform; }
  const AppState& state() const { return m_state; }
  CommandQueue& commands() { return m_commands; }
  const HeatmapFeed* feed() const { return m_feed.get(); }
  const FrameClock& clock() const { return m_clock; }
  /// @brief Something still moves (playing, solving, the improved cells' flash, queued commands, a device
  /// view on its way): the loop renders frame after frame. Otherwise it may sleep until input.
  bool animating() const;
  /// @brief How long an idle frame loop may sleep without input: long, or short while a text field's cursor
  /// blinks. The session and the stop watcher wake it early (Platform::wake()).
  double idle_wait_seconds() const;
  /// @brief The scripted outputs: written at once, with errors thrown (batch) or logged (commands).
  void export_heatmap(const std::string& path);
  void export_timings(const std::string& path);
  /// @brief What the exports say about the run (export_context.h): the session's solver, graph and machine, and
  /// the run-history id of the run they belong to ("-" when it was not recorded).
  ExportContext export_context() const;
  /// @brief A screenshot of the next frame (F12 and the button ask through CmdScreenshot, after the frame).
  void request_screenshot(const std::string& path) { m_screenshot.request(path); }
  const std::string& screenshot_error() const { return m_screenshot.error(); }
  /// @brief Interactive runs at exit: settings for the next launch.
  void save_user_settings();

 private:
  void shutdown_graphics();
  void draw_ui();
  void tick_playback(double dt);
  void update_heatmap();
  void sync_graph_panel();
  void apply(const Command& command);

  StudioOptions m_options;
  Log m_log;
  Settings m_settings;
  std::filesystem::path m_config_dir;
  std::string m_ini_path;
  LaunchPlan m_plan;
  std::unique_ptr<SolverSession> m_session;

  std::unique_ptr<Platform> m_platform;
  bool m_imgui_ready = false;
  std::unique_ptr<HeatmapRenderer> m_renderer;
  std::unique_ptr<HeatmapTexture> m_texture;
  std::unique_ptr<MinPyramid> m_pyramid;
  std::unique_ptr<HeatmapFeed> m_feed;
  const ViewFrame* m_flashed = nullptr;  ///< last shown view whose improved cells were flashed
  bool m_view_pending = false;           ///< device path: the newest view is not on screen yet
  std::unique_ptr<HeatmapViewPanel> m_heatmap_panel;
  Fonts m_fonts;

  AppState m_state;
  CommandQueue m_commands;
  ScreenshotRequest m_screenshot;
  std::string m_synced_graph;  ///< source the graph panel and the window title were last filled from
  FrameClock m_clock;
  RunRecorder m_recorder;  ///< appends each finished run to the history (session/run_history.h)
};

}  // namespace apsp::studio
