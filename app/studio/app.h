#pragma once
// The studio's frame: owns the platform, the graphics, the solver session and the UI state; one frame is
// input, the session's new snapshot into the heatmap, the UI pass, render, then the Commands the UI emitted
// carried out by the CommandRouter. What starts it and what it runs for (a batch run's outputs, an interactive
// run's window) is RunDriver's (run_driver.h); what it starts with is resolve_launch()'s (launch.h).
//
// Its rooms: app.cpp (construction, the frame, the exports' context), app_graphics.cpp (the window or EGL
// context, Dear ImGui; the heatmap's GL objects and rendering sit behind the platform's FrameGraphics,
// render/frame_graphics.h), app_layout.cpp (the windows and where they sit), command_router*.cpp (what each
// Command does), sweep_control / counters_control (the background jobs).
#include <atomic>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "command_router.h"
#include "export_commands.h"
#include "frame_clock.h"
#include "launch.h"
#include "options.h"
#include "session/run_stats.h"
#include "ui/counters_panel.h"
#include "ui/graph_view_panel.h"
#include "ui/hover_gate.h"
#include "ui/sweep_panel.h"
#include "ui/theme.h"

namespace apsp::studio {

class CountersControl;
class CountersJob;
class FrameGraphics;
class HeatmapFeed;
class SweepControl;
class SweepJob;
struct LayoutRect;

class App : private FrameActions {
 public:
  /// @brief Reads the saved settings (interactive runs), resolves the launch and starts the solver's worker.
  explicit App(const StudioOptions& options);
  ~App() override;
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  const LaunchPlan& plan() const { return m_plan; }
  /// @brief Opens the window or EGL context (platform/open_platform) and the renderer. Throws on failure.
  void open_graphics();
  /// @brief Opens the graphics on @p platform, which picks what draws the frames (tests pass a mock platform).
  void open_graphics(std::unique_ptr<Platform> platform);
  /// @brief One frame: input, heatmap update, UI pass, render, present, then the queued Commands applied.
  void frame();

  SolverSession& session() { return *m_session; }
  Log& log() { return m_log; }
  Platform& platform() { return *m_platform; }
  const AppState& state() const { return m_state; }
  /// @brief The edits of the loaded graph: --edit starts them before the first frame (run_driver_edit.cpp).
  GraphEditState& graph_edits() { return m_state.graph_edit; }
  CommandQueue& commands() { return m_commands; }
  const HeatmapFeed* feed() const;
  const FrameClock& clock() const { return m_clock; }
  /// @brief The UI's size in UI units (0 x 0 before the window opened).
  std::pair<float, float> display_size() const { return m_display_size; }
  /// @brief The last frame's non-scrolling windows and whether their contents fit (--stats-json "layout").
  const std::vector<WindowFit>& window_fits() const { return m_window_fits; }
  const LayoutType& layout_type() const { return m_layout_type; }
  /// @brief Something still moves (playing, solving, the improved cells' flash, queued commands, a device
  /// view on its way): the loop renders frame after frame. Otherwise it may sleep until input.
  bool animating() const;
  /// @brief How long an idle frame loop may sleep without input: long, or short while a text field's cursor
  /// blinks. The session and the stop watcher wake it early (Platform::wake()).
  double idle_wait_seconds() const;
  /// @brief The scripted outputs: written at once, with errors thrown (batch) or logged (commands).
  void export_heatmap(const std::string& path) override;
  void export_timings(const std::string& path) override;
  /// @brief What the exports say about the run (export_context.h): the session's solver, graph and machine, and
  /// the run-history id of the run they belong to ("-" when it was not recorded).
  ExportContext export_context() const override;
  /// @brief A screenshot of the next frame (F12 and the button ask through CmdScreenshot, after the frame).
  void request_screenshot(const std::string& path) override { m_screenshot.request(path); }
  const std::optional<JobFailure>& screenshot_failure() const { return m_screenshot.failure(); }
  /// @brief Slides: frames of the run from now to its end (slides/frame_export.h). @p capture_now: this frame
  /// is settled already (batch runs). Throws apsp::Error when the directory or GIF cannot be made.
  void start_frame_export(FrameExportRequest request, bool capture_now) override;
  const FrameExporter& frame_export() const { return m_frame_export; }
  /// @brief Interactive runs at exit: settings for the next launch.
  void save_user_settings();
  /// @brief The Counters tab's job (session/counters_job.h): started by CmdProfileCounters or --counters.
  CountersJob& counters_job();
  /// @brief The CSV of the last profile's report. Throws UsageError when no profile has counters.
  void export_counters_csv(const std::string& path);
  /// @brief The Sweep window's job (session/sweep_job.h): started by CmdStartSweep or a scripted --sweep.
  SweepJob& sweep_job();
  /// @brief --sweep-csv and --sweep-chart of the ended sweep @p report (empty paths are skipped). Throws.
  void export_sweep(const bench::SweepReport& report, const std::string& csv_path, const std::string& chart_path);

