// cpu-dijkstra against cpu-blocked (zero and negative weights through Johnson, parallel edges, self loops,
// disconnected parts; all sources and subsets), a negative cycle, S x n distance files, and a 200k-vertex
// graph from 64 sources against an independent binary-heap Dijkstra.
#include <apsp/core/errors.h>
#include <apsp/graph/generators.h>
#include <apsp/io/distance_io.h>
#include <apsp/solve/sparse_registry.h>
#include <gtest/gtest.h>

#include <cstring>

#include "io_test_support.h"
#include "reference_fw.h"
#include "sparse_test_support.h"

namespace apsp {
namespace {

using test::dense_rows;
using test::first_difference;
using test::random_graph;
using test::RandomGraphOptions;
using test::sparse_rows;

struct GraphCase {
  const char* label;
  int n;
  RandomGraphOptions options;
};

std::vector<GraphCase> graph_cases() {
  std::vector<GraphCase> cases;
  for (int n : {1, 2, 7, 33, 100, 257}) {
    RandomGraphOptions zero;  // weights 0..20: zero weights, parallel edges, self loops
    zero.density = 4.0 / n;
    cases.push_back({"zero weights", n, zero});
    RandomGraphOptions negative = zero;
    negative.negative = true;  // potentials: negative edges, no negative cycle, so Johnson runs
    cases.push_back({"negative (Johnson)", n, negative});
    RandomGraphOptions split = negative;
    split.split = true;
    cases.push_back({"disconnected halves", n, split});
    RandomGraphOptions dense = zero;
    dense.density = 0.5;
    cases.push_back({"dense", n, dense});
  }
  return cases;
}

TEST(CpuDijkstra, EqualsCpuBlockedOnEveryRowOfRandomGraphs) {
  std::uint64_t seed = 1;
  for (const GraphCase& c : graph_cases()) {
    const Graph g = random_graph(c.n, seed++, c.options);
    SCOPED_TRACE(std::string(c.label) + ", n = " + std::to_string(c.n));
    const std::vector<std::int32_t> all = SourceSpec::parse("all").resolve(c.n);
    const SourceDistances expected = dense_rows(g, all);
    for (int threads : {1, 3}) {
      SparseSolverOptions o;
      o.threads = threads;
      EXPECT_EQ(first_difference(sparse_rows("cpu-dijkstra", g, all, o), expected), "") << threads << " threads";
    }
  }
}

TEST(CpuDijkstra, SubsetsAreThoseRowsInTheGivenOrder) {
  RandomGraphOptions o;
  o.density = 0.03;
  o.negative = true;
  const Graph g = random_graph(150, 77, o);
  for (const char* spec : {"0:1", "149", "10:60", "149,0,75,3", "0:150"}) {
    SCOPED_TRACE(spec);
    const std::vector<std::int32_t> sources = SourceSpec::parse(spec).resolve(g.n);
    const SourceDistances rows = sparse_rows("cpu-dijkstra", g, sources);
    EXPECT_EQ(rows.sources, sources);
    EXPECT_EQ(first_difference(rows, dense_rows(g, sources)), "");
  }
}

TEST(CpuDijkstra, ReportsJohnsonAndBatches) {
  const Graph g = generate(GeneratorSpec::parse("gnm:n=400,m=2400,seed=3,w=1:30,neg=1"));
  auto solver = create_sparse_solver("cpu-dijkstra", {});
  const SourceDistances rows = solver->solve(to_csr(g), SourceSpec::parse("all").resolve(g.n));
  EXPECT_TRUE(solver->stats().reweighted);
  std::int64_t covered = 0;
  for (const SparseBatchSample& b : solver->stats().batches) {
    EXPECT_EQ(b.first_row, covered);
    covered += b.rows;
    EXPECT_GE(b.ms, 0);
  }
  EXPECT_EQ(covered, 400);
  EXPECT_EQ(first_difference(rows, dense_rows(g, rows.sources)), "");
}

/// Sum of the cycle's edges (the lightest edge per step) and whether every step is an edge.
std::pair<bool, std::int64_t> cycle_weight(const Graph& g, const std::vector<std::int32_t>& cycle) {
  std::int64_t total = 0;
  for (std::size_t i = 0; i < cycle.size(); ++i) {
    const std::int32_t u = cycle[i], v = cycle[(i + 1) % cycle.size()];
    std::int64_t best = INT64_MAX;
    for (const Edge& e : g.edges)
      if (e.src == u && e.dst == v) best = std::min<std::int64_t>(best, e.weight);
    if (best == INT64_MAX) return {false, 0};
    total += best;
  }
  return {true, total};
}

TEST(CpuDijkstra, NegativeCycleIsReportedWithItsVertices) {
  Graph g = generate(GeneratorSpec::parse("gnm:n=200,m=900,seed=5,w=1:9"));
  g.edges.push_back({17, 40, -50});  // with a path back from 40 to 17, this closes a negative cycle
  g.edges.push_back({40, 90, 1});
  g.edges.push_back({90, 17, 1});
  for (const char* sources : {"all", "0:1"}) {  // a cycle anywhere is an error, as for Floyd-Warshall
    try {
      sparse_rows("cpu-dijkstra", g, SourceSpec::parse(sources).resolve(g.n));
      FAIL() << "expected NegativeCycleError";
    } catch (const NegativeCycleError& e) {
      const auto [is_cycle, weight] = cycle_weight(g, e.cycle());
      EXPECT_TRUE(is_cycle);
      EXPECT_LT(weight, 0);
    }
  }
  Graph loop;
  loop.n = 3;
  loop.edges = {{0, 1, 2}, {2, 2, -1}};
  try {
    sparse_rows("cpu-dijkstra", loop, {0});
    FAIL() << "expected NegativeCycleError";
  } catch (const NegativeCycleError& e) {
    EXPECT_EQ(e.cycle(), (std::vector<std::int32_t>{2}));
  }
}

TEST(CpuDijkstra, DistancesBeyondInt32AreARangeError) {
  Graph g;
  g.n = 4;
  g.edges = {{0, 1, kInf32 / 2 + 5}, {1, 2, kInf32 / 2 + 5}, {2, 3, 1}};
  EXPECT_THROW(sparse_rows("cpu-dijkstra", g, {0}), RangeError);
  EXPECT_NO_THROW(sparse_rows("cpu-dijkstra", g, {1}));
}

TEST(CpuDijkstra, LargeGraphFromSixtyFourSourcesMatchesAPlainDijkstra) {
  const Graph g = generate(GeneratorSpec::parse("gnm:n=200000,m=1000000,seed=11,w=0:1000"));
  const std::vector<std::int32_t> sources = SourceSpec::parse("0:64").resolve(g.n);
  const SourceDistances rows = sparse_rows("cpu-dijkstra", g, sources);
  ASSERT_EQ(rows.rows(), 64);
  for (std::int64_t r = 0; r < rows.rows(); r += 9) {  // every ninth row keeps the reference's time small
    const std::vector<std::int32_t> expected = test::reference_dijkstra(g, sources[static_cast<std::size_t>(r)]);
    ASSERT_EQ(std::memcmp(rows.row(r), expected.data(), expected.size() * 4), 0)
        << "source " << sources[static_cast<std::size_t>(r)];
  }
}

TEST(SparseRegistry, ListsBothAndChecksTheKnobs) {
  const auto list = list_sparse_backends();
  ASSERT_EQ(list.size(), 3u);  // cuda-batched-bf came third
  EXPECT_EQ(list[0].name, "cpu-dijkstra");
  EXPECT_EQ(list[1].name, "cuda-dijkstra");
  EXPECT_EQ(list[2].name, "cuda-batched-bf");
  EXPECT_TRUE(is_sparse_backend("cpu-dijkstra"));
  EXPECT_FALSE(is_sparse_backend("cpu-blocked"));
  EXPECT_THROW(create_sparse_solver("cpu-blocked", {}), UsageError);
  SparseSolverOptions o;
  o.threads_per_block = 100;
  EXPECT_THROW(create_sparse_solver("cpu-dijkstra", o), UsageError);
  o.threads_per_block = 96;
  o.concurrent = 65;
  EXPECT_THROW(create_sparse_solver("cpu-dijkstra", o), UsageError);
  // The dense registry names them as sparse solvers instead of calling them unknown.
  try {
    create_solver("cpu-dijkstra", SolverOptions{});
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("sparse"), std::string::npos) << e.what();
  }
  for (const BackendInfo& b : list_backends()) EXPECT_FALSE(is_sparse_backend(b.name)) << b.name;
}

TEST(SourceDistanceFiles, NpyAndCsvAreSByNBinOnlyForAllSources) {
  apsp_test::TempDir dir;
  const Graph g = generate(GeneratorSpec::parse("ring:n=5,w=2:2"));
  const SourceDistances three = sparse_rows("cpu-dijkstra", g, SourceSpec::parse("4,0,2").resolve(5));
  write_distances(dir.file("d.npy"), three);
  const std::string npy = apsp_test::read_bytes(dir.file("d.npy"));
  EXPECT_NE(npy.find("'shape': (3, 5)"), std::string::npos);
  ASSERT_EQ(npy.size() % 64, 60u);  // 64-byte aligned header, then 15 int32
  std::int32_t first_row[5];
  std::memcpy(first_row, npy.data() + npy.size() - 60, 20);
  EXPECT_EQ(std::vector<std::int32_t>(first_row, first_row + 5), (std::vector<std::int32_t>{2, 4, 6, 8, 0}));
  write_distances(dir.file("d.csv"), three);
  EXPECT_EQ(apsp_test::read_bytes(dir.file("d.csv")), "2,4,6,8,0\n0,2,4,6,8\n6,8,0,2,4\n");
  EXPECT_THROW(write_distances(dir.file("d.bin"), three), UsageError);
  // All sources in order: the .bin is the n x n matrix, byte for byte what Floyd-Warshall writes.
  const SourceDistances all = sparse_rows("cpu-dijkstra", g, SourceSpec::parse("all").resolve(5));
  write_distances(dir.file("all.bin"), all);
  SolverOptions o;
  o.block = 2;
  auto fw = create_solver("cpu-blocked", o);
  solve_all(*fw, to_distance_matrix(g, 2, DType::I32));
  DistanceMatrix m;
  fw->read(m);
  write_distances(dir.file("fw.bin"), m);
  EXPECT_EQ(apsp_test::read_bytes(dir.file("all.bin")), apsp_test::read_bytes(dir.file("fw.bin")));
  EXPECT_EQ(read_distances(dir.file("all.bin")).n, 5);
}

}  // namespace
}  // namespace apsp
