// cuda-batched-bf against cpu-blocked (small graphs, every row) and cpu-dijkstra (larger ones): zero and
// negative weights, parallel edges, self loops, disconnected parts, n not a multiple of the warp or vector
// width, batches that do not divide the sources, every chunk width and a few block sizes; subsets in any order;
// the course cases by SHA-256; a negative cycle; distances beyond int32 either way; per-batch samples; the
// issue's target graph and a million vertices from 1024 sources. Skips without a CUDA device (label gpu).
#include <apsp/core/errors.h>
#include <apsp/graph/generators.h>
#include <apsp/io/graph_io.h>
#include <apsp/solve/sparse_registry.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "cuda_test_support.h"
#include "reference_fw.h"
#include "sha256.h"
#include "sparse_test_support.h"

namespace apsp {
namespace {

using test::dense_rows;
using test::first_difference;
using test::random_graph;
using test::RandomGraphOptions;
using test::sparse_rows;

constexpr const char* kBackend = "cuda-batched-bf";

SparseSolverOptions knobs(int chunk, int batch, int threads_per_block = 96) {
  SparseSolverOptions o;
  o.chunk = chunk;
  o.batch = batch;
  o.threads_per_block = threads_per_block;
  return o;
}

/// Chunk widths, batches that are not multiples of the chunk (rounded up) or do not divide S, block sizes.
std::vector<SparseSolverOptions> knob_corners() {
  return {knobs(128, 0), knobs(32, 32, 32), knobs(64, 96, 1024), knobs(128, 200, 64), knobs(32, 50, 256)};
}

std::string label(const SparseSolverOptions& o) {
  return "chunk " + std::to_string(o.chunk) + ", batch " + std::to_string(o.batch) + ", tpb " +
         std::to_string(o.threads_per_block);
}

TEST(CudaBatchedBf, EqualsCpuBlockedOnEveryRowOfSmallGraphs) {
  APSP_REQUIRE_GPU();
  std::uint64_t seed = 300;
  for (int n : {1, 2, 31, 33, 97, 130}) {  // below, at and past one warp and one 128-source chunk
    for (int variant = 0; variant < 4; ++variant) {
      RandomGraphOptions o;  // weights 0..20: zero weights, parallel edges, self loops
      o.density = variant == 3 ? 0.4 : 4.0 / n;
      o.negative = variant == 1 || variant == 2;
      o.split = variant == 2;
      const Graph g = random_graph(n, seed++, o);
      SCOPED_TRACE("n = " + std::to_string(n) + ", variant " + std::to_string(variant));
      const std::vector<std::int32_t> all = SourceSpec::parse("all").resolve(n);
      const SourceDistances expected = dense_rows(g, all);
      for (const SparseSolverOptions& k : knob_corners())
        EXPECT_EQ(first_difference(sparse_rows(kBackend, g, all, k), expected), "") << label(k);
    }
  }
}

TEST(CudaBatchedBf, EqualsCpuDijkstraOnLargerGraphsAndSubsets) {
  APSP_REQUIRE_GPU();
  std::uint64_t seed = 400;
  for (int n : {517, 1000, 2049}) {
    for (int variant = 0; variant < 3; ++variant) {
      RandomGraphOptions o;
      o.density = 6.0 / n;
      o.negative = variant >= 1;
      o.split = variant == 2;
      const Graph g = random_graph(n, seed++, o);
      for (const std::string& spec : {std::string("0:300"), std::to_string(n - 1) + ",0,17," + std::to_string(n / 2)}) {
        SCOPED_TRACE("n = " + std::to_string(n) + ", variant " + std::to_string(variant) + ", sources " + spec);
        const std::vector<std::int32_t> sources = SourceSpec::parse(spec).resolve(n);
        const SourceDistances expected = sparse_rows("cpu-dijkstra", g, sources);
        for (const SparseSolverOptions& k : knob_corners()) {
          const SourceDistances got = sparse_rows(kBackend, g, sources, k);
          EXPECT_EQ(got.sources, sources);
          EXPECT_EQ(first_difference(got, expected), "") << label(k);
        }
      }
    }
  }
}

TEST(CudaBatchedBf, ManyZeroWeightsAndLongPaths) {
  APSP_REQUIRE_GPU();
  RandomGraphOptions o;
  o.density = 0.02;
  o.w_lo = 0;
  o.w_hi = 2;  // many zero-weight edges: ties everywhere
  const Graph zero = random_graph(700, 9, o);
  const std::vector<std::int32_t> all = SourceSpec::parse("all").resolve(zero.n);
  EXPECT_EQ(first_difference(sparse_rows(kBackend, zero, all), sparse_rows("cpu-dijkstra", zero, all)), "");
  // A ring: n - 1 rounds for the farthest vertex, so many checks of the round count.
  const Graph ring = generate(GeneratorSpec::parse("ring:n=300,w=1:9,seed=2"));
  const std::vector<std::int32_t> ring_all = SourceSpec::parse("all").resolve(ring.n);
  EXPECT_EQ(first_difference(sparse_rows(kBackend, ring, ring_all, knobs(64, 100)),
                             sparse_rows("cpu-dijkstra", ring, ring_all)),
            "");
}

TEST(CudaBatchedBf, ReportsOneSamplePerBatch) {
  APSP_REQUIRE_GPU();
  const Graph g = generate(GeneratorSpec::parse("gnm:n=300,m=1800,seed=4,w=1:30"));
  auto solver = create_sparse_solver(kBackend, knobs(32, 64));
  const SourceDistances rows = solver->solve(to_csr(g), SourceSpec::parse("all").resolve(g.n));
  const std::vector<SparseBatchSample>& batches = solver->stats().batches;
  ASSERT_EQ(batches.size(), 5u);  // 4 x 64 + 44
  std::int64_t covered = 0;
  for (const SparseBatchSample& b : batches) {
    EXPECT_EQ(b.first_row, covered);
    EXPECT_GE(b.ms, 0);
    covered += b.rows;
  }
  EXPECT_EQ(batches.back().rows, 44);
  EXPECT_EQ(covered, 300);
  EXPECT_EQ(first_difference(rows, sparse_rows("cpu-dijkstra", g, rows.sources)), "");
}

TEST(CudaBatchedBf, StopsWhenAskedAndSolvesAgainAfterwards) {
  APSP_REQUIRE_GPU();
  const Graph g = generate(GeneratorSpec::parse("gnm:n=2000,m=12000,seed=6,w=1:50"));
  const std::vector<std::int32_t> all = SourceSpec::parse("all").resolve(g.n);
  int polls = 0;
  SparseSolverOptions o = knobs(32, 64);
  o.should_stop = [&polls]() { return ++polls >= 3; };  // mid-solve: 32 batches, polled several times each
  auto solver = create_sparse_solver(kBackend, o);
  const CsrGraph csr = to_csr(g);
  EXPECT_THROW(solver->solve(csr, all), Error);
  EXPECT_EQ(polls, 3);
  polls = -1000000;  // the same solver, its streams and staging buffers, again to the end
  EXPECT_EQ(first_difference(solver->solve(csr, all), sparse_rows("cpu-dijkstra", g, all)), "");
}

TEST(CudaBatchedBf, NegativeCycleIsReported) {
  APSP_REQUIRE_GPU();
  const Graph g = generate(GeneratorSpec::parse("classroom:name=negcycle4"));
  try {
    sparse_rows(kBackend, g, {3});
    FAIL() << "expected NegativeCycleError";
  } catch (const NegativeCycleError& e) {
    EXPECT_EQ(e.cycle(), (std::vector<std::int32_t>{0, 1, 2}));
  }
}

TEST(CudaBatchedBf, DistancesBeyondInt32AreARangeError) {
  APSP_REQUIRE_GPU();
  Graph up;
  up.n = 4;
  up.edges = {{0, 1, kInf32 / 2 + 5}, {1, 2, kInf32 / 2 + 5}, {2, 3, 1}};
  EXPECT_THROW(sparse_rows(kBackend, up, {0}), RangeError);
  EXPECT_NO_THROW(sparse_rows(kBackend, up, {1}));
  // A longer path than a shorter one overflows: not an error, the shorter one counts.
  Graph detour = up;
  detour.edges.push_back({0, 2, 7});
  const SourceDistances d = sparse_rows(kBackend, detour, {0});
  EXPECT_EQ(d.values, (DistanceValues{0, kInf32 / 2 + 5, 7, 8}));
  Graph down;
  down.n = 3;
  down.edges = {{0, 1, -(kInf32 / 2 + 5)}, {1, 2, -(kInf32 / 2 + 5)}};
  EXPECT_THROW(sparse_rows(kBackend, down, {0}), RangeError);
  EXPECT_NO_THROW(sparse_rows(kBackend, down, {1, 2}));
}

std::string read_expected(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::string s;
  in >> s;
  return s;
}

/// Both GPU sparse solvers (this one and cuda-dijkstra) on every course case, all sources, by SHA-256.
TEST(CudaBatchedBf, CourseCasesMatchTheExpectedDigests) {
  APSP_REQUIRE_GPU();
  const std::filesystem::path dir = std::filesystem::path(APSP_TESTDATA_DIR) / "course-hw3";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << dir << " not present";
  for (const char* backend : {kBackend, "cuda-dijkstra"}) {
    int cases = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      const std::string name = entry.path().filename().string();
      if (name == "README.md" || name.ends_with(".sha256")) continue;
      SCOPED_TRACE(std::string(backend) + " " + name);
      const Graph g = read_graph(entry.path().string()).graph;
      const SourceDistances d = sparse_rows(backend, g, SourceSpec::parse("all").resolve(g.n));
      test::Sha256 h;
      h.update(d.values.data(), d.values.size() * sizeof(std::int32_t));  // n x n little-endian int32
      EXPECT_EQ(h.hex(), read_expected(entry.path().string() + ".out.sha256"));
      ++cases;
    }
    EXPECT_GE(cases, 17) << backend;
  }
}

TEST(CudaBatchedBf, TargetGraphFromFiveHundredSources) {
  APSP_REQUIRE_GPU();
  const Graph g = generate(GeneratorSpec::parse("er:n=16384,p=0.0005,seed=1,w=1:100"));
  const std::vector<std::int32_t> sources = SourceSpec::parse("0:500").resolve(g.n);
  EXPECT_EQ(first_difference(sparse_rows(kBackend, g, sources), sparse_rows("cpu-dijkstra", g, sources)), "");
}

/// Every source of the target graph, twice (the first run warms up): prints where the time goes (the
/// bench times the whole solve() only), checks a sample of rows against cpu-dijkstra.
TEST(CudaBatchedBf, TargetGraphAllSourcesTimings) {
  APSP_REQUIRE_GPU();
  const Graph g = generate(GeneratorSpec::parse("er:n=16384,p=0.0005,seed=1,w=1:100"));
  const CsrGraph csr = to_csr(g);
  const std::vector<std::int32_t> all = SourceSpec::parse("all").resolve(g.n);
  auto solver = create_sparse_solver(kBackend, {});
  SourceDistances rows;
  for (int run = 0; run < 2; ++run) {
    const auto t0 = std::chrono::steady_clock::now();
    rows = solver->solve(csr, all);
    const double total_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    const SparseSolveStats& stats = solver->stats();
    std::vector<double> batch_ms;
    for (const SparseBatchSample& b : stats.batches) batch_ms.push_back(b.ms);
    std::sort(batch_ms.begin(), batch_ms.end());
    std::printf(
        "cuda-batched-bf er:n=16384,p=0.0005 all sources, run %d: solve() %.1f ms, solve_rows %.1f ms (the "
        "rest: the result's allocation and fill), %zu batches, batch ms min %.2f median %.2f max %.2f\n",
        run, total_ms, stats.rows_ms, batch_ms.size(), batch_ms.front(), batch_ms[batch_ms.size() / 2],
        batch_ms.back());
  }
  std::vector<std::int32_t> sample = SourceSpec::parse("0:64").resolve(g.n);
  sample.push_back(g.n - 1);
  const SourceDistances expected = sparse_rows("cpu-dijkstra", g, sample);
  for (std::size_t i = 0; i < sample.size(); ++i)
    ASSERT_TRUE(std::equal(expected.row(static_cast<std::int64_t>(i)), expected.row(static_cast<std::int64_t>(i)) + g.n,
                           rows.row(sample[i])))
        << "source " << sample[i];
}

TEST(CudaBatchedBf, MillionVerticesFrom1024Sources) {
  APSP_REQUIRE_GPU();
  const Graph g = generate(GeneratorSpec::parse("gnm:n=1048576,m=8388608,seed=3,w=1:20"));
  const std::vector<std::int32_t> sources = SourceSpec::parse("0:1024").resolve(g.n);
  const SourceDistances expected = sparse_rows("cpu-dijkstra", g, sources);
  EXPECT_EQ(first_difference(sparse_rows(kBackend, g, sources), expected), "");
}

}  // namespace
}  // namespace apsp
