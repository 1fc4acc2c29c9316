// Recovering a negative cycle's vertices, dense (after Floyd–Warshall saw a negative diagonal) and sparse
// (Johnson's potentials): exact (a real cycle of negative weight, in edge order from its smallest vertex, the
// same for any number of threads), found in a few rounds when the cycle is short, and bounded by the same stop
// hook as the solve: a stop that says "stop" gives up the vertices (dense) or the solve (sparse), a hook that
// throws ends it with its exception. Rounds are counted through the hook's polls, never timed.
#include <apsp/core/errors.h>
#include <apsp/graph/csr.h>
#include <apsp/graph/generators.h>
#include <apsp/solve/negative_cycle.h>
#include <apsp/solve/registry.h>
#include <apsp/solve/sparse_solver.h>
#include <gtest/gtest.h>

#include <climits>
#include <csignal>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace apsp {
namespace {

/// The weight of @p cycle in @p g (the lightest parallel edge per hop, closing back to the first vertex), or
/// nullopt when a hop is no edge.
std::optional<std::int64_t> cycle_weight(const Graph& g, const std::vector<std::int32_t>& cycle) {
  std::int64_t total = 0;
  for (std::size_t t = 0; t < cycle.size(); ++t) {
    const std::int32_t u = cycle[t], v = cycle[(t + 1) % cycle.size()];
    std::int64_t best = INT64_MAX;
    for (const Edge& e : g.edges)
      if (e.src == u && e.dst == v) best = std::min<std::int64_t>(best, e.weight);
    if (best == INT64_MAX) return std::nullopt;
    total += best;
  }
  return total;
}

/// 1 -> 2 -> 3 -> 1 weighs -1.
Graph small_cycle() {
  Graph g;
  g.n = 6;
  g.edges = {{0, 1, 2}, {1, 2, -3}, {2, 3, 1}, {3, 1, 1}, {4, 5, 1}};
  return g;
}

/// The ring 0 -> 1 -> ... -> n-1 -> 0 weighs -1 (every edge 1, the closing one -n), and random chords of
/// weight 1000..2000 make the matrix dense without closing any other negative cycle: the only negative cycle
/// passes through every vertex, the longest search there is.
Graph hamiltonian_cycle(int n) {
  Graph g = generate(GeneratorSpec::parse("er:n=" + std::to_string(n) + ",p=0.3,seed=4,w=1000:2000"));
  for (int v = 0; v + 1 < n; ++v) g.edges.push_back({v, v + 1, 1});
  g.edges.push_back({n - 1, 0, -n});
  return g;
}

NegativeCycleError dense_error(const Graph& g, const SolverOptions& options, const char* backend = "cpu-blocked") {
  auto s = create_solver(backend, options);
  try {
    solve_all(*s, to_distance_matrix(g, options.block, options.dtype));
  } catch (const NegativeCycleError& e) {
    return e;
  }
  ADD_FAILURE() << backend << " did not report a negative cycle";
  return NegativeCycleError({});
}

TEST(NegativeCycle, ParentCycleFollowsTheEdgesFromItsSmallestVertex) {
  // parent[v] = u stands for the edge u -> v: 3 -> 1 -> 2 -> 3, and 0 -> 4 hangs off it.
  EXPECT_EQ(parent_cycle({-1, 3, 1, 2, 0}), (std::vector<std::int32_t>{1, 2, 3}));
  EXPECT_EQ(parent_cycle({-1, 0, 1, 2}), (std::vector<std::int32_t>{}));  // a tree: no cycle
  EXPECT_EQ(parent_cycle({}), (std::vector<std::int32_t>{}));
}

TEST(NegativeCycle, DenseRecoveryIsExactAndTheSameForAnyThreadCount) {
  const Graph ring = hamiltonian_cycle(150);
  std::vector<std::int32_t> every(150);
  for (int v = 0; v < 150; ++v) every[static_cast<std::size_t>(v)] = v;
  EXPECT_EQ(find_negative_cycle(to_distance_matrix(ring, 64, DType::I32), {}, 1), every);
  EXPECT_EQ(find_negative_cycle(to_distance_matrix(ring, 16, DType::I16), {}, 3), every);

  for (int seed = 1; seed <= 6; ++seed) {
    const Graph g = generate(GeneratorSpec::parse("er:n=120,p=0.05,w=-20:60,seed=" + std::to_string(seed)));
    const DistanceMatrix m = to_distance_matrix(g, 32, DType::I32);
    const std::vector<std::int32_t> one = find_negative_cycle(m, {}, 1);
    EXPECT_EQ(find_negative_cycle(m, {}, 4), one) << seed;
    if (one.empty()) continue;
    const auto weight = cycle_weight(g, one);
    ASSERT_TRUE(weight.has_value()) << seed;
    EXPECT_LT(*weight, 0) << seed;
    EXPECT_EQ(*std::min_element(one.begin(), one.end()), one.front()) << seed;
  }
}

TEST(NegativeCycle, DenseRecoveryOfAShortCycleTakesAFewRounds) {
  // 0 <-> 1 weighs -2 in a 2048-vertex matrix: Bellman–Ford run for n rounds would visit n^3 = 8.6e9 cells;
  // the parents close the cycle in the first round. At most two polls a round here.
  Graph g;
  g.n = 2048;
  g.edges = {{0, 1, -1}, {1, 0, -1}, {5, 7, 3}};
  int polls = 0;
  SolverOptions o;
  o.should_stop = [&polls] {
    ++polls;
    return false;
  };
  const NegativeCycleError e = dense_error(g, o);
  EXPECT_EQ(e.cycle(), (std::vector<std::int32_t>{0, 1}));
  EXPECT_NE(std::string(e.what()).find("negative cycle: 0 1 0"), std::string::npos) << e.what();
  EXPECT_GE(polls, 1);
  EXPECT_LE(polls, 4);
}

TEST(NegativeCycle, DenseStopGivesUpTheVerticesButStillReportsTheCycle) {
  // A deadline that has passed (the CLI's --max-seconds) or a cancel: the recovery returns at its first poll,
  // before it starts.
  for (const char* backend : {"cpu-naive", "cpu-blocked"}) {
    int polls = 0;
    SolverOptions o;
    o.block = 2;
    o.should_stop = [&polls] {
      ++polls;
      return true;
    };
    const NegativeCycleError e = dense_error(small_cycle(), o, backend);
    EXPECT_TRUE(e.cycle().empty()) << backend;
    EXPECT_EQ(polls, 1) << backend;
    EXPECT_EQ(exit_code(e), exit_status::kNegativeCycle);
    EXPECT_EQ(std::string(e.what()), "negative cycle (stopped before its vertices were recovered)");
  }
  // A long search (the ring runs against the row order: a change crosses one slab of rows per round, so the
  // parents close it after dozens of rounds) stops at the poll that says so. On the matrix directly: a solve
  // would spend far longer in Floyd–Warshall than in the search.
  Graph ring;
  ring.n = 2048;
  for (int v = 0; v + 1 < ring.n; ++v) ring.edges.push_back({v + 1, v, 1});
  ring.edges.push_back({0, ring.n - 1, -ring.n});
  const DistanceMatrix m = to_distance_matrix(ring, 64, DType::I32);
  int polls = 0;
  EXPECT_TRUE(find_negative_cycle(m, [&polls] { return ++polls >= 3; }).empty());
  EXPECT_EQ(polls, 3);
  // Left alone, the same search names the whole ring.
  polls = 0;
  const std::vector<std::int32_t> named = find_negative_cycle(m, [&polls] { return ++polls < 0; });
  ASSERT_EQ(named.size(), 2048u);
  EXPECT_EQ(named[0], 0);
  EXPECT_EQ(named[1], 2047);
  EXPECT_EQ(named[2047], 1);
  EXPECT_GT(polls, 3);
}

TEST(NegativeCycle, DenseStopHookExceptionEndsTheRecovery) {
  SolverOptions o;
  o.block = 2;
  o.should_stop = []() -> bool { throw InterruptedError(SIGINT); };
  auto s = create_solver("cpu-blocked", o);
  try {
    solve_all(*s, to_distance_matrix(small_cycle(), 2, DType::I32));
    FAIL() << "expected InterruptedError";
  } catch (const InterruptedError& e) {
    EXPECT_EQ(exit_code(e), 128 + SIGINT);
  }
  EXPECT_TRUE(s->finished());
}

TEST(NegativeCycle, DenseHookThatNeverStopsChangesNothing) {
  SolverOptions o;
  o.block = 2;
  o.should_stop = [] { return false; };
  const NegativeCycleError e = dense_error(small_cycle(), o);
  EXPECT_EQ(e.cycle(), (std::vector<std::int32_t>{1, 2, 3}));
}

TEST(NegativeCycle, JohnsonFindsALongRingInAFewRounds) {
  // A ring of 10^6 vertices, every edge -1: one round in CSR order carries the change around it and the parents
  // close the ring. Bellman–Ford run for n rounds would relax 10^12 edges.
  const CsrGraph csr = to_csr(generate(GeneratorSpec::parse("ring:n=1000000,w=-1:-1")));
  try {
    (void)johnson_potentials(csr);
    FAIL() << "expected NegativeCycleError";
  } catch (const NegativeCycleError& e) {
    ASSERT_EQ(e.cycle().size(), 1000000u);
    for (std::size_t v = 0; v < e.cycle().size(); ++v) ASSERT_EQ(e.cycle()[v], static_cast<std::int32_t>(v));
    EXPECT_NE(std::string(e.what()).find("negative cycle: 0 1 2 "), std::string::npos) << e.what();
  }
}

/// A path n-1 -> ... -> 1 -> 0 of weight -1 edges, listed against CSR order: one round carries a change one
/// edge, so the potentials take n rounds (no negative cycle).
CsrGraph slow_potentials(int n) {
  Graph g;
  g.n = n;
  for (int v = 0; v + 1 < n; ++v) g.edges.push_back({v + 1, v, -1});
  return to_csr(g);
}

TEST(NegativeCycle, JohnsonPotentialsPollTheStopHook) {
  const CsrGraph csr = slow_potentials(4000);
  int polls = 0;
  try {
    (void)johnson_potentials(csr, [&polls] { return ++polls >= 5; });
    FAIL() << "expected the stop";
  } catch (const NegativeCycleError&) {
    FAIL() << "no cycle here";
  } catch (const InterruptedError&) {
    FAIL() << "no signal here";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("stopped"), std::string::npos) << e.what();
  }
  EXPECT_EQ(polls, 5);
  EXPECT_THROW((void)johnson_potentials(csr, []() -> bool { throw InterruptedError(SIGTERM); }), InterruptedError);
  // Without a stop the same graph gives its potentials.
  const std::vector<std::int64_t> h = johnson_potentials(csr, [] { return false; });
  EXPECT_EQ(h[0], -3999);
  EXPECT_EQ(h[3999], 0);
}

}  // namespace
}  // namespace apsp
