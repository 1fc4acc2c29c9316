#pragma once
// The overflow-guard check shared by the CPU and CUDA tests: dense negative cycles must never push a sum outside
// the element type (range_policy.h's floor argument). After every step every stored value stays >= 2 * floor,
// and the cycle is still reported at the end of its round.
#include <apsp/core/errors.h>
#include <apsp/graph/graph.h>
#include <apsp/solve/registry.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace apsp::test {

/// Every ordered pair joined by weight @p w < 0: every vertex lies on many negative cycles.
inline Graph complete_negative(int n, std::int32_t w) {
  Graph g;
  g.n = n;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j) g.edges.push_back({i, j, w});
  return g;
}

/// The smallest stored value: read() and value_at() only normalize unreachable values, so a wrap-around shows.
/// Once a cycle was reported read() may refuse the garbage with a RangeError; then cell by cell.
inline std::int32_t smallest_value(Solver& s) {
  std::int32_t lo = kInf32;
  try {
    DistanceMatrix m;
    s.read(m);
    for (int i = 0; i < m.n(); ++i)
      for (int j = 0; j < m.n(); ++j) lo = std::min(lo, m.get(i, j));
  } catch (const RangeError&) {
    for (int i = 0; i < s.n(); ++i)
      for (int j = 0; j < s.n(); ++j) lo = std::min(lo, s.value_at(i, j));
  }
  return lo;
}

struct GuardCase {
  std::string backend;
  int n;
  int block;
  DType dtype;
  std::int32_t weight;
  bool paths = false;
  Granularity step = Granularity::KStep;
  int gpus = 1;
};

inline void expect_sums_stay_in_type(const GuardCase& c) {
  SCOPED_TRACE(c.backend + " n=" + std::to_string(c.n) + " B=" + std::to_string(c.block) + " " +
               std::string(to_string(c.dtype)) + (c.paths ? " paths" : "") +
               (c.step == Granularity::KStep ? " k-steps" : " phases") + " gpus=" + std::to_string(c.gpus));
  SolverOptions o;
  o.block = c.block;
  o.dtype = c.dtype;
  o.track_paths = c.paths;
  o.gpus = c.gpus;
  auto s = create_solver(c.backend, o);
  s->reset(to_distance_matrix(complete_negative(c.n, c.weight), c.block, c.dtype));
  const std::int32_t lowest_allowed = 2 * floor_of(c.dtype);
  bool reported = false;
  for (int step = 0; step < 4 * c.n && !reported; ++step) {
    try {
      s->step(c.step);
    } catch (const NegativeCycleError& e) {
      reported = true;
      EXPECT_GE(e.cycle().size(), 2u);
    }
    const std::int32_t lo = smallest_value(*s);
    ASSERT_GE(lo, lowest_allowed) << "after step " << step;
    ASSERT_LT(lo, 0) << "the negative cycle's walks must stay negative (after step " << step << ")";
  }
  EXPECT_TRUE(reported) << "the negative cycle was not reported";
}

}  // namespace apsp::test
