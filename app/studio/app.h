#pragma once
// The studio's frame loop: owns the platform, the GL renderer, the solver session and the UI state; applies
// the commands the panels emit; runs the scripted flags (--advance, --screenshot, --heatmap-png, ...).
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "options.h"
#include "platform/platform.h"
#include "render/heatmap_feed.h"
#include "render/heatmap_renderer.h"
#include "render/heatmap_texture.h"
#include "render/min_pyramid.h"
#include "session/app_state.h"
#include "session/commands.h"
#include "session/log.h"
#include "session/run_stats.h"
#include "session/settings.h"
#include "session/solver_session.h"
#include "ui/heatmap_view_panel.h"
#include "ui/theme.h"

namespace apsp::studio {

/// @brief SIGINT / SIGTERM close the window like the close button (settings and requested files are written).
void install_stop_signals();

class App {
 public:
  explicit App(StudioOptions options);
  ~App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  /// @brief Runs to the end; returns the process exit status.
  int run();

 private:
  int load_initial_graph();
  void init_graphics();
  void shutdown_graphics();
  void frame();
  void draw_ui();
  void handle_keys();
  void tick_playback(double dt);
  void update_heatmap();
  /// @brief Batch runs: renders frames until the session has nothing left to do.
  void frames_until_idle();
  /// @brief --stats-view-off: the same solve again with view updates off, then on, timed by the worker.
  void measure_view_off();
  RunStats collect_stats() const;
  void apply(const Command& command);
  int write_scripted_outputs();
  void export_heatmap(const std::string& path);
  void export_timings(const std::string& path);
  void export_distances(const std::string& path);
  void save_user_settings();
  void log_frame_summary();
  void sync_graph_panel();
  /// @brief --synthetic-gpus: remakes the made-up multi-GPU samples when the session published new ones.
  void update_synthetic_samples();

  StudioOptions m_options;
  Log m_log;
  Settings m_settings;
  std::filesystem::path m_config_dir;
  std::string m_ini_path;
  std::unique_ptr<SolverSession> m_session;

  std::unique_ptr<Platform> m_platform;
  bool m_imgui_ready = false;
  std::unique_ptr<HeatmapRenderer> m_renderer;
  std::unique_ptr<HeatmapTexture> m_texture;
  std::unique_ptr<MinPyramid> m_pyramid;
  std::unique_ptr<HeatmapFeed> m_feed;
  const ViewFrame* m_flashed = nullptr;  ///< last shown view whose improved cells were flashed
  std::unique_ptr<HeatmapViewPanel> m_heatmap_panel;
  Fonts m_fonts;

  AppState m_state;
  CommandQueue m_commands;
  std::uint64_t m_synthetic_version = ~std::uint64_t{0};
  std::string m_synced_graph;     ///< source the graph panel and the window title were last filled from
  std::string m_screenshot_path;  ///< captured at the end of the next rendered frame
  std::string m_screenshot_error;
  std::chrono::steady_clock::time_point m_start;
  std::chrono::steady_clock::time_point m_last_frame;
  std::vector<float> m_frame_ms;       ///< every active frame's duration, for the exit summary and the stats
  std::vector<float> m_frame_work_ms;  ///< the same frames without the wait for the display
  double m_last_work_ms = 0;
  std::optional<double> m_solve_first_ms;
  std::optional<double> m_solve_view_on_ms;
  std::optional<double> m_solve_view_off_ms;
  std::vector<double> m_solve_view_on_runs;
  std::vector<double> m_solve_view_off_runs;
  float m_fps_accum = 0;
  int m_fps_frames = 0;
};

}  // namespace apsp::studio
