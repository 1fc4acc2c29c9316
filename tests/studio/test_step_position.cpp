// The step just done and the next one, from the solver's cursor (session/step_position.h): one 0-based
// numbering, and the "after phase 3" picture belongs to the round just done, not to the next one.
#include <gtest/gtest.h>

#include "session/step_position.h"

namespace {

using apsp::Cursor;
using apsp::Phase;
using apsp::studio::describe_position;
using apsp::studio::step_position;
using apsp::studio::StepRef;

TEST(StepPosition, StartHasNothingDone) {
  auto p = step_position(Cursor{0, Phase::Pivot, 0, false}, 2, 4, 8, true);
  EXPECT_FALSE(p.done.valid());
  EXPECT_EQ(p.next, (StepRef{0, 1, -1}));
  EXPECT_EQ(describe_position(p), "start | next: round 0, phase 1 (pivot block)");
}

TEST(StepPosition, AfterEachPhaseOfRoundZero) {
  auto p1 = step_position(Cursor{0, Phase::PivotRowCol, 0, false}, 2, 4, 8, true);
  EXPECT_EQ(p1.done, (StepRef{0, 1, -1}));
  EXPECT_EQ(p1.next, (StepRef{0, 2, -1}));
  auto p3 = step_position(Cursor{1, Phase::Pivot, 0, false}, 2, 4, 8, true);
  EXPECT_EQ(p3.done, (StepRef{0, 3, -1})) << "after phase 3 the picture is round 0's, not round 1's pivot";
  EXPECT_EQ(p3.next, (StepRef{1, 1, -1}));
  EXPECT_EQ(describe_position(p3),
            "done: round 0, phase 3 (independent blocks) | next: round 1, phase 1 (pivot block)");
}

TEST(StepPosition, KStepsNameTheVertexJustDoneAndTheNextOne) {
  // Round 0, block 4: two k-steps of phase 1 done (k = 0 and 1): the last done is vertex k = 1, the next k = 2.
  auto p = step_position(Cursor{0, Phase::Pivot, 2, false}, 2, 4, 8, true);
  EXPECT_EQ(p.done, (StepRef{0, 1, 1}));
  EXPECT_EQ(p.next, (StepRef{0, 1, 2}));
  // Round 1: vertex numbers are global (round * block + offset).
  auto q = step_position(Cursor{1, Phase::Independent, 3, false}, 2, 4, 8, true);
  EXPECT_EQ(q.done, (StepRef{1, 3, 6}));
  EXPECT_EQ(q.next, (StepRef{1, 3, 7}));
  EXPECT_EQ(describe_position(q),
            "done: round 1, phase 3 (independent blocks), k = 6 | next: round 1, phase 3 "
            "(independent blocks), k = 7");
}

TEST(StepPosition, FinishedShowsTheLastRound) {
  auto p = step_position(Cursor{2, Phase::Pivot, 0, true}, 2, 4, 8, true);
  EXPECT_EQ(p.done, (StepRef{1, 3, -1}));
  EXPECT_FALSE(p.next.valid());
  EXPECT_EQ(describe_position(p), "done: round 1, phase 3 (independent blocks) | finished (all 2 rounds, 0..1)");
  EXPECT_EQ(describe_position(p, "negative cycle"),
            "done: round 1, phase 3 (independent blocks) | stopped: negative cycle");
}

TEST(StepPosition, NonBlockedPasses) {
  auto p = step_position(Cursor{1, Phase::Full, 0, false}, 3, 4, 12, false);
  EXPECT_EQ(p.done, (StepRef{0, 0, -1}));
  EXPECT_EQ(p.next, (StepRef{1, 0, -1}));
  auto q = step_position(Cursor{1, Phase::Full, 1, false}, 3, 4, 12, false);
  EXPECT_EQ(q.done, (StepRef{1, 0, 4}));
}

}  // namespace
