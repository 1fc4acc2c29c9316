// measure_solve (the timing loop bench and the studio's measure mode share) and the spread of repeated times.
#include <apsp/graph/generators.h>
#include <apsp/solve/measure.h>
#include <apsp/solve/registry.h>
#include <gtest/gtest.h>

namespace apsp {
namespace {

TEST(Measure, SpreadIsMaxMinusMinOverTheMedian) {
  const TimeSpread s = spread_of({12.0, 10.0, 11.0});
  EXPECT_EQ(s.count, 3u);
  EXPECT_DOUBLE_EQ(s.min_ms, 10.0);
  EXPECT_DOUBLE_EQ(s.median_ms, 11.0);
  EXPECT_DOUBLE_EQ(s.max_ms, 12.0);
  EXPECT_NEAR(s.spread_pct, 100.0 * 2.0 / 11.0, 1e-9);
  EXPECT_TRUE(s.noisy());
  EXPECT_FALSE(spread_of({100.0, 101.0, 102.0, 104.0}).noisy());  // 4 / 101.5 = 3.9 %
  EXPECT_DOUBLE_EQ(spread_of({1.0, 3.0}).median_ms, 2.0);
  EXPECT_EQ(spread_of({}).count, 0u);
}

// One or two runs are too few to call a figure noisy, however far apart they are (two solves of a
// microsecond phase easily differ by 100 %); from kNoisyMinRuns on the spread decides.
TEST(Measure, NoisyOnlyFromTheMinimumNumberOfRuns) {
  EXPECT_EQ(kNoisyMinRuns, 3u);
  EXPECT_FALSE(spread_of({1.0}).noisy());
  const TimeSpread two = spread_of({1.0, 3.0});
  EXPECT_NEAR(two.spread_pct, 100.0, 1e-9);
  EXPECT_FALSE(two.noisy());
  EXPECT_TRUE(spread_of({1.0, 3.0, 2.0}).noisy());
  EXPECT_FALSE(is_noisy(2, 1000.0));
  EXPECT_TRUE(is_noisy(3, kNoisySpreadPct + 0.1));
  EXPECT_FALSE(is_noisy(3, kNoisySpreadPct));
}

PhaseSample phase_sample(int round, double ms, std::uint64_t k_steps = 4) {
  PhaseSample s;
  s.phase = Phase::Independent;
  s.round = round;
  s.ms = ms;
  s.updates = 64 * k_steps;
  s.k_steps = k_steps;
  return s;
}

// The profile's spread of equal rounds: the first round (cold caches, threads starting) is the warm-up, and
// it takes kNoisyMinRuns rounds after it before there is a spread to judge.
TEST(Measure, EqualRoundsSpreadLeavesTheWarmupRoundOutAndWaitsForEnoughRounds) {
  std::vector<PhaseSample> samples{phase_sample(0, 10.0), phase_sample(1, 1.0), phase_sample(2, 1.0)};
  EXPECT_EQ(equal_rounds_spread(samples, Phase::Independent).count, 0u);  // two rounds after the warm-up
  EXPECT_FALSE(equal_rounds_spread(samples, Phase::Independent).noisy());
  samples.push_back(phase_sample(3, 1.02));
  const TimeSpread three = equal_rounds_spread(samples, Phase::Independent);
  EXPECT_EQ(three.count, 3u);
  EXPECT_NEAR(three.spread_pct, 2.0, 1e-9);  // the 10 ms warm-up left out
  EXPECT_FALSE(three.noisy());
  samples.push_back(phase_sample(4, 2.0));
  EXPECT_TRUE(equal_rounds_spread(samples, Phase::Independent).noisy());
  EXPECT_EQ(equal_rounds_spread(samples, Phase::Pivot).count, 0u);
  // k-steps of one round (a classroom stepping through k) are not rounds after a warm-up.
  const std::vector<PhaseSample> k_steps{phase_sample(0, 0.001, 1), phase_sample(0, 0.02, 1),
                                         phase_sample(0, 0.001, 1), phase_sample(0, 0.005, 1)};
  EXPECT_FALSE(equal_rounds_spread(k_steps, Phase::Independent).noisy());
}

TEST(Measure, RunsWarmupPlusRepeatAndLeavesTheLastRunFinished) {
  SolverOptions o;
  o.block = 8;
  auto solver = create_solver("cpu-blocked", o);
  const Graph g = generate(GeneratorSpec::parse("er:n=40,p=0.2,seed=2,w=1:9"));
  const DistanceMatrix initial = to_distance_matrix(g, 8, DType::I32);
  const MeasureResult r = measure_solve(*solver, initial, MeasureOptions{2, 3, {}});
  ASSERT_EQ(r.runs_ms.size(), 3u);
  for (double ms : r.runs_ms) EXPECT_GT(ms, 0.0);
  EXPECT_EQ(r.spread.count, 3u);
  EXPECT_LE(r.spread.min_ms, r.spread.median_ms);
  EXPECT_LE(r.spread.median_ms, r.spread.max_ms);
  EXPECT_TRUE(solver->finished());
  // The profile holds one run: its upload (the copy into the solver) and 5 rounds x 3 phases.
  EXPECT_EQ(solver->profile().samples().size(), 1u + 15u);
}

}  // namespace
}  // namespace apsp
