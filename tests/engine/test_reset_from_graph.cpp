// A solver loaded from the edges equals one loaded from the host-built matrix: the range policy derived from the
// edges alone, Solver::reset(const Graph&) on every CPU variant (state, policy, results, load times), and
// read_rows against read().
#include <apsp/core/errors.h>
#include <apsp/graph/generators.h>
#include <apsp/solve/range_policy.h>
#include <apsp/solve/registry.h>
#include <gtest/gtest.h>

#include "raw_state.h"
#include "reference_fw.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace apsp {
namespace {

/// Edges with everything the matrix folds away: parallel edges of different weights (often the heavier one
/// first), self loops of both signs, isolated vertices (the last quarter has no edges at some seeds).
Graph tricky_random_graph(int n, std::uint64_t seed, std::int32_t w_lo, std::int32_t w_hi) {
  SplitMix64 rng(seed);
  Graph g;
  g.n = n;
  if (n == 0) return g;
  const int reach = seed % 3 == 0 ? std::max(1, n * 3 / 4) : n;  // vertices >= reach stay isolated
  const auto weight = [&] { return static_cast<std::int32_t>(rng.uniform_int(w_lo, w_hi)); };
  const auto vertex = [&] { return static_cast<std::int32_t>(rng.uniform_int(0, reach - 1)); };
  const int m = static_cast<int>(rng.uniform_int(0, 3 * n));
  for (int e = 0; e < m; ++e) {
    const std::int32_t u = vertex(), v = vertex();
    g.edges.push_back({u, v, weight()});
    if (rng.uniform01() < 0.3) g.edges.push_back({u, v, weight()});  // a parallel edge, lighter or not
  }
  for (int e = 0; e < n / 5 + 1; ++e) {
    const std::int32_t u = vertex();
    g.edges.push_back({u, u, weight()});  // a self loop: counts only when negative
  }
  return g;
}

void expect_same_policy(const RangePolicy& a, const RangePolicy& b) {
  EXPECT_EQ(a.dtype, b.dtype);
  EXPECT_EQ(a.inf, b.inf);
  EXPECT_EQ(a.real_max, b.real_max);
  EXPECT_EQ(a.unreachable_from, b.unreachable_from);
  EXPECT_EQ(a.negative_weights, b.negative_weights);
  EXPECT_EQ(a.may_leave_range, b.may_leave_range);
}

/// make_range_policy from the edges against make_range_policy of to_distance_matrix: equal fields, or the same
/// RangeError. Returns whether it threw, so callers can see that both kinds of case were exercised.
bool expect_policy_from_edges_matches(const Graph& g, DType dtype) {
  std::optional<RangePolicy> from_matrix, from_edges;
  std::string matrix_error, edges_error;
  try {
    from_matrix = make_range_policy(to_distance_matrix(g, 8, dtype));
  } catch (const RangeError& e) {
    matrix_error = e.what();
  }
  try {
    from_edges = make_range_policy(g, dtype);
  } catch (const RangeError& e) {
    edges_error = e.what();
  }
  EXPECT_EQ(matrix_error, edges_error);
  EXPECT_EQ(from_matrix.has_value(), from_edges.has_value());
  if (from_matrix && from_edges) expect_same_policy(*from_matrix, *from_edges);
  return !from_matrix.has_value();
}

TEST(RangePolicyFromEdges, EqualsThePolicyOfTheHostMatrixOnRandomGraphs) {
  int threw = 0, cases = 0, may_leave = 0;
  for (const DType dtype : {DType::I32, DType::I16}) {
    const std::int32_t limit = inf_of(dtype) - 1;  // the largest weight the dtype accepts
    const std::int32_t real_max = (inf_of(dtype) - 1) / 2;
    for (const int n : {0, 1, 2, 3, 7, 16, 33, 100}) {
      const std::int32_t threshold = real_max / std::max(n - 1, 1);  // (n - 1) * Wp crosses real_max about here
      const std::pair<std::int32_t, std::int32_t> ranges[] = {
          {0, 10}, {-3, 20}, {-60, 60}, {0, 2 * threshold}, {-2, threshold + 1}, {-limit, limit}, {1, limit}};
      for (const auto& [lo, hi] : ranges)
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
          const Graph g = tricky_random_graph(n, seed * 1000 + static_cast<std::uint64_t>(n), lo, hi);
          SCOPED_TRACE("n " + std::to_string(n) + " w " + std::to_string(lo) + ".." + std::to_string(hi) + " seed " +
                       std::to_string(seed) + " " + std::string(to_string(dtype)));
          const bool t = expect_policy_from_edges_matches(g, dtype);
          threw += t;
          if (!t) may_leave += make_range_policy(g, dtype).may_leave_range;
          ++cases;
        }
    }
  }
  // Both outcomes of each question occurred, so equality was tested on both sides of every threshold.
  EXPECT_GT(threw, 0);
  EXPECT_LT(threw, cases);
  EXPECT_GT(may_leave, 0);
  EXPECT_LT(may_leave, cases - threw);
}

