// The command router without a display: each Command reaches the room that handles it and changes AppState,
// the solver session (a real one, on cpu-blocked) or the frame's actions (recorded) as the studio does.
#include <apsp/core/errors.h>
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "command_router.h"
#include "counters_control.h"
#include "mock_platform.h"
#include "sweep_control.h"
#include "teach/step_focus.h"
#include "ui/step_keys.h"

namespace apsp::studio {
namespace {

/// The frame's actions, recorded as "action path" lines.
class RecordingFrame : public FrameActions {
 public:
  void set_colormap(const std::string& name) override { calls.push_back("colormap " + name); }
  void request_screenshot(const std::string& path) override { calls.push_back("screenshot " + path); }
  void export_heatmap(const std::string& path) override { calls.push_back("heatmap " + path); }
  void export_timings(const std::string& path) override { calls.push_back("timings " + path); }
  void export_distances(const std::string& path) override { calls.push_back("distances " + path); }
  void export_trace(const std::string& path) override { calls.push_back("trace " + path); }
  void start_frame_export(FrameExportRequest request, bool capture_now) override {
    calls.push_back("frames " + request.directory + " " + request.gif_path + (capture_now ? " now" : " later"));
  }
  std::vector<std::string> calls;
};

constexpr const char* kGrid = "grid:rows=4,cols=8,seed=1,w=1:100";  // 32 vertices: one round at B = 32

class CommandRouterTest : public ::testing::Test {
 protected:
  CommandRouterTest()
      : session(log, kDefaultViewBudget, 1),
        sweep(log, state, [this] { platform.wake(); }),
        counters(log, state, "no counters in this test", [this] { platform.wake(); }),
        router(CommandTargets{state, settings, log, session, sweep, counters, frame}) {
    state.edits.solver.backend = "cpu-blocked";
    state.edits.solver.block = 8;  // 4 rounds of 8 on 32 vertices
  }

  /// What the frame does between commands: the session's newest snapshot into AppState.
  void settle() {
    session.wait_idle();
    state.session = session.snapshot();
  }
  void load() {
    router.apply(CmdLoadGraph{GraphSource{GraphSource::Kind::Generator, kGrid}, false});
    settle();
    ASSERT_TRUE(state.session.has_solver) << log.to_text();
  }
  bool logged(const std::string& text) const { return log.to_text().find(text) != std::string::npos; }

  testing::MockPlatform platform;
  Log log;
  AppState state;
  Settings settings;
  SolverSession session;
  SweepControl sweep;
  CountersControl counters;
  RecordingFrame frame;
  CommandRouter router;
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

}  // namespace
}  // namespace apsp::studio
