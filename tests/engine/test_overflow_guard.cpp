// Negative cycles must never push a sum outside the element type (range_policy.h's floor argument): after
// every k-step every stored value stays >= 2 * floor, and the cycle is still reported at the end of the round.
// Before the clamp, dense negative cycles doubled the walks each k until int32 and int16 wrapped around.
#include <apsp/core/errors.h>
#include <apsp/graph/graph.h>
#include <apsp/solve/registry.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace apsp {
namespace {

/// Every ordered pair joined by weight @p w < 0: every vertex lies on many negative cycles.
Graph complete_negative(int n, std::int32_t w) {
  Graph g;
  g.n = n;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) g.edges.push_back({i, j, w});
  return g;
}

/// The smallest stored value (value_at only normalizes unreachable values, so a wrap-around shows).
std::int32_t smallest_value(Solver& s) {
  std::int32_t lo = kInf32;
  for (int i = 0; i < s.n(); ++i)
    for (int j = 0; j < s.n(); ++j) lo = std::min(lo, s.value_at(i, j));
  return lo;
}

struct GuardCase {
  const char* backend;
  int n;
  int block;
  DType dtype;
  std::int32_t weight;
  bool paths;
};

void expect_sums_stay_in_type(const GuardCase& c) {
  SCOPED_TRACE(std::string(c.backend) + " n=" + std::to_string(c.n) + " B=" + std::to_string(c.block) + " " +
               std::string(to_string(c.dtype)) + (c.paths ? " paths" : ""));
  SolverOptions o;
  o.block = c.block;
  o.dtype = c.dtype;
  o.track_paths = c.paths;
  auto s = create_solver(c.backend, o);
  s->reset(to_distance_matrix(complete_negative(c.n, c.weight), c.block, c.dtype));
  const std::int32_t lowest_allowed = 2 * floor_of(c.dtype);
  bool reported = false;
  for (int step = 0; step < 4 * c.n && !reported; ++step) {
    try {
      s->step(Granularity::KStep);
    } catch (const NegativeCycleError& e) {
      reported = true;
      EXPECT_GE(e.cycle().size(), 2u);
    }
    const std::int32_t lo = smallest_value(*s);
    ASSERT_GE(lo, lowest_allowed) << "after k-step " << step;
    ASSERT_LT(lo, 0) << "the negative cycle's walks must stay negative (after k-step " << step << ")";
  }
  EXPECT_TRUE(reported) << "the negative cycle was not reported";
}

TEST(OverflowGuard, DenseNegativeCyclesStayInsideInt32) {
  for (const char* b : {"cpu-naive", "cpu-blocked"})
    for (bool paths : {false, true}) {
      expect_sums_stay_in_type({b, 40, 40, DType::I32, -1000, paths});  // one round of 40 doublings
      expect_sums_stay_in_type({b, 70, 32, DType::I32, -30000, paths});  // three rounds, ragged last block
    }
}

TEST(OverflowGuard, DenseNegativeCyclesStayInsideInt16) {
  for (const char* b : {"cpu-naive", "cpu-blocked"})
    for (bool paths : {false, true}) expect_sums_stay_in_type({b, 8, 8, DType::I16, -400, paths});
}

TEST(OverflowGuard, NegativeSelfLoopIsReportedWithoutOverflow) {
  // A self loop is left out of the lower bound L, so only the floor keeps its walks inside the type.
  Graph g;
  g.n = 33;
  for (int i = 0; i + 1 < g.n; ++i) g.edges.push_back({i, i + 1, 1});
  g.edges.push_back({5, 5, -500000000});  // two trips round it already leave 2 * floor
  for (const char* b : {"cpu-naive", "cpu-blocked"}) {
    SolverOptions o;
    o.block = 33;
    auto s = create_solver(b, o);
    EXPECT_THROW(solve_all(*s, to_distance_matrix(g, 33, DType::I32)), NegativeCycleError) << b;
    EXPECT_GE(smallest_value(*s), 2 * kFloor32) << b;
  }
}

TEST(OverflowGuard, FloorIsBelowEveryRealDistance) {
  // The range check refuses graphs with 2|L| + Wmax > (INF - 1) / 2, so every real distance is >= L > floor.
  EXPECT_LT(kFloor32, -(kInf32 + 1) / 4);
  EXPECT_LT(kFloor16, -(kInf16 + 1) / 4);
  // 4 * floor is the smallest sum: it must fit the type.
  EXPECT_GE(4LL * kFloor32, static_cast<long long>(INT32_MIN));
  EXPECT_GE(4LL * kFloor16, static_cast<long long>(INT16_MIN));
}

}  // namespace
}  // namespace apsp
