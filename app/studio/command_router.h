#pragma once
// Carries out the Commands the UI, keys, dropped files and scripted flags emitted (session/commands.h), after
// the UI pass. One handler per Command, grouped by the room that owns what it changes; each room is a file:
//   command_router_playback.cpp  the solve and its playback: SolverSession calls and AppState::playback
//   command_router_view.cpp      how the heatmap and the classroom column look: AppState::view / classroom
//   command_router_files.cpp     files written from the frame (FrameActions) and the run history's baseline
//   command_router_jobs.cpp      the background jobs: the sweep (SweepControl) and the counters (CountersControl)
//   command_router_quiz.cpp      predict mode: its question, the marked cells, Reveal, the score (AppState::predict)
//   command_router_pi.cpp        Π on the heatmap and its path on the graph view: AppState::classroom
//   command_router_edit.cpp      graph editing: AppState::graph_edit, the lesson restarted on the edited graph
//   command_router_lesson.cpp    lesson files: AppState::lesson, and the view and graph a lesson opens with
// A Command without a handler does not compile. GL and the window stay behind FrameActions, so the router is
// unit-tested without a display (tests/studio/test_command_router.cpp).
#include <apsp/report/export_context.h>

#include <string>

#include "session/app_state.h"
#include "session/commands.h"
#include "session/log.h"
#include "session/settings.h"
#include "session/solver_session.h"
#include "slides/frame_export.h"

namespace apsp::studio {

class SweepControl;
class CountersControl;

/// @brief What a Command asks of the frame itself: its graphics and the files drawn from them (App implements
/// it; tests record the calls).
class FrameActions {
 public:
  virtual ~FrameActions() = default;
  /// @brief The renderer's colormap (throws when @p name is not one).
  virtual void set_colormap(const std::string& name) = 0;
  /// @brief A screenshot of the next frame.
  virtual void request_screenshot(const std::string& path) = 0;
  virtual void export_heatmap(const std::string& path) = 0;
  virtual void export_timings(const std::string& path) = 0;
  virtual void export_distances(const std::string& path) = 0;
  virtual void export_trace(const std::string& path) = 0;
  /// @brief What every export says produced it (report/export_context.h).
  virtual ExportContext export_context() const { return ExportContext{}; }
  /// @brief Slides from now to the run's end; @p capture_now: this frame is settled already.
  virtual void start_frame_export(FrameExportRequest request, bool capture_now) = 0;
};

/// @brief Everything a Command may change, owned by the App.
struct CommandTargets {
  AppState& state;
  Settings& settings;
  Log& log;
  SolverSession& session;
  SweepControl& sweep;
  CountersControl& counters;
  FrameActions& frame;
};

class CommandRouter {
 public:
  explicit CommandRouter(const CommandTargets& targets) : m_t(targets) {}
  /// @brief Carries out @p command; what fails throws (the frame logs it).
  void apply(const Command& command);

 private:
  // command_router_playback.cpp
  void on(const CmdLoadGraph& c);
  void on(const CmdSaveGraph& c);
  void on(const CmdConfigureSolver& c);
  void on(const CmdStep& c);
  void on(const CmdSetPlaying& c);
  void on(const CmdTogglePlaying& c);
  void on(const CmdSetSpeed& c);
  void on(const CmdRunToEnd& c);
  void on(const CmdReset& c);
  void on(const CmdMeasure& c);
  void on(const CmdSelectCell& c);
  void on(const CmdStepBack& c);
  void on(const CmdSeekStep& c);
  // command_router_view.cpp
  void on(const CmdFitView& c);
  void on(const CmdSetColormap& c);
  void on(const CmdSetOverlays& c);
  void on(const CmdSetGrid& c);
  void on(const CmdFixColourRange& c);
  void on(const CmdTogglePresentation& c);
  void on(const CmdSetGraphView& c);
  // command_router_files.cpp
  void on(const CmdScreenshot& c);
  void on(const CmdExportHeatmap& c);
  void on(const CmdExportTimings& c);
  void on(const CmdExportDistances& c);
  void on(const CmdExportHandout& c);
  void on(const CmdExportTrace& c);
  void on(const CmdExportFrames& c);
  void on(const CmdSetBaseline& c);
  // command_router_jobs.cpp
  void on(const CmdStartSweep& c);
  void on(const CmdCancelSweep& c);
  void on(const CmdExportSweep& c);
  void on(const CmdProfileCounters& c);
  void on(const CmdCancelCounters& c);
  // command_router_quiz.cpp
  void on(const CmdSetPredict& c);
  void on(const CmdPredictToggleCell& c);
  void on(const CmdPredictReveal& c);
  void on(const CmdExportQuizResults& c);
  void on(const CmdResetQuizScore& c);
  /// @brief Predict mode: a step asked for (keys, buttons) asks its question first, and with a question open
  /// reveals it instead; true when it did (the step is not taken now).
  bool predict_instead_of_step(Granularity g);
  /// @brief Asks the question of the step of @p step from where the solve is now (none once it is finished).
  void ask_question(teach::QuizStep step);
  // command_router_pi.cpp
  void on(const CmdShowPredecessors& c);
  void on(const CmdShowPiPathEdges& c);
  // command_router_edit.cpp
  void on(const CmdEditGraph& c);
  void on(const CmdUndoEdit& c);
  void on(const CmdRedoEdit& c);
  void on(const CmdSetEditMode& c);
  /// @brief The lesson again from its start on the edit model's graph, through the session's one load path.
  void restart_on_edited_graph(const std::string& what);
  // command_router_lesson.cpp
  void on(const CmdOpenLesson& c);
  void on(const CmdGoToLessonStop& c);

  /// @brief Stops playing and the rounds already asked for: what a Command that replaces the solve's state does
  /// first.
  void stop_playing_and_cancel();

  CommandTargets m_t;
};

}  // namespace apsp::studio
