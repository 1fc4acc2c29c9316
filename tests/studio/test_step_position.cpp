// The step just done and the next one, from the solver's cursor (session/step_position.h): one 0-based
// numbering, and the "after phase 3" picture belongs to the round just done, not to the next one.
#include <gtest/gtest.h>

#include <apsp/solve/registry.h>
#include <apsp/teach/time_travel.h>

#include <string>

#include "session/step_position.h"

namespace {

using apsp::create_solver;
using apsp::Cursor;
using apsp::DistanceMatrix;
using apsp::DType;
using apsp::Granularity;
using apsp::kInf32;
using apsp::Phase;
using apsp::SolverOptions;
using apsp::studio::describe_position;
using apsp::studio::describe_progress;
using apsp::studio::step_position;
using apsp::studio::step_unit;
using apsp::studio::StepRef;
using apsp::studio::travel_unit;
using apsp::teach::StepRecord;
using apsp::teach::TimeTravel;
using apsp::teach::TravelUnit;

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

TEST(StepPosition, NonBlockedPassesAreSaidInK) {
  // A whole pass (a round of B = 4 values of k, taken by Run to end or --advance) and the next single k.
  auto p = step_position(Cursor{1, Phase::Full, 0, false}, 3, 4, 12, false);
  EXPECT_EQ(p.done, (StepRef{0, 0, -1}));
  EXPECT_EQ(p.next, (StepRef{1, 0, 4})) << "plain Floyd-Warshall steps by one k, so its next step is a k";
  EXPECT_EQ(describe_position(p), "done: k = 0..3 | next: k = 4");
  auto q = step_position(Cursor{1, Phase::Full, 1, false}, 3, 4, 12, false);
  EXPECT_EQ(q.done, (StepRef{1, 0, 4}));
  EXPECT_EQ(describe_position(q), "done: k = 4 | next: k = 5");
  auto start = step_position(Cursor{0, Phase::Full, 0, false}, 3, 4, 12, false);
  EXPECT_EQ(describe_position(start), "start | next: k = 0");
  auto end = step_position(Cursor{3, Phase::Full, 0, true}, 3, 4, 10, false);
  EXPECT_EQ(describe_position(end), "done: k = 8..9 | finished (all 10 values of k, 0..9)");
}

// A k-step that ends a phase or a round leaves the cursor at the start of the next one; the step record keeps
// its k (the heatmap's row/column-k brackets and the "k =" of the title come from it).
TEST(StepPosition, KStepEndingAPhaseKeepsItsK) {
  const Cursor before{0, Phase::Pivot, 1, false};
  const Cursor after{0, Phase::PivotRowCol, 0, false};
  const StepRecord record{Granularity::KStep, before, after};
  auto p = step_position(after, 2, 2, 4, true, record);
  EXPECT_EQ(p.done, (StepRef{0, 1, 1}));
  EXPECT_EQ(describe_position(p),
            "done: round 0, phase 1 (pivot block), k = 1 | next: round 0, phase 2 (pivot row and column blocks)");
  // The end of a round: phase 3's last k.
  const StepRecord last_of_round{Granularity::KStep, Cursor{0, Phase::Independent, 1, false}, Cursor{1, Phase::Pivot, 0, false}};
  EXPECT_EQ(step_position(last_of_round.after, 2, 2, 4, true, last_of_round).done, (StepRef{0, 3, 1}));
  // A phase step keeps naming the whole phase, and a stale record (not what led to the cursor) is ignored.
  const StepRecord phase_step{Granularity::Phase, Cursor{0, Phase::Pivot, 0, false}, after};
  EXPECT_EQ(step_position(after, 2, 2, 4, true, phase_step).done, (StepRef{0, 1, -1}));
  EXPECT_EQ(step_position(Cursor{0, Phase::Independent, 0, false}, 2, 2, 4, true, record).done, (StepRef{0, 2, -1}));
}

TEST(StepPosition, PlainKStepsAtBlockOneEachNameTheirK) {
  // B = 1: every k-step ends a round, so the cursor alone never shows a k.
  for (int k = 0; k < 4; ++k) {
    const Cursor before{k, Phase::Full, 0, false};
    const Cursor after{k + 1, Phase::Full, 0, k + 1 == 4};
    const StepRecord record{Granularity::KStep, before, after};
    const auto p = step_position(after, 4, 1, 4, false, record);
    EXPECT_EQ(p.done, (StepRef{k, 0, k}));
    const std::string text = describe_position(p);
    EXPECT_EQ(text.rfind("done: k = " + std::to_string(k) + " | ", 0), 0u) << text;
    EXPECT_EQ(text.find("round"), std::string::npos) << text;
    EXPECT_EQ(text.find("pivot"), std::string::npos) << text;
  }
}

TEST(StepPosition, PlainStepsGoByOneK) {
  EXPECT_EQ(step_unit(Granularity::Phase, false), Granularity::KStep);
  EXPECT_EQ(step_unit(Granularity::Round, false), Granularity::KStep);
  EXPECT_EQ(step_unit(Granularity::ToEnd, false), Granularity::ToEnd);
  EXPECT_EQ(step_unit(Granularity::Phase, true), Granularity::Phase);
  EXPECT_EQ(travel_unit(TravelUnit::Round, false), TravelUnit::KStep);
  EXPECT_EQ(travel_unit(TravelUnit::Round, true), TravelUnit::Round);
}

TEST(StepPosition, ProgressWords) {
  EXPECT_EQ(describe_progress(Cursor{1, Phase::Full, 1, false}, 2, 2, 4, false), "k 3 / 4");
  EXPECT_EQ(describe_progress(Cursor{2, Phase::Full, 0, true}, 2, 2, 4, false), "k 4 / 4");
  EXPECT_EQ(describe_progress(Cursor{1, Phase::Pivot, 0, false}, 2, 2, 4, true), "1 / 2 rounds");
}

// The whole walk of a real solver by k-steps, recorded by the time travel as the studio does: every position
// names the k just taken, 0, 1, 2, ... in each phase, whatever phase or round the step ended.
void expect_every_k_named(const char* backend, int block) {
  SCOPED_TRACE(std::string(backend) + ", B = " + std::to_string(block));
  const int n = 6;
  DistanceMatrix input(n, block, DType::I32);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) input.set(i, j, i == j ? 0 : (j == (i + 1) % n ? 1 : kInf32));
  SolverOptions options;
  options.block = block;
  options.threads = 1;
  auto solver = create_solver(backend, options);
  solver->reset(input);
  TimeTravel travel(*solver, [&] { return input; });
  const bool blocked = solver->blocked();
  int expected_phase_k = 0;
  int steps = 0;
  while (!solver->finished()) {
    const Cursor before = solver->cursor();
    if (before.k == 0) expected_phase_k = before.round * block;
    travel.step(Granularity::KStep);
    ++steps;
    const auto p = step_position(solver->cursor(), solver->rounds(), block, n, blocked, travel.last_step());
    EXPECT_EQ(p.done.k, expected_phase_k) << "step " << steps;
    const std::string text = describe_position(p);
    EXPECT_NE(text.find("k = " + std::to_string(expected_phase_k)), std::string::npos) << text;
    if (!blocked) {
      EXPECT_EQ(text.find("round"), std::string::npos) << text;
      EXPECT_EQ(text.find("pivot"), std::string::npos) << text;
    }
    ++expected_phase_k;
  }
  EXPECT_EQ(steps, blocked ? 3 * n : n);
}

TEST(StepPosition, EveryKStepOfARunNamesItsK) {
  expect_every_k_named("cpu-naive", 1);
  expect_every_k_named("cpu-naive", 2);
  expect_every_k_named("cpu-blocked", 2);
  expect_every_k_named("cpu-blocked", 3);
}

}  // namespace
