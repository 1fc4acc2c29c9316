#pragma once
// Shared helpers of the CUDA tests: skip without a device, run a backend, compare with cpu-blocked.
#include <apsp/core/errors.h>
#include <apsp/device/device_info.h>
#include <apsp/graph/graph.h>
#include <apsp/solve/registry.h>
#include <gtest/gtest.h>

#include "reference_fw.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#define APSP_REQUIRE_GPU()                                                                   \
  do {                                                                                       \
    if (::apsp::cuda_device_count() == 0) GTEST_SKIP() << ::apsp::cuda_unavailable_reason(); \
  } while (0)

namespace apsp::test {

inline std::unique_ptr<Solver> make_loaded(const std::string& backend, const DistanceMatrix& initial, int block,
                                           DType dtype) {
  SolverOptions o;
  o.block = block;
  o.dtype = dtype;
  auto s = create_solver(backend, o);
  s->reset(initial);
  return s;
}

inline std::vector<std::int64_t> current(Solver& s) {
  DistanceMatrix m;
  s.read(m);
  return as_vector(m);
}

/// Solves @p initial to the end with @p backend and returns the normalized distances.
inline std::vector<std::int64_t> solve_with(const std::string& backend, const DistanceMatrix& initial, int block,
                                            DType dtype) {
  auto s = make_loaded(backend, initial, block, dtype);
  s->step(Granularity::ToEnd);
  EXPECT_TRUE(s->finished());
  return current(*s);
}

/// Block sizes each CUDA variant compiles (the k-step variants take any; a few are enough).
inline std::vector<int> blocks_of(const std::string& backend) {
  if (backend == "cuda-blocked") return {8, 16, 32, 64};
  if (backend == "cuda-tuned") return {32, 64, 128};
  if (backend == "cuda-staged" || backend == "cuda-blocked-vec") return {64};
  return {16, 64};
}

/// Runs @p s to the end and checks that it reports a negative cycle whose vertices really form a cycle of
/// negative weight in @p g (lightest parallel edge per hop).
inline void expect_negative_cycle_reported(Solver& s, const Graph& g) {
  try {
    s.step(Granularity::ToEnd);
    ADD_FAILURE() << "no NegativeCycleError";
  } catch (const NegativeCycleError& e) {
    const auto& cycle = e.cycle();
    ASSERT_GE(cycle.size(), 2u);
    std::int64_t total = 0;
    for (std::size_t t = 0; t < cycle.size(); ++t) {
      const int u = cycle[t], v = cycle[(t + 1) % cycle.size()];
      std::int64_t best = INT64_MAX;
      for (const Edge& ed : g.edges)
        if (ed.src == u && ed.dst == v) best = std::min<std::int64_t>(best, ed.weight);
      ASSERT_NE(best, INT64_MAX) << "no edge " << u << " -> " << v;
      total += best;
    }
    EXPECT_LT(total, 0);
  }
  EXPECT_TRUE(s.finished());
}

/// 637 vertices (a random graph, density 0.03) with the cycle 10 -> 400 -> 630 -> 10 of weight -1: its vertices lie
/// in different bands on 2 and 4 GPUs and on 2 ranks (rank 0 holds row 10, rank 1 rows 400 and 630).
inline Graph negative_cycle_across_bands() {
  RandomGraphOptions o;
  o.density = 0.03;
  Graph g = random_graph(637, 99, o);
  g.edges.push_back({10, 400, 3});
  g.edges.push_back({400, 630, -2});
  g.edges.push_back({630, 10, -2});
  return g;
}

inline const std::vector<std::string>& cuda_backends() {
  // The whole optimization ladder (apsp/solve/ladder.h), in its order.
  static const std::vector<std::string> names{"cuda-simple",  "cuda-naive",  "cuda-simple-vec",  "cuda-pseudo-blocked",
                                              "cuda-blocked", "cuda-staged", "cuda-blocked-vec", "cuda-tuned"};
  return names;
}

}  // namespace apsp::test
