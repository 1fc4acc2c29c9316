// One moment on every panel: step_focus (teach/step_focus.h) names the step just done, with or without a selected
// cell, never the next one; and mid_round_path (session/mid_round_path.h) finds a path of the length the cell
// shows in the middle of a round.
#include <apsp/core/types.h>
#include <apsp/graph/graph.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "session/mid_round_path.h"
#include "teach/step_focus.h"

namespace apsp::studio {
namespace {

SessionSnapshot blocked_snapshot(int n, int block) {
  SessionSnapshot s;
  s.has_solver = true;
  s.n = n;
  s.config.block = block;
  s.inspection.blocked = true;
  return s;
}

teach::StepRecord step(Granularity g, Cursor before, Cursor after) { return teach::StepRecord{g, before, after}; }

TEST(StepFocus, NothingBeforeTheFirstStep) {
  SessionSnapshot s = blocked_snapshot(8, 2);
  s.cursor = Cursor{0, Phase::Pivot, 0, false};
  const StepFocus f = step_focus(s);
  EXPECT_FALSE(f.active) << "the start highlights nothing: the title names the next step";
  EXPECT_EQ(focus_line(f, false), -1);
  EXPECT_EQ(describe_focus(f), "start: no step done yet");
}

TEST(StepFocus, WithoutSelectionThePhaseJustDoneNotTheNext) {
  SessionSnapshot s = blocked_snapshot(8, 2);
  // Two phase steps: the cursor now says "phase 3 next"; the panels must show phase 2, just done.
  s.cursor = Cursor{0, Phase::Independent, 0, false};
  s.inspection.last_step = step(Granularity::Phase, Cursor{0, Phase::PivotRowCol, 0, false}, s.cursor);
  const StepFocus f = step_focus(s);
  ASSERT_TRUE(f.active);
  EXPECT_EQ(f.round, 0);
  EXPECT_EQ(f.phase, 2);
  EXPECT_EQ(f.k_first, 0);
  EXPECT_EQ(f.k, 1);
  EXPECT_FALSE(f.one_k);
  EXPECT_EQ(f.pivot_first, 0);
  EXPECT_EQ(f.pivot_end, 2);
  EXPECT_EQ(focus_line(f, false), teach::pseudocode_line(true, 2, false));
  EXPECT_EQ(describe_focus(f), "just done: round 0, phase 2, k = 0..1");
}

TEST(StepFocus, ARoundStepEndsInPhaseThreeOfThatRound) {
  SessionSnapshot s = blocked_snapshot(8, 2);
  s.cursor = Cursor{2, Phase::Pivot, 0, false};
  s.inspection.last_step = step(Granularity::Round, Cursor{1, Phase::Pivot, 0, false}, s.cursor);
  const StepFocus f = step_focus(s);
  ASSERT_TRUE(f.active);
  EXPECT_EQ(f.round, 1);
  EXPECT_EQ(f.phase, 3);
  EXPECT_EQ(f.k_first, 2);
  EXPECT_EQ(f.k, 3);
  EXPECT_EQ(f.pivot_first, 2);
  EXPECT_EQ(f.pivot_end, 4);
}

TEST(StepFocus, AKStepIsOneK) {
  SessionSnapshot s = blocked_snapshot(8, 4);
  s.cursor = Cursor{1, Phase::PivotRowCol, 3, false};
  s.inspection.last_step = step(Granularity::KStep, Cursor{1, Phase::PivotRowCol, 2, false}, s.cursor);
  const StepFocus f = step_focus(s);
  ASSERT_TRUE(f.active);
  EXPECT_EQ(f.phase, 2);
  EXPECT_TRUE(f.one_k);
  EXPECT_EQ(f.k, 6);
  EXPECT_EQ(describe_focus(f), "just done: round 1, phase 2, k = 6");
}

TEST(StepFocus, TheLastStepOfTheRunWhenFinished) {
  SessionSnapshot s = blocked_snapshot(5, 2);  // rounds 0..2, the last of one vertex
  s.cursor = Cursor{3, Phase::Pivot, 0, true};
  s.inspection.last_step = step(Granularity::Phase, Cursor{2, Phase::Independent, 0, false}, s.cursor);
  const StepFocus f = step_focus(s);
  ASSERT_TRUE(f.active);
  EXPECT_EQ(f.round, 2);
  EXPECT_EQ(f.phase, 3);
  EXPECT_EQ(f.k, 4);
  EXPECT_TRUE(f.one_k);
}

TEST(StepFocus, NaiveRunsAreWholePasses) {
  SessionSnapshot s = blocked_snapshot(4, 1);
  s.inspection.blocked = false;
  s.cursor = Cursor{2, Phase::Full, 0, false};
  s.inspection.last_step = step(Granularity::KStep, Cursor{1, Phase::Full, 0, false}, s.cursor);
  const StepFocus f = step_focus(s);
  ASSERT_TRUE(f.active);
  EXPECT_FALSE(f.blocked);
  EXPECT_EQ(f.phase, 0);
  EXPECT_EQ(f.k, 1);
  EXPECT_EQ(describe_focus(f), "just done: k = 1") << "plain Floyd–Warshall names no round";
}

// 0 -> 1 (1), 1 -> 2 (1), 0 -> 2 (10), 2 -> 3 (1).
Graph line_graph() {
  Graph g;
  g.n = 4;
  g.edges = {{0, 1, 1}, {1, 2, 1}, {0, 2, 10}, {2, 3, 1}};
  return g;
}

std::vector<std::int32_t> direct_matrix(const Graph& g) {
  std::vector<std::int32_t> d(static_cast<std::size_t>(g.n) * g.n, kInf32);
  for (int v = 0; v < g.n; ++v) d[static_cast<std::size_t>(v) * g.n + v] = 0;
  for (const Edge& e : g.edges) d[static_cast<std::size_t>(e.src) * g.n + e.dst] = e.weight;
  return d;
}

TEST(MidRoundPath, ThePathHasTheLengthTheCellShows) {
  const Graph g = line_graph();
  const teach::OutEdges edges(g);
  // Round 0 at B = 2 adds k = 0, 1: cell (0, 2) went from 10 to 2 through 1 while the round-start matrix says 10.
  const MidRoundPath p = mid_round_path(edges, direct_matrix(g), 4, 0, 2, 0, 2, 2);
  ASSERT_TRUE(p.found);
  EXPECT_EQ(p.vertices, (std::vector<std::int32_t>{0, 1, 2}));
  EXPECT_EQ(p.length, 2);
  EXPECT_NE(p.as_of.find("intermediates < 2"), std::string::npos) << p.as_of;
  // A cell not yet written this round keeps the round start's path.
  const MidRoundPath old = mid_round_path(edges, direct_matrix(g), 4, 0, 2, 0, 2, 10);
  ASSERT_TRUE(old.found);
  EXPECT_EQ(old.vertices, (std::vector<std::int32_t>{0, 2}));
}

TEST(MidRoundPath, AnUnreachableCellSaysSoAndAStrangeValueIsNotFound) {
  const Graph g = line_graph();
  const teach::OutEdges edges(g);
  const MidRoundPath none = mid_round_path(edges, direct_matrix(g), 4, 0, 2, 3, 0, kInf32);
  EXPECT_TRUE(none.found);
  EXPECT_TRUE(none.vertices.empty());
  EXPECT_FALSE(mid_round_path(edges, direct_matrix(g), 4, 0, 2, 0, 2, 7).found);
}

TEST(MidRoundPath, APhaseThreeValueThroughOneKOfTheRound) {
  // Round 1 at B = 2 adds k = 2, 3. Phase 2 gave d[0][2] = 2 (0 -> 3 -> 2, through k = 3); phase 3's first k-step
  // (k = 2) then writes d[0][1] = d[0][2] + d[2][1] = 3, a value no restricted matrix gives (k < 3: INF,
  // k < 4: 2 by 0 -> 3 -> 1). The path is the one through k = 2.
  Graph g;
  g.n = 4;
  g.edges = {{0, 3, 1}, {3, 2, 1}, {2, 1, 1}, {3, 1, 1}};
  const teach::OutEdges edges(g);
  const MidRoundPath p = mid_round_path(edges, direct_matrix(g), 4, 2, 4, 0, 1, 3);
  ASSERT_TRUE(p.found);
  EXPECT_EQ(p.vertices, (std::vector<std::int32_t>{0, 3, 2, 1}));
  EXPECT_EQ(p.length, 3);
  EXPECT_NE(p.as_of.find("through k = 2"), std::string::npos) << p.as_of;
}

TEST(MidRoundPath, ANegativeDiagonalIsAWalkAroundTheCycle) {
  // classroom:negcycle4: 0 -> 1 -> 2 -> 0 weighs -1. Mid-round 0 a phase-3 k-step can write d[2][2] = -1: the
  // path is the walk around the cycle, never the empty path of length 0.
  Graph g;
  g.n = 4;
  g.edges = {{0, 1, 1}, {1, 2, -3}, {2, 0, 1}, {2, 3, 2}};
  const teach::OutEdges edges(g);
  const MidRoundPath p = mid_round_path(edges, direct_matrix(g), 4, 0, 2, 2, 2, -1);
  ASSERT_TRUE(p.found);
  EXPECT_EQ(p.vertices, (std::vector<std::int32_t>{2, 0, 1, 2}));
  EXPECT_EQ(p.length, -1);
}

}  // namespace
}  // namespace apsp::studio
