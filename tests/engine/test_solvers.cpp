// cpu-blocked against cpu-naive and a dense int64 reference: many sizes around every block size, negative
// edges, zero weights, parallel edges, self loops, disconnected parts, int16.
#include <apsp/core/errors.h>
#include <apsp/device/device_info.h>
#include <apsp/device/process_group.h>
#include <apsp/solve/registry.h>
#include <gtest/gtest.h>

#include "reference_fw.h"

namespace apsp {
namespace {

using test::as_vector;
using test::first_difference;
using test::random_graph;
using test::RandomGraphOptions;
using test::reference_fw;

DistanceMatrix solve(const std::string& backend, const Graph& g, int block, DType dtype, int threads = 0) {
  SolverOptions o;
  o.block = block;
  o.dtype = dtype;
  o.threads = threads;
  auto s = create_solver(backend, o);
  solve_all(*s, to_distance_matrix(g, block, dtype));
  DistanceMatrix out;
  s->read(out);
  return out;
}

struct Case {
  int n;
  int block;
  RandomGraphOptions graph;
  DType dtype;
};

std::vector<Case> all_cases() {
  std::vector<Case> cases;
  const int blocks[] = {1, 2, 8, 16, 32, 64, 128};
  auto flavour = [](int i) {
    RandomGraphOptions o;
    o.density = i % 3 == 0 ? 0.05 : (i % 3 == 1 ? 0.2 : 0.6);
    o.w_lo = i % 4 == 0 ? 0 : 1;  // zero weights in a quarter of the cases
    o.w_hi = i % 2 ? 9 : 100;
    o.negative = i % 2 == 1;
    o.split = i % 5 == 0;
    return o;
  };
  for (int n = 1; n <= 70; ++n) cases.push_back({n, blocks[n % 7] > n ? std::max(1, n / 2) : blocks[n % 7], flavour(n), DType::I32});
  int idx = 0;
  for (int b : blocks)
    for (int n : {b - 1, b, b + 1, 2 * b + 1, 3 * b - 1})
      if (n >= 1 && n <= 300) cases.push_back({n, b, flavour(idx++), DType::I32});
  auto small_potential = [&](int i) {  // int16 keeps 2*|negative sum| + largest weight <= 8191
    RandomGraphOptions o = flavour(i);
    o.potential = 3;
    return o;
  };
  for (int n = 1; n <= 300; n += 7) cases.push_back({n, 8 << (n % 4), small_potential(n), n % 2 ? DType::I16 : DType::I32});
  for (int n : {96, 200, 300}) cases.push_back({n, 64, small_potential(n + 1), DType::I16});
  return cases;
}

TEST(CpuBlocked, MatchesNaiveAndReferenceOnAtLeast300Graphs) {
  const std::vector<Case> cases = all_cases();
  ASSERT_GE(cases.size(), 140u);
  int checked = 0;
  for (std::size_t c = 0; c < cases.size(); ++c) {
    const Case& k = cases[c];
    for (int variant = 0; variant < 3; ++variant) {  // three seeds per case
      const Graph g = random_graph(k.n, 1000 * c + variant, k.graph);
      const auto ref = reference_fw(g, k.n);
      const DistanceMatrix naive = solve("cpu-naive", g, k.block, k.dtype);
      const DistanceMatrix blocked = solve("cpu-blocked", g, k.block, k.dtype);
      const std::string what = "n=" + std::to_string(k.n) + " block=" + std::to_string(k.block) +
                               " dtype=" + std::string(to_string(k.dtype)) + " seed=" + std::to_string(1000 * c + variant);
      ASSERT_EQ(first_difference(as_vector(naive), ref, k.n), "") << "cpu-naive " << what;
      ASSERT_EQ(first_difference(as_vector(blocked), ref, k.n), "") << "cpu-blocked " << what;
      ++checked;
    }
  }
  EXPECT_GE(checked, 300);
}

TEST(CpuBlocked, SingleThreadAndManyThreadsAgree) {
  RandomGraphOptions o;
  o.negative = true;
  const Graph g = random_graph(257, 77, o);
  const auto one = as_vector(solve("cpu-blocked", g, 32, DType::I32, 1));
  const auto four = as_vector(solve("cpu-blocked", g, 32, DType::I32, 4));
  EXPECT_EQ(first_difference(one, four, 257), "");
  EXPECT_EQ(first_difference(one, reference_fw(g, 257), 257), "");
}

TEST(CpuBlocked, BlockSizeEqualToNAndOne) {
  RandomGraphOptions o;
  const Graph g = random_graph(90, 5, o);
  const auto ref = reference_fw(g, 90);
  EXPECT_EQ(first_difference(as_vector(solve("cpu-blocked", g, 90, DType::I32)), ref, 90), "");
  EXPECT_EQ(first_difference(as_vector(solve("cpu-blocked", g, 1, DType::I32)), ref, 90), "");
  EXPECT_EQ(first_difference(as_vector(solve("cpu-blocked", g, 300, DType::I32)), ref, 90), "");
}

TEST(Solvers, UnreachableStaysInfWithNegativeEdges) {
  // Two components with negative edges: INF + negative must never look like a distance.
  RandomGraphOptions o;
  o.negative = true;
  o.potential = 50;
  o.split = true;
  o.density = 0.5;
  const Graph g = random_graph(40, 9, o);
  for (const char* b : {"cpu-naive", "cpu-blocked"}) {
    const DistanceMatrix m = solve(b, g, 8, DType::I32);
    EXPECT_EQ(m.get(0, 39), kInf32) << b;
    EXPECT_EQ(m.get(39, 0), kInf32) << b;
    EXPECT_EQ(first_difference(as_vector(m), reference_fw(g, 40), 40), "") << b;
  }
}

TEST(Solvers, NegativeCycleIsReportedWithItsVertices) {
  Graph g;
  g.n = 6;
  g.edges = {{0, 1, 2}, {1, 2, -3}, {2, 3, 1}, {3, 1, 1}, {4, 5, 1}};  // 1 -> 2 -> 3 -> 1 weighs -1
  for (const char* b : {"cpu-naive", "cpu-blocked"}) {
    SolverOptions o;
    o.block = 2;
    auto s = create_solver(b, o);
    try {
      solve_all(*s, to_distance_matrix(g, 2, DType::I32));
      FAIL() << b << " did not report the negative cycle";
    } catch (const NegativeCycleError& e) {
      std::vector<std::int32_t> cyc = e.cycle();
      ASSERT_EQ(cyc.size(), 3u) << b;
      std::sort(cyc.begin(), cyc.end());
      EXPECT_EQ(cyc, (std::vector<std::int32_t>{1, 2, 3})) << b;
      EXPECT_NE(std::string(e.what()).find("negative cycle"), std::string::npos);
      EXPECT_EQ(exit_code(e), 3);
    }
  }
}

TEST(Solvers, NegativeSelfLoopIsANegativeCycle) {
  Graph g;
  g.n = 3;
  g.edges = {{0, 1, 1}, {2, 2, -1}};
  auto s = create_solver("cpu-blocked", SolverOptions{});
  EXPECT_THROW(solve_all(*s, to_distance_matrix(g, 64, DType::I32)), NegativeCycleError);
}

TEST(Int16, DistancesBeyondTheRangeAreAnErrorNotAWrongNumber) {
  Graph g;
  g.n = 5;
  g.edges = {{0, 1, 5000}, {1, 2, 5000}, {2, 3, 5000}, {3, 4, 5000}};  // 0 -> 4 is 20000
  for (const char* b : {"cpu-naive", "cpu-blocked"}) {
    SolverOptions o;
    o.block = 2;
    o.dtype = DType::I16;
    auto s = create_solver(b, o);
    solve_all(*s, to_distance_matrix(g, 2, DType::I16));
    DistanceMatrix out;
    EXPECT_THROW(s->read(out), RangeError) << b;
  }
  // Within range the same chain is exact.
  g.edges = {{0, 1, 2000}, {1, 2, 2000}, {2, 3, 2000}, {3, 4, 2000}};
  const DistanceMatrix m = solve("cpu-blocked", g, 2, DType::I16);
  EXPECT_EQ(m.get(0, 4), 8000);
  EXPECT_EQ(m.get(4, 0), kInf32);
}

TEST(Int16, LargeNegativeWeightsAreRefusedUpFront) {
  Graph g;
  g.n = 4;
  g.edges = {{0, 1, -3000}, {1, 2, -3000}, {2, 3, 10}};
  auto s = create_solver("cpu-blocked", SolverOptions{8, DType::I16});
  EXPECT_THROW(s->reset(to_distance_matrix(g, 8, DType::I16)), RangeError);
  EXPECT_THROW(s->step(Granularity::Round), UsageError) << "a failed reset must leave the solver unloaded";
  auto s32 = create_solver("cpu-blocked", SolverOptions{8, DType::I32});
  EXPECT_NO_THROW(s32->reset(to_distance_matrix(g, 8, DType::I32)));
}

TEST(Registry, UnknownBackendAndBadBlockAreUsageErrors) {
  EXPECT_THROW(create_solver("cpu-fast", SolverOptions{}), UsageError);
  EXPECT_THROW(create_solver("cpu-blocked", SolverOptions{0}), UsageError);
  bool saw_cuda = false;
  for (const BackendInfo& b : list_backends()) {
    if (b.gpu && !b.available) {
      saw_cuda = true;
      EXPECT_FALSE(b.unavailable_reason.empty());
      EXPECT_THROW(create_solver(b.name, SolverOptions{}), UnavailableError);
    }
  }
  if (cuda_device_count() == 0) {
    EXPECT_TRUE(saw_cuda) << "CUDA variants must be listed as unavailable";
  }
}

TEST(Registry, OneProcessPerGpuIsCudaTunedOnlyAndNeedsAGpu) {
  auto group = std::make_shared<ProcessGroup>();
  group->rank = 1;
  group->world = 2;
  group->launcher = "APSP_RANK";
  SolverOptions o;
  o.block = 32;
  o.process_group = group;
  try {
    (void)create_solver("cpu-blocked", o);
    ADD_FAILURE() << "cpu-blocked accepted a process group";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("one process"), std::string::npos) << e.what();
  }
  if (cuda_device_count() == 0) {
    try {
      (void)create_solver("cuda-tuned", o);
      ADD_FAILURE() << "cuda-tuned ranks without a GPU";
    } catch (const UnavailableError& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    }
    EXPECT_THROW((void)make_nccl_unique_id(), UnavailableError);
  }
}

TEST(Paths, ReconstructedPathsHaveTheDistanceAsLength) {
  RandomGraphOptions o;
  o.negative = true;
  o.density = 0.08;
  const Graph g = random_graph(60, 21, o);
  const auto ref = reference_fw(g, 60);
  for (const char* b : {"cpu-naive", "cpu-blocked"}) {
    SolverOptions opts;
    opts.block = 16;
    opts.track_paths = true;
    auto s = create_solver(b, opts);
    const DistanceMatrix initial = to_distance_matrix(g, 16, DType::I32);
    solve_all(*s, initial);
    int found = 0;
    for (int i = 0; i < 60; i += 7)
      for (int j = 0; j < 60; j += 5) {
        const auto p = s->path(i, j);
        if (ref[static_cast<std::size_t>(i) * 60 + j] == kInf32) {
          EXPECT_FALSE(p.has_value());
          continue;
        }
        ASSERT_TRUE(p.has_value());
        ASSERT_EQ(p->front(), i);
        ASSERT_EQ(p->back(), j);
        std::int64_t len = 0;
        for (std::size_t t = 0; t + 1 < p->size(); ++t) {
          const std::int32_t w = initial.get((*p)[t], (*p)[t + 1]);
          ASSERT_NE(w, kInf32) << "path uses a missing edge";
          len += w;
        }
        EXPECT_EQ(len, ref[static_cast<std::size_t>(i) * 60 + j]) << b << " " << i << "->" << j;
        ++found;
      }
    EXPECT_GT(found, 20) << b;
  }
  auto plain = create_solver("cpu-blocked", SolverOptions{});
  solve_all(*plain, to_distance_matrix(g, 64, DType::I32));
  EXPECT_THROW(plain->path(0, 1), UsageError);
}

}  // namespace
}  // namespace apsp