TEST(RangePolicyFromEdges, OnlyTheLightestParallelEdgeAndNegativeSelfLoopsCount) {
  // 3 vertices: real_max / 2 is where (n - 1) * Wp crosses real_max. A heavy parallel edge and a heavy self
  // loop are folded away by the matrix, so they must not make the policy think a path could leave the range.
  const std::int32_t heavy = (kInf32 - 1) / 2 / 2 + 1;
  Graph g;
  g.n = 3;
  g.edges = {{0, 1, heavy}, {0, 1, 5}, {2, 2, heavy}, {1, 2, 7}};
  expect_policy_from_edges_matches(g, DType::I32);
  EXPECT_FALSE(make_range_policy(g, DType::I32).may_leave_range);
  EXPECT_FALSE(make_range_policy(g, DType::I32).negative_weights);
  g.edges.push_back({1, 1, -1});  // a negative self loop is a negative cycle
  expect_policy_from_edges_matches(g, DType::I32);
  EXPECT_TRUE(make_range_policy(g, DType::I32).negative_weights);
  g.edges.push_back({2, 0, heavy});
  expect_policy_from_edges_matches(g, DType::I32);
  EXPECT_TRUE(make_range_policy(g, DType::I32).may_leave_range);
  // Parallel negative edges: only the lightest enters L.
  Graph p;
  p.n = 2;
  p.edges = {{0, 1, -2}, {0, 1, -7}, {0, 1, 3}};
  expect_policy_from_edges_matches(p, DType::I16);
  EXPECT_EQ(make_range_policy(p, DType::I16).unreachable_from, kInf16 - 14);
}

// ---- Solver::reset(const Graph&) on the CPU variants --------------------------------------------------------------

std::vector<std::pair<std::string, int>> cpu_variants() {
  std::vector<std::pair<std::string, int>> out;
  for (const BackendInfo& b : list_backends())
    if (!b.gpu && b.available) out.emplace_back(b.name, b.block_sizes.empty() ? 8 : b.block_sizes.front());
  return out;
}

std::unique_ptr<Solver> make(const std::string& backend, int block, DType dtype) {
  SolverOptions o;
  o.block = block;
  o.dtype = dtype;
  return create_solver(backend, o);
}

/// Runs @p s to the end; the negative cycle's vertices when it reports one, empty otherwise.
std::vector<std::int32_t> run_to_end(Solver& s) {
  try {
    s.step(Granularity::ToEnd);
  } catch (const NegativeCycleError& e) {
    return e.cycle().empty() ? std::vector<std::int32_t>{-1} : e.cycle();
  }
  return {};
}

void expect_reset_from_graph_matches(const std::string& backend, int block, DType dtype, const Graph& g) {
  auto from_graph = make(backend, block, dtype);
  auto from_matrix = make(backend, block, dtype);
  from_graph->reset(g);
  from_matrix->reset(to_distance_matrix(g, block, dtype));
  const Solver::LoadTimes& times = from_graph->load_times();
  EXPECT_FALSE(times.built_on_device);  // no CPU variant builds on a device
  EXPECT_GE(times.build_ms, 0);
  EXPECT_GE(times.upload_ms, 0);
  EXPECT_EQ(times.upload_bytes, DistanceMatrix::required_bytes(g.n, block, dtype));
  EXPECT_EQ(from_graph->n(), g.n);
  EXPECT_EQ(from_graph->rounds(), from_matrix->rounds());
  expect_same_policy(from_graph->range_policy(), from_matrix->range_policy());
  EXPECT_TRUE(test::same_bytes(test::raw_state(*from_graph), test::raw_state(*from_matrix)));

  const std::vector<std::int32_t> cycle_a = run_to_end(*from_graph);
  const std::vector<std::int32_t> cycle_b = run_to_end(*from_matrix);
  EXPECT_EQ(cycle_a, cycle_b);
  EXPECT_EQ(from_graph->finished(), from_matrix->finished());
  if (cycle_a.empty()) {
    DistanceMatrix a, b;
    from_graph->read(a);
    from_matrix->read(b);
    EXPECT_TRUE(test::same_bytes(a, b));
  }
}

