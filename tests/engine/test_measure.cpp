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
  // The profile holds one run: 5 rounds x 3 phases.
  EXPECT_EQ(solver->profile().samples().size(), 15u);
}

}  // namespace
}  // namespace apsp
