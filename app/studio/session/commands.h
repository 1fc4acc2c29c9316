#pragma once
// What panels, keys, dropped files and scripted flags ask the App to do; its CommandRouter (command_router.h)
// carries them out after the UI pass (the rule of who writes what is at the top of session/app_state.h).
#include <apsp/bench/sweep.h>
#include <apsp/solve/solver.h>

#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "session/classroom_state.h"
#include "session/graph_edits.h"
#include "session/solver_session.h"

namespace apsp::studio {

struct CmdLoadGraph {
  GraphSource source;
  bool block_from_graph = true;  ///< a graph that suggests a block (classroom, `# block: N`) opens with it
  std::string backend{};         ///< a lesson's solver (the solver panel switches to it); empty: the panel's
};
struct CmdSaveGraph {
  std::string path;
};
struct CmdConfigureSolver {
  SolverConfig config;
};
struct CmdStep {
  Granularity granularity = Granularity::Phase;
};
struct CmdSetPlaying {
  bool playing = false;
};
struct CmdTogglePlaying {};
struct CmdSetSpeed {
  float rounds_per_second = 4;
};
struct CmdRunToEnd {};
struct CmdReset {};
struct CmdFitView {};
struct CmdSetColormap {
  std::string name;
};
struct CmdSetOverlays {
  bool on = true;
};
struct CmdSetGrid {
  bool on = true;
};
struct CmdFixColourRange {
  bool fixed = false;  ///< true: keep the current view's range for every later view
};
struct CmdScreenshot {
  std::string path;  ///< empty: next free apsp-studio-NNNN.png in the working directory
};
struct CmdExportHeatmap {
  std::string path;
};
struct CmdExportTimings {
  std::string path;
};
struct CmdExportDistances {
  std::string path;  ///< .bin course binary, .npy or .csv (apsp::write_distances)
};
// Handouts: the lesson's D and Π tables (export_handout.h): FILE.tex, FILE.pdf or a folder of SVGs.
struct CmdExportHandout {
  std::string path;
  std::optional<Granularity> granularity;  ///< nullopt: each k (plain Floyd–Warshall) or each round (blocked)
};
// Sweep: the Sweep window starts and cancels the engine's sweep on its own thread (session/sweep_job.h).
struct CmdStartSweep {
  bench::SweepSpec spec;
};
struct CmdCancelSweep {};
// Measure mode: time the active configuration as apsp bench does.
struct CmdMeasure {
  int repeat = MeasureOptions{}.repeat;  ///< timed runs after the warm-up
};
// Timeline export: the samples as a Chrome trace / Perfetto JSON.
struct CmdExportTrace {
  std::string path;
};
/// @brief Files of the ended sweep; an empty path is not written.
struct CmdExportSweep {
  std::string results_csv;  ///< the results, apsp bench --csv's columns
  std::string chart_png;    ///< the charts as a PNG
  std::string chart_csv;    ///< the charts' data (chart,series,x,y)
  int chart = -1;           ///< which chart of chart::sweep_charts(); -1: all of them
};

/// @brief Presentation mode on / off (key P; --presentation starts in it): side panels hidden, large type.
struct CmdTogglePresentation {};

// Classroom: the graph view's switch and slides.
struct CmdSetGraphView {
  bool on = true;
};
struct CmdExportFrames {
  std::string directory;  ///< PNG frames; empty: none
  std::string gif_path;   ///< animated GIF; empty: none
  Granularity granularity = Granularity::Phase;
};

// Classroom: the inspector's selection and time travel.
struct CmdSelectCell {
  CellRef cell;  ///< invalid (-1): clear the selection
};
struct CmdStepBack {
  teach::TravelUnit unit = teach::TravelUnit::Phase;
  int count = 1;
};
struct CmdSeekStep {
  std::size_t index = 0;  ///< 0: the start; n: the state after the n-th step taken
};
/// History panel: the run every other run is compared against; "" clears it. Saved in the settings.
struct CmdSetBaseline {
  std::string run_id;
};

// Counters tab: hardware counters of the loaded graph with the active configuration, on a solver of
// their own (session/counters_job.h); rounds in counters::RoundSelection syntax ("0", "0,3", "every:4", "all").
struct CmdProfileCounters {
  std::string rounds = "0";
};
struct CmdCancelCounters {};

// Predict mode (session/predict_state.h): the class answers a step's question before the step is shown.
struct CmdSetPredict {
  std::optional<bool> on;               ///< nullopt: toggle (key Q)
  std::optional<teach::QuizStep> step;  ///< the step to ask about first; nullopt: the mode's (phase, or k)
};
struct CmdPredictToggleCell {
  CellRef cell;  ///< marked or unmarked as improving (a click on the heatmap)
};
struct CmdPredictReveal {
  std::string value_text;  ///< a Value question's answer as typed ("5", "inf"); empty: not answered
};
struct CmdExportQuizResults {
  std::string path;  ///< the results JSON (the quiz's format, apsp/teach/quiz.h results_json)
};
struct CmdResetQuizScore {};

// Π, the predecessor matrix: the heatmap's D / Π switch and the Π path drawn edge by edge.
struct CmdShowPredecessors {
  bool on = true;  ///< true: Π on the heatmap (and first in the inspector); false: D
};
struct CmdShowPiPathEdges {
  int edges = -1;  ///< edges of the selected cell's Π path drawn, from j backwards; -1: all
};

// Graph editing (session/graph_edit_state.h): each edit one undo step; the lesson restarts on the edited graph.
struct CmdEditGraph {
  GraphEdit edit;
};
struct CmdUndoEdit {};
struct CmdRedoEdit {};
struct CmdSetEditMode {
  bool on = true;
};

// Lesson files (session/lesson_state.h): open one (its graph, view and stop), go to one of its stops.
struct CmdOpenLesson {
  std::string path;
  int stop = 0;  ///< 0-based
  bool replay = false;  ///< a batch run: freeze what depends on the clock (LessonState::replay)
};
struct CmdGoToLessonStop {
  int stop = 0;  ///< 0-based; outside the lesson's stops: nothing happens
};

using Command = std::variant<CmdLoadGraph, CmdSaveGraph, CmdConfigureSolver, CmdStep, CmdSetPlaying, CmdTogglePlaying,
                             CmdSetSpeed, CmdRunToEnd, CmdReset, CmdFitView, CmdSetColormap, CmdSetOverlays, CmdSetGrid,
                             CmdFixColourRange, CmdScreenshot, CmdExportHeatmap, CmdExportTimings, CmdExportDistances,
                             CmdStartSweep, CmdCancelSweep, CmdMeasure, CmdExportTrace, CmdExportSweep,
                             CmdTogglePresentation, CmdSetGraphView, CmdExportFrames,
                             CmdSelectCell, CmdStepBack, CmdSeekStep, CmdSetBaseline,
                             CmdProfileCounters, CmdCancelCounters,
                             CmdSetPredict, CmdPredictToggleCell, CmdPredictReveal, CmdExportQuizResults,
                             CmdResetQuizScore, CmdShowPredecessors, CmdShowPiPathEdges,
                             CmdEditGraph, CmdUndoEdit, CmdRedoEdit, CmdSetEditMode, CmdExportHandout,
                             CmdOpenLesson, CmdGoToLessonStop>;

/// @brief std::visit(Overloaded{[](const CmdA&) {...}, ...}, command): one lambda per Command.
template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

class CommandQueue {
 public:
  void push(Command command) { m_commands.push_back(std::move(command)); }
  std::vector<Command> take() { return std::exchange(m_commands, {}); }
  bool empty() const { return m_commands.empty(); }

 private:
  std::vector<Command> m_commands;
};

}  // namespace apsp::studio
