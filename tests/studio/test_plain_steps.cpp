// Plain Floyd–Warshall through the command router with a real session on cpu-naive: the keys' and buttons'
// "phase" and "round" steps (Right, Shift+Right) advance one k, going back (Left) returns one k, and every
// position the window shows names the k just taken, never a round or a pivot block; the "plain4" lesson opens
// textbook4 on cpu-naive.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "router_fixture.h"
#include "session/lessons.h"
#include "session/step_position.h"

namespace apsp::studio {
namespace {

class PlainStepsTest : public testing::RouterFixture {
 protected:
  void load(const std::string& backend, int block) {
    state.edits.solver.backend = backend;
    state.edits.solver.block = block;
    load_generated("classroom:textbook4");
  }
  /// Values of k taken so far.
  int k_done() const {
    const Cursor& c = state.session.cursor;
    return c.finished ? state.session.n : c.round * state.session.config.block + c.k;
  }
  std::string title() const { return describe_position(step_position(state.session)); }
};

TEST_F(PlainStepsTest, RightAndShiftRightAdvanceOneK) {
  load("cpu-naive", 2);  // a round is two values of k internally
  EXPECT_EQ(title(), "start | next: k = 0");
  router.apply(CmdStep{Granularity::Phase});  // Right, or the old "phase" button
  settle();
  EXPECT_EQ(k_done(), 1);
  EXPECT_EQ(title(), "done: k = 0 | next: k = 1");
  router.apply(CmdStep{Granularity::Round});  // Shift+Right
  settle();
  EXPECT_EQ(k_done(), 2);
  EXPECT_EQ(title(), "done: k = 1 | next: k = 2") << "the k-step that ended the internal round keeps its k";
  router.apply(CmdStep{Granularity::Phase});
  settle();
  EXPECT_EQ(k_done(), 3);
  router.apply(CmdStepBack{teach::TravelUnit::Phase, 1});  // Left
  settle();
  EXPECT_EQ(k_done(), 2);
  router.apply(CmdStepBack{teach::TravelUnit::Round, 1});  // Shift+Left
  settle();
  EXPECT_EQ(k_done(), 1);
  EXPECT_EQ(title(), "done: k = 0 | next: k = 1");
}

TEST_F(PlainStepsTest, EveryPositionOfAPlainRunIsSaidInK) {
  load("cpu-naive", 1);  // every k-step ends a round
  for (int k = 0; k < 4; ++k) {
    router.apply(CmdStep{Granularity::Phase});
    settle();
    const std::string t = title();
    EXPECT_EQ(t.rfind("done: k = " + std::to_string(k) + " | ", 0), 0u) << t;
    EXPECT_EQ(t.find("round"), std::string::npos) << t;
    EXPECT_EQ(t.find("pivot"), std::string::npos) << t;
  }
  EXPECT_TRUE(state.session.cursor.finished);
  EXPECT_EQ(title(), "done: k = 3 | finished (all 4 values of k, 0..3)");
}

TEST_F(PlainStepsTest, BlockedRunsStillStepByPhase) {
  load("cpu-blocked", 2);
  router.apply(CmdStep{Granularity::Phase});
  settle();
  EXPECT_EQ(state.session.cursor.phase, Phase::PivotRowCol);
  EXPECT_EQ(state.session.cursor.k, 0);
}

TEST_F(PlainStepsTest, PlainLessonOpensOnCpuNaive) {
  const auto all = lessons();
  const auto plain = std::find_if(all.begin(), all.end(), [](const Lesson& l) { return l.name == "plain4"; });
  ASSERT_NE(plain, all.end());
  state.edits.solver.backend = "cpu-blocked";
  router.apply(CmdLoadGraph{plain->source, true, plain->backend});
  settle();
  ASSERT_TRUE(state.session.has_solver) << log.to_text();
  EXPECT_EQ(state.session.config.backend, "cpu-naive");
  EXPECT_EQ(state.edits.solver.backend, "cpu-naive") << "the solver panel shows what the lesson runs";
  EXPECT_EQ(state.session.n, 4);
}

}  // namespace
}  // namespace apsp::studio
