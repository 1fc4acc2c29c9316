// The command router without a display: each Command reaches the room that handles it and changes AppState,
// the solver session (a real one, on cpu-blocked) or the frame's actions (recorded) as the studio does.
#include <apsp/core/errors.h>
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "router_fixture.h"
#include "teach/step_focus.h"
#include "ui/step_keys.h"

namespace apsp::studio {
namespace {

constexpr const char* kGrid = "grid:rows=4,cols=8,seed=1,w=1:100";  // 32 vertices: one round at B = 32

class CommandRouterTest : public testing::RouterFixture {
 protected:
  CommandRouterTest() {
    state.edits.solver.backend = "cpu-blocked";
    state.edits.solver.block = 8;  // 4 rounds of 8 on 32 vertices
  }
  void load() { load_generated(kGrid); }
};

TEST_F(CommandRouterTest, ViewCommandsChangeTheViewState) {
  router.apply(CmdSetOverlays{false});
  router.apply(CmdSetGrid{false});
  EXPECT_FALSE(state.view.overlays);
  EXPECT_FALSE(state.view.grid);
  router.apply(CmdSetGraphView{false});
  EXPECT_FALSE(state.classroom.graph_view);

  const bool presentation = state.classroom.presentation;
  state.edits.view.fit_pending = false;
  router.apply(CmdTogglePresentation{});
  EXPECT_NE(state.classroom.presentation, presentation);
  EXPECT_TRUE(state.edits.view.fit_pending);  // a new canvas size: fit again

  state.edits.view = {};
  state.edits.view.auto_fit = false;
  router.apply(CmdFitView{});
  EXPECT_TRUE(state.edits.view.fit_pending);
  EXPECT_TRUE(state.edits.view.auto_fit);
}

TEST_F(CommandRouterTest, FixColoursKeepsTheLessonRangeOrTheStepRange) {
  load();  // a classroom-size graph: "fix colours" is on and uses the whole lesson's range from the first view
  ASSERT_TRUE(state.session.view);
  EXPECT_EQ(state.session.view->range_source, ViewFrame::RangeSource::Lesson);
  const ValueRange lesson = state.session.view->range;
  router.apply(CmdStep{Granularity::Round});
  settle();
  ASSERT_TRUE(state.session.view);
  EXPECT_EQ(state.session.view->range.lo, lesson.lo);  // the same range after a step
  EXPECT_EQ(state.session.view->range.hi, lesson.hi);
  router.apply(CmdFixColourRange{false});
  settle();
  EXPECT_FALSE(state.view.fixed_range);
  EXPECT_EQ(state.session.view->range_source, ViewFrame::RangeSource::Step);
  router.apply(CmdFixColourRange{true});
  settle();
  EXPECT_EQ(state.session.view->range_source, ViewFrame::RangeSource::Lesson);
}

TEST_F(CommandRouterTest, ColormapReachesTheRendererAndTheState) {
  router.apply(CmdSetColormap{"magma"});
  EXPECT_EQ(state.view.colormap, "magma");
  EXPECT_EQ(frame.calls, std::vector<std::string>{"colormap magma"});
}

TEST_F(CommandRouterTest, FileCommandsReachTheFrame) {
  router.apply(CmdScreenshot{"a.png"});
  router.apply(CmdExportHeatmap{"b.png"});
  router.apply(CmdExportTimings{"c.csv"});
  router.apply(CmdExportDistances{"d.npy"});
  router.apply(CmdExportTrace{"e.json"});
  router.apply(CmdExportFrames{"slides", "run.gif", Granularity::Round});
  EXPECT_EQ(frame.calls, (std::vector<std::string>{"screenshot a.png", "heatmap b.png", "timings c.csv",
                                                   "distances d.npy", "trace e.json", "frames slides run.gif later"}));
  EXPECT_EQ(state.last_written, "e.json");
}

TEST_F(CommandRouterTest, BaselineGoesToTheHistoryAndTheSettings) {
  router.apply(CmdSetBaseline{"run-7"});
  EXPECT_EQ(state.history.baseline_id, "run-7");
  EXPECT_EQ(settings.baseline_run, "run-7");
  EXPECT_TRUE(logged("baseline: run run-7"));
  router.apply(CmdSetBaseline{""});
  EXPECT_EQ(settings.baseline_run, "");
  EXPECT_TRUE(logged("baseline cleared"));
}

TEST_F(CommandRouterTest, PlaybackCommandsDriveTheSession) {
  state.playback.playing = true;
  load();
  EXPECT_FALSE(state.playback.playing);  // a new graph stops playing
  EXPECT_EQ(state.session.n, 32);
  EXPECT_EQ(state.session.config.block, 8);
  EXPECT_EQ(state.session.cursor.round, 0);

  router.apply(CmdStep{Granularity::Round});
  settle();
  EXPECT_EQ(state.session.cursor.round, 1);
  EXPECT_FALSE(state.session.cursor.finished);

  router.apply(CmdTogglePlaying{});
  EXPECT_TRUE(state.playback.playing);
  EXPECT_EQ(state.playback.accumulator, 1.0);  // the first round goes at once
  router.apply(CmdTogglePlaying{});
  EXPECT_FALSE(state.playback.playing);

  state.playback.playing = true;
  router.apply(CmdRunToEnd{});
  EXPECT_FALSE(state.playback.playing);
  settle();
  EXPECT_TRUE(state.session.cursor.finished);
  router.apply(CmdTogglePlaying{});
  EXPECT_FALSE(state.playback.playing);  // nothing left to play

  router.apply(CmdReset{});
  settle();
  EXPECT_FALSE(state.session.cursor.finished);
  EXPECT_EQ(state.session.cursor.round, 0);

  router.apply(CmdSetSpeed{12.0f});
  EXPECT_EQ(state.playback.rounds_per_second, 12.0f);
}

TEST_F(CommandRouterTest, OneKKeysStepOneKForwardAndBack) {
  load();
  router.apply(CmdStep{Granularity::Phase});  // into phase 2 of round 0
  settle();
  ASSERT_EQ(state.session.cursor, (Cursor{0, Phase::PivotRowCol, 0, false}));
  // Ctrl+Right twice: two k forward, the panels show the k just done.
  for (int k = 1; k <= 2; ++k) {
    router.apply(step_key_action(ArrowKey::Right, true, false).command);
    settle();
    EXPECT_EQ(state.session.cursor, (Cursor{0, Phase::PivotRowCol, k, false}));
    const StepFocus f = step_focus(state.session);
    EXPECT_TRUE(f.active && f.one_k);
    EXPECT_EQ(f.phase, 2);
    EXPECT_EQ(f.k, k - 1);
  }
  // Ctrl+Left: one k back, exactly.
  router.apply(step_key_action(ArrowKey::Left, true, false).command);
  settle();
  EXPECT_EQ(state.session.cursor, (Cursor{0, Phase::PivotRowCol, 1, false}));
  EXPECT_EQ(step_focus(state.session).k, 0);
  // The plain and Shift arrows keep their phase and round steps.
  router.apply(step_key_action(ArrowKey::Right, false, false).command);
  settle();
  EXPECT_EQ(state.session.cursor, (Cursor{0, Phase::Independent, 0, false}));
  router.apply(step_key_action(ArrowKey::Right, false, true).command);
  settle();
  EXPECT_EQ(state.session.cursor, (Cursor{1, Phase::Pivot, 0, false}));
  router.apply(step_key_action(ArrowKey::Left, false, true).command);
  settle();
  EXPECT_EQ(state.session.cursor, (Cursor{0, Phase::Pivot, 0, false}));
}

TEST_F(CommandRouterTest, ConfigureSolverReachesTheSession) {
  load();
  SolverConfig config = state.session.config;
  config.block = 16;
  router.apply(CmdConfigureSolver{config});
  settle();
  EXPECT_EQ(state.session.config.block, 16);
  EXPECT_EQ(state.session.rounds, 2);
}

TEST_F(CommandRouterTest, SelectCellGoesToTheClassroomAndTheSession) {
  load();
  router.apply(CmdSelectCell{CellRef{2, 5}});
  EXPECT_EQ(state.classroom.selected, (CellRef{2, 5}));
  settle();
  EXPECT_EQ(state.session.inspection.i, 2);
  EXPECT_EQ(state.session.inspection.j, 5);
}

TEST_F(CommandRouterTest, PredecessorCommandsSwitchTheHeatmapAndStepThePath) {
  load();
  router.apply(CmdShowPredecessors{true});
  EXPECT_TRUE(state.classroom.show_pi);
  EXPECT_FALSE(logged("Π not shown"));  // a classroom-size graph keeps Π
  router.apply(CmdSelectCell{CellRef{2, 5}});
  router.apply(CmdShowPiPathEdges{1});
  EXPECT_EQ(state.classroom.pi_path_step.cell, (CellRef{2, 5}));  // the steps belong to this cell's path
  EXPECT_EQ(state.classroom.pi_path_step.edges, 1);
  router.apply(CmdShowPredecessors{false});
  EXPECT_FALSE(state.classroom.show_pi);
}

TEST_F(CommandRouterTest, CounterCommandsReachTheCountersControl) {
  router.apply(CmdProfileCounters{"0"});
  EXPECT_TRUE(logged("counters: unavailable: no counters in this test"));
  EXPECT_FALSE(counters.job().running());
  router.apply(CmdCancelCounters{});
  EXPECT_TRUE(logged("counters: cancel requested"));
}

TEST_F(CommandRouterTest, SweepCommandsReachTheSweepControl) {
  EXPECT_THROW(router.apply(CmdExportSweep{"never.csv", "", "", -1}), UsageError);  // no sweep ended yet

  bench::SweepSpec spec;
  spec.backends = {"cpu-blocked"};
  spec.blocks = {8};
  spec.sizes = {32};
  spec.graph = "er:p=0.2,seed=1,w=1:100";
  spec.warmup = 0;
  spec.repeat = 1;
  spec.threads = {1};
  router.apply(CmdStartSweep{spec});
  EXPECT_TRUE(logged("sweep started: 1 backend(s) x 1 block size(s)"));
  ASSERT_TRUE(sweep.job().wait_for(std::chrono::seconds(60)));
  EXPECT_GT(platform.wakes.load(), 0);  // the job's thread woke the frame loop
  sweep.update();
  ASSERT_TRUE(sweep.snapshot().report);
  EXPECT_EQ(sweep.snapshot().results.size(), 1u);
  EXPECT_TRUE(logged("sweep finished: 1 measured"));

  const std::filesystem::path csv = std::filesystem::temp_directory_path() / "apsp_router_sweep.csv";
  router.apply(CmdExportSweep{csv.string(), "", "", -1});
  EXPECT_TRUE(std::filesystem::exists(csv));
  EXPECT_EQ(state.last_written, csv.string());
  std::filesystem::remove(csv);

  router.apply(CmdCancelSweep{});
  EXPECT_TRUE(logged("sweep: cancel requested"));
}

// Graph editing: an edit restarts the lesson on the edited graph with the same solver and block, undo loads the
// graph before it, and a negative cycle made by an edit stops the solve as the studio shows any cycle.
class CommandRouterEditTest : public CommandRouterTest {
 protected:
  void load_textbook(int block) {
    state.edits.solver.block = block;
    load_generated("classroom:textbook4");
  }
  void edit(const GraphEdit& e) {
    router.apply(CmdEditGraph{e});
    settle();
  }
  std::vector<std::string> edges() const {
    std::vector<std::string> out;
    for (const Edge& e : state.session.loaded_graph->edges)
      out.push_back(std::to_string(e.src) + ">" + std::to_string(e.dst) + ":" + std::to_string(e.weight));
    return out;
  }
};

TEST_F(CommandRouterEditTest, AnEditRestartsTheLessonOnTheEditedGraph) {
  load_textbook(2);
  const std::vector<std::string> original = edges();
  router.apply(CmdStep{Granularity::Round});
  settle();
  ASSERT_EQ(state.session.cursor.round, 1);
  edit(GraphEdit::add_edge(0, 3, -2));
  EXPECT_EQ(state.session.graph.m, static_cast<std::int64_t>(original.size()) + 1);
  EXPECT_EQ(edges().back(), "0>3:-2");
  EXPECT_EQ(state.session.cursor, Cursor{});  // from the start
  EXPECT_EQ(state.session.config.backend, "cpu-blocked");
  EXPECT_EQ(state.session.config.block, 2);
  EXPECT_TRUE(logged("edit add-edge 0 3 -2; the lesson restarts on the edited graph (n = 4, m = 6)")) << log.to_text();
  router.apply(CmdUndoEdit{});
  settle();
  EXPECT_EQ(edges(), original);
  router.apply(CmdRedoEdit{});
  settle();
  EXPECT_EQ(edges().back(), "0>3:-2");
}

TEST_F(CommandRouterEditTest, TheBlockIsClampedToNAndComesBack) {
  load_textbook(4);
  ASSERT_EQ(state.session.config.block, 4);
  edit(GraphEdit::delete_vertex(0));
  EXPECT_EQ(state.session.n, 3);
  EXPECT_EQ(state.session.config.block, 3);
  edit(GraphEdit::add_vertex());
  EXPECT_EQ(state.session.n, 4);
  EXPECT_EQ(state.session.config.block, 4);
}

TEST_F(CommandRouterEditTest, ANegativeCycleIsShownAndUndoTakesItAway) {
  load_textbook(2);
  edit(GraphEdit::set_weight(1, 0, -2));  // 1 -> 0 -> 2 -> 3 -> 1 weighs -2 - 2 + 2 - 1 = -3
  EXPECT_TRUE(logged("makes the negative cycle 0 -> 2 -> 3 -> 1 -> 0")) << log.to_text();
  EXPECT_EQ(state.graph_edit.cycle_shown(state.session), (std::vector<std::int32_t>{0, 2, 3, 1}));
  router.apply(CmdRunToEnd{});
  settle();
  EXPECT_NE(state.session.stopped.find("negative cycle"), std::string::npos) << state.session.stopped;
  (void)session.take_failure();
  router.apply(CmdUndoEdit{});
  settle();
  EXPECT_TRUE(state.session.stopped.empty());
  EXPECT_TRUE(state.graph_edit.cycle_shown(state.session).empty());
  router.apply(CmdRunToEnd{});
  settle();
  EXPECT_TRUE(state.session.cursor.finished);
  EXPECT_TRUE(state.session.stopped.empty()) << state.session.stopped;
}

TEST_F(CommandRouterEditTest, ARefusedEditSaysWhyAndLoadsNothing) {
  load_textbook(2);
  const auto loaded = state.session.loaded_graph;
  try {
    router.apply(CmdEditGraph{GraphEdit::set_weight(1, 0, kInf32)});
    FAIL() << "an INF weight was taken";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("outside the i32 range"), std::string::npos) << e.what();
  }
  settle();
  EXPECT_EQ(state.session.loaded_graph, loaded);
  EXPECT_THROW(router.apply(CmdUndoEdit{}), UsageError);  // nothing to undo
}

TEST_F(CommandRouterEditTest, AnotherLoadEndsTheEditsAndSavingOverTheInputIsRefused) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "apsp_router_edit_test";
  std::filesystem::create_directories(dir);
  const std::string input = (dir / "g.txt").string();
  std::ofstream(input) << "0 1 5\n1 2 -1\n";
  router.apply(CmdLoadGraph{GraphSource::file(input), false});
  settle();
  edit(GraphEdit::add_edge(2, 0, 1));
  EXPECT_THROW(router.apply(CmdSaveGraph{input}), UsageError);  // the edits' origin is still the input
  router.apply(CmdSaveGraph{(dir / "edited.gr").string()});
  settle();
  EXPECT_TRUE(std::filesystem::exists(dir / "edited.gr"));
  load();  // another graph: the edits' undo steps belong to the old one
  EXPECT_THROW(router.apply(CmdUndoEdit{}), UsageError);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace apsp::studio