TEST(ResetFromGraph, EveryCpuVariantLoadsTheSameStateAsFromTheHostMatrix) {
  const auto variants = cpu_variants();
  ASSERT_GE(variants.size(), 2u);
  for (const auto& [backend, block] : variants)
    for (const DType dtype : {DType::I32, DType::I16})
      for (const int n : {0, 1, 2, 3 * block - 1, 3 * block + 5}) {
        for (int flavour = 0; flavour < 3; ++flavour) {
          SCOPED_TRACE(backend + " " + std::string(to_string(dtype)) + " n " + std::to_string(n) + " flavour " +
                       std::to_string(flavour));
          Graph g;
          if (flavour == 0) {
            g = tricky_random_graph(n, 11 + static_cast<std::uint64_t>(n), 0, 30);
          } else if (flavour == 1) {
            test::RandomGraphOptions o;  // negative weights from potentials: no negative cycle
            o.negative = true;
            o.density = 0.15;
            if (n > 0) g = test::random_graph(n, 23 + static_cast<std::uint64_t>(n), o);
          } else {
            g = tricky_random_graph(n, 37 + static_cast<std::uint64_t>(n), -4, 30);  // negative self loops: cycles
          }
          expect_reset_from_graph_matches(backend, block, dtype, g);
        }
      }
}

TEST(ResetFromGraph, RefusesWhatTheHostMatrixRefuses) {
  for (const auto& [backend, block] : cpu_variants()) {
    SCOPED_TRACE(backend);
    Graph wide;  // a weight int16 cannot hold
    wide.n = 3;
    wide.edges = {{0, 1, 20000}};
    auto s = make(backend, block, DType::I16);
    EXPECT_THROW(s->reset(wide), RangeError);
    EXPECT_FALSE(s->loaded());
    Graph negative;  // fits int16 edge by edge, but the negative sum leaves no safe margin
    negative.n = 4;
    negative.edges = {{0, 1, -3000}, {1, 2, -3000}, {2, 3, 10}};
    EXPECT_THROW(s->reset(negative), RangeError);
    EXPECT_THROW(s->reset(to_distance_matrix(negative, block, DType::I16)), RangeError);
    Graph outside;  // an endpoint outside 0..n-1
    outside.n = 2;
    outside.edges = {{0, 2, 1}};
    EXPECT_THROW(s->reset(outside), InputError);
  }
}

// ---- read_rows -----------------------------------------------------------------------------------------------------

void expect_rows_match_read(Solver& s) {
  DistanceMatrix whole;
  s.read(whole);
  const int n = s.n();
  const std::pair<int, int> spans[] = {{0, n}, {0, 1}, {n - 1, 1}, {n / 3, n / 2}, {n / 2, 0}};
  for (const auto& [row_begin, rows] : spans) {
    SCOPED_TRACE("rows " + std::to_string(row_begin) + " + " + std::to_string(rows));
    std::vector<std::int32_t> out(static_cast<std::size_t>(rows) * static_cast<std::size_t>(n), -7);
    s.read_rows(row_begin, rows, out.data());
    for (int r = 0; r < rows; ++r)
      for (int j = 0; j < n; ++j)
        ASSERT_EQ(out[static_cast<std::size_t>(r) * static_cast<std::size_t>(n) + static_cast<std::size_t>(j)],
                  whole.get(row_begin + r, j))
            << "cell " << row_begin + r << ", " << j;
  }
  std::vector<std::int32_t> one(static_cast<std::size_t>(n));
  EXPECT_THROW(s.read_rows(n, 1, one.data()), UsageError);
  EXPECT_THROW(s.read_rows(-1, 1, one.data()), UsageError);
}

TEST(ReadRows, EqualsTheRowsOfReadMidSolveAndFinished) {
  test::RandomGraphOptions o;
  o.negative = true;  // INF + a negative weight must read back as INF from both
  o.density = 0.08;
  o.split = true;     // unreachable pairs
  const Graph g = test::random_graph(45, 5, o);
  ASSERT_LT(g.weight_range().first, 0);
  for (const auto& [backend, block] : cpu_variants())
    for (const DType dtype : {DType::I32, DType::I16}) {
      SCOPED_TRACE(backend + " " + std::string(to_string(dtype)));
      auto s = make(backend, block, dtype);
      s->reset(g);
      ASSERT_LT(s->range_policy().unreachable_from, s->range_policy().inf);  // normalization is exercised
      s->step(Granularity::Round);
      s->step(Granularity::Phase);
      ASSERT_FALSE(s->finished());
      expect_rows_match_read(*s);
      s->step(Granularity::ToEnd);
      ASSERT_TRUE(s->finished());
      expect_rows_match_read(*s);
    }
}

}  // namespace
}  // namespace apsp