 private:
  // FrameActions: what the command router asks of the frame (the rest are public above).
  void set_colormap(const std::string& name) override;
  void export_distances(const std::string& path) override;
  void export_trace(const std::string& path) override;

  // app_graphics.cpp
  void shutdown_graphics();
  /// @brief Input into Dear ImGui and its new frame.
  void begin_ui_frame();
  /// @brief The session's newest view into the texture (and the flash of improved cells).
  void update_heatmap();
  /// @brief --compare A B: the History panel's picks, or a usage error naming the id that is not in the history.
  void pick_compared_runs();
  /// @brief The frame's draw data into the platform's framebuffer, then the screenshot and slides read it back.
  void render_frame();
  // app_layout.cpp
  void draw_ui();
  /// @brief What compute_layout and the type sizes depend on, this frame.
  LayoutInput layout_input() const;
  /// @brief The graph view and the pseudocode panel at @p layout's places, in @p layout's type.
  void draw_classroom_column(const StudioLayout& layout, int window_flags);
  // app.cpp
  void tick_playback(double dt);
  void sync_graph_panel();
  void apply_queued_commands();

  StudioOptions m_options;
  Log m_log;
  Settings m_settings;
  std::filesystem::path m_config_dir;
  std::string m_ini_path;
  LaunchPlan m_plan;
  AppState m_state;
  std::unique_ptr<SolverSession> m_session;

  // Graphics (app_graphics.cpp): alive between open_graphics() and shutdown_graphics().
  std::unique_ptr<Platform> m_platform;
  std::atomic<Platform*> m_wake_target{nullptr};  ///< what the jobs' threads wake (set while graphics are open)
  bool m_imgui_ready = false;
  Fonts m_fonts;
  std::unique_ptr<FrameGraphics> m_graphics;  ///< the GL side: ImGui's renderer, the heatmap, the frame drawn
  const ViewFrame* m_flashed = nullptr;       ///< last shown view whose improved cells were flashed
  HoverGate m_hover_gate;                     ///< no hover before the pointer moved in this window
  bool m_view_pending = false;                ///< device path: the newest view is not on screen yet

  // Windows (app_layout.cpp).
  GraphViewPanel m_graph_view_panel;  ///< the graph beside the heatmap (layout cached per graph)
  SweepPanel m_sweep_panel;
  CountersTabState m_counters_tab;
  int m_plots_tab_frames = 3;  ///< frames that still select --plots-tab (a tab bar takes a frame to settle)
  std::vector<WindowFit> m_window_fits;
  LayoutType m_layout_type;  ///< the last frame's type and cell sizes (--stats-json "layout")
  std::pair<float, float> m_display_size{0.0f, 0.0f};

  // Commands and what they start.
  CommandQueue m_commands;
  std::unique_ptr<SweepControl> m_sweep;
  std::unique_ptr<CountersControl> m_counters;
  std::unique_ptr<CommandRouter> m_router;
  ScreenshotRequest m_screenshot;
  FrameExporter m_frame_export;  ///< slides

  std::string m_synced_graph;  ///< source the graph panel and the window title were last filled from
  FrameClock m_clock;
  RunRecorder m_recorder;  ///< appends each finished run to the history (session/run_history.h)
};

}  // namespace apsp::studio
