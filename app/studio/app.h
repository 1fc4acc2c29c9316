#pragma once
// The studio's frame: owns the platform, the GL renderer, the solver session and the UI state; one frame is
// input, the session's new snapshot into the heatmap, the UI pass, render, then the Commands the UI emitted
// applied. What starts it and what it runs for (a batch run's outputs, an interactive run's window) is
// RunDriver's (run_driver.h); what it starts with is resolve_launch()'s (launch.h).
#include <atomic>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
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
#include "session/run_stats.h"
#include "session/settings.h"
#include "session/solver_session.h"
#include "session/counters_job.h"
#include "session/sweep_job.h"
#include "slides/frame_export.h"
#include "ui/graph_view_panel.h"
#include "ui/heatmap_view_panel.h"
#include "ui/layout.h"
#include "ui/counters_panel.h"
#include "ui/sweep_panel.h"
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
  /// @brief The UI's size in UI units (0 x 0 before the window opened).
  std::pair<float, float> display_size() const { return m_display_size; }
  /// @brief The last frame's non-scrolling windows and whether their contents fit (--stats-json "layout").
  const std::vector<WindowFit>& window_fits() const { return m_window_fits; }
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
  /// @brief Slides: frames of the run from now to its end (slides/frame_export.h). @p capture_now: this frame
  /// is settled already (batch runs). Throws apsp::Error when the directory or GIF cannot be made.
  void start_frame_export(FrameExportRequest request, bool capture_now);
  const FrameExporter& frame_export() const { return m_frame_export; }
  /// @brief Interactive runs at exit: settings for the next launch.
  void save_user_settings();
  /// @brief The Counters tab's job (session/counters_job.h): started by CmdProfileCounters or --counters.
  CountersJob& counters_job() { return *m_counters_job; }
  /// @brief The CSV of the last profile's report at @p path (the export context and apsp profile --csv's
  /// columns). Throws UsageError when no profile has counters.
  void export_counters_csv(const std::string& path);
  /// @brief The Sweep window's job (session/sweep_job.h): started by CmdStartSweep or a scripted --sweep.
  SweepJob& sweep_job() { return *m_sweep_job; }
  /// @brief --sweep-csv and --sweep-chart of the ended sweep @p report (empty paths are skipped). Throws.
  void export_sweep(const bench::SweepReport& report, const std::string& csv_path, const std::string& chart_path);
  /// @brief The Sweep window's exports (CmdExportSweep) of the ended sweep. Throws.
  void export_sweep(const bench::SweepReport& report, const CmdExportSweep& files);

 private:
  void shutdown_graphics();
  void draw_ui();
  /// @brief The graph view over the pseudocode panel, in a column of @p width at @p x (issue 10).
  void draw_classroom_column(const LayoutRect& area, int window_flags);
  void tick_playback(double dt);
  void update_heatmap();
  void sync_graph_panel();
  void apply(const Command& command);
  /// @brief The sweep job's snapshot for this frame; logs a sweep's end once.
  void update_sweep();
  /// @brief The counters job's snapshot for this frame (issue 12); logs a profile's end once.
  void update_counters();
  /// @brief CmdProfileCounters: starts a profile of the loaded graph with the active configuration, or says in
  /// the log why not (no GPU / CUPTI, a profile running).
  void start_counters(const std::string& rounds);

  StudioOptions m_options;
  Log m_log;
  Settings m_settings;
  std::filesystem::path m_config_dir;
  std::string m_ini_path;
  LaunchPlan m_plan;
  std::unique_ptr<SolverSession> m_session;

  std::unique_ptr<Platform> m_platform;
  bool m_imgui_ready = false;
  int m_plots_tab_frames = 3;  ///< frames that still select --plots-tab (a tab bar takes a frame to settle)
  std::unique_ptr<HeatmapRenderer> m_renderer;
  std::unique_ptr<HeatmapTexture> m_texture;
  std::unique_ptr<MinPyramid> m_pyramid;
  std::unique_ptr<HeatmapFeed> m_feed;
  const ViewFrame* m_flashed = nullptr;  ///< last shown view whose improved cells were flashed
  bool m_view_pending = false;           ///< device path: the newest view is not on screen yet
  std::unique_ptr<HeatmapViewPanel> m_heatmap_panel;
  GraphViewPanel m_graph_view_panel;  ///< issue 10: the graph beside the heatmap (layout cached per graph)
  FrameExporter m_frame_export;       ///< issue 10: slides
  Fonts m_fonts;

  AppState m_state;
  CommandQueue m_commands;
  ScreenshotRequest m_screenshot;
  std::string m_synced_graph;  ///< source the graph panel and the window title were last filled from
  FrameClock m_clock;
  // Sweep (issue 11): the job runs on its own thread; the frame reads a snapshot of it.
  std::unique_ptr<SweepJob> m_sweep_job;
  std::atomic<Platform*> m_sweep_platform{nullptr};  ///< what the sweep's thread wakes (set while graphics are open)
  SweepPanel m_sweep_panel;
  SweepJobSnapshot m_sweep;
  std::uint64_t m_sweep_logged = 0;  ///< generation of the last sweep whose end was logged
  // Hardware counters (issue 12): a profile on its own thread and solver; the Counters tab reads a snapshot.
  std::unique_ptr<CountersJob> m_counters_job;
  CountersJobSnapshot m_counters;
  CountersTabState m_counters_tab;
  std::string m_counters_unavailable;       ///< counters::counters_unavailable_reason(), asked once
  std::uint64_t m_counters_logged = 0;      ///< generation of the last profile whose end was logged
  std::vector<WindowFit> m_window_fits;
  std::pair<float, float> m_display_size{0.0f, 0.0f};
  RunRecorder m_recorder;  ///< appends each finished run to the history (session/run_history.h)
};

}  // namespace apsp::studio
