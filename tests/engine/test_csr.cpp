// CSR storage and the sparse loader: lightest parallel edge, self loops as the dense path treats them, every
// input format without an n x n matrix, memory refused before allocating, --sources parsing.
#include <apsp/core/errors.h>
#include <apsp/graph/csr.h>
#include <apsp/graph/generators.h>
#include <apsp/graph/sources.h>
#include <apsp/io/graph_io.h>
#include <apsp/io/sparse_graph_source.h>
#include <gtest/gtest.h>

#include <cstring>

#include "io_test_support.h"

namespace apsp {
namespace {

TEST(Csr, KeepsTheLightestParallelEdgeSortedByTarget) {
  Graph g;
  g.n = 4;
  g.edges = {{0, 2, 7}, {0, 1, 5}, {0, 2, 3}, {0, 2, 9}, {2, 3, -4}, {2, 3, -6}, {3, 0, 1}};
  const CsrGraph c = to_csr(g);
  EXPECT_EQ(c.n, 4);
  EXPECT_EQ(c.offsets, (std::vector<std::int32_t>{0, 2, 2, 3, 4}));
  EXPECT_EQ(c.targets, (std::vector<std::int32_t>{1, 2, 3, 0}));
  EXPECT_EQ(c.weights, (std::vector<std::int32_t>{5, 3, -6, 1}));
  EXPECT_TRUE(c.has_negative_weight());
  EXPECT_EQ(c.degree(0), 2);
  EXPECT_EQ(c.degree(1), 0);
}

TEST(Csr, DropsNonNegativeSelfLoopsKeepsNegativeOnes) {
  Graph g;
  g.n = 3;
  g.edges = {{0, 0, 0}, {0, 0, 4}, {1, 1, -2}, {1, 1, 3}, {1, 2, 1}};
  const CsrGraph c = to_csr(g);
  EXPECT_EQ(c.offsets, (std::vector<std::int32_t>{0, 0, 2, 2}));
  EXPECT_EQ(c.targets, (std::vector<std::int32_t>{1, 2}));
  EXPECT_EQ(c.weights, (std::vector<std::int32_t>{-2, 1}));  // the lightest self loop of 1 is the negative one
}

TEST(Csr, RvalueBuildReleasesTheEdgeListAndEqualsTheCopyingOne) {
  Graph g = generate(GeneratorSpec::parse("gnm:n=500,m=3000,seed=4,w=-3:9"));
  const CsrGraph copy = to_csr(g);
  const CsrGraph moved = to_csr(std::move(g));
  EXPECT_TRUE(g.edges.empty());  // NOLINT(bugprone-use-after-move): the release is what is tested
  EXPECT_EQ(copy.offsets, moved.offsets);
  EXPECT_EQ(copy.targets, moved.targets);
  EXPECT_EQ(copy.weights, moved.weights);
  EXPECT_EQ(copy.m(), 3000);
}

TEST(Csr, RefusesBadEndpointsAndWeightsAtInf) {
  Graph g;
  g.n = 2;
  g.edges = {{0, 2, 1}};
  EXPECT_THROW(to_csr(g), InputError);
  g.edges = {{0, 1, kInf32}};
  EXPECT_THROW(to_csr(g), RangeError);
  g.edges = {{0, 1, -kInf32}};
  EXPECT_THROW(to_csr(g), RangeError);
  g.edges = {{0, 1, kInf32 - 1}};
  EXPECT_NO_THROW(to_csr(g));
}

TEST(Csr, EmptyGraphs) {
  Graph g;
  EXPECT_EQ(to_csr(g).offsets, (std::vector<std::int32_t>{0}));
  g.n = 3;
  const CsrGraph c = to_csr(g);
  EXPECT_EQ(c.offsets, (std::vector<std::int32_t>{0, 0, 0, 0}));
  EXPECT_EQ(c.m(), 0);
}

TEST(SparseLoader, EveryFormatGivesTheSameCsrGraph) {
  apsp_test::TempDir dir;
  Graph g = generate(GeneratorSpec::parse("gnm:n=300,m=2000,seed=9,w=0:50"));
  g.edges.push_back({5, 7, 0});  // a parallel edge that wins, and a self loop the CSR drops
  g.edges.push_back({8, 8, 3});
  const CsrGraph expected = to_csr(g);
  SparseLoadOptions options;
  options.sources = SourceSpec::parse("0:10");
  for (const char* name : {"g.bin", "g.gr", "g.mtx", "g.el", "g.csv"}) {
    SCOPED_TRACE(name);
    write_graph(dir.file(name), g);
    const LoadedSparseGraph loaded = load_sparse_graph(GraphSource::file(dir.file(name)), options);
    EXPECT_EQ(loaded.graph.offsets, expected.offsets);
    EXPECT_EQ(loaded.graph.targets, expected.targets);
    EXPECT_EQ(loaded.graph.weights, expected.weights);
    EXPECT_EQ(loaded.input_edges, g.m());
  }
}

TEST(SparseLoader, GeneratesLargeGraphsWithoutAMatrix) {
  // 2 million vertices: the n x n matrix would be 16 TB, the CSR graph of a path is 24 MB.
  SparseLoadOptions options;
  options.sources = SourceSpec::parse("0:2");
  for (const char* spec : {"path:n=2000000", "ring:n=2000000", "grid:rows=1000,cols=2000", "gnm:n=2000000,m=4000000"}) {
    SCOPED_TRACE(spec);
    const LoadedSparseGraph loaded = load_sparse_graph(GraphSource::generator(spec), options);
    EXPECT_EQ(loaded.graph.n, 2000000);
    EXPECT_EQ(static_cast<std::int64_t>(loaded.graph.offsets.size()), 2000001);
  }
  const LoadedSparseGraph er = load_sparse_graph(GraphSource::generator("er:n=20000,p=0.0004,seed=2"), options);
  EXPECT_GT(er.graph.m(), 100000);
}

TEST(SparseLoader, RefusesForMemoryBeforeAllocating) {
  SparseLoadOptions options;
  options.sources = SourceSpec::parse("all");  // 2e9 x 2e9 int32 rows: far beyond any host
  try {
    load_sparse_graph(GraphSource::generator("gnm:n=2000000000,m=0"), options);
    FAIL() << "expected OutOfMemoryError";
  } catch (const OutOfMemoryError& e) {
    EXPECT_NE(std::string(e.what()).find("CSR graph"), std::string::npos) << e.what();
  }
  // The same from a file header (course binary: n, m, then edges), before the edges are read.
  apsp_test::TempDir dir;
  std::string bytes(8, '\0');
  const std::int32_t header[2] = {2000000000, 0};
  std::memcpy(bytes.data(), header, 8);
  apsp_test::write_bytes(dir.file("huge.bin"), bytes);
  EXPECT_THROW(load_sparse_graph(GraphSource::file(dir.file("huge.bin")), options), OutOfMemoryError);
}

TEST(SparseLoader, SourceOutsideTheGraphIsAUsageError) {
  SparseLoadOptions options;
  options.sources = SourceSpec::parse("0:11");
  EXPECT_THROW(load_sparse_graph(GraphSource::generator("ring:n=10"), options), UsageError);
  options.sources = SourceSpec::parse("0:10");
  EXPECT_NO_THROW(load_sparse_graph(GraphSource::generator("ring:n=10"), options));
}

TEST(Sources, ParsesAllRangesAndLists) {
  EXPECT_TRUE(SourceSpec::parse("all").all());
  EXPECT_EQ(SourceSpec::parse("all").resolve(3), (std::vector<std::int32_t>{0, 1, 2}));
  EXPECT_EQ(SourceSpec::parse("2:5").resolve(5), (std::vector<std::int32_t>{2, 3, 4}));
  EXPECT_EQ(SourceSpec::parse("7,0,3").resolve(8), (std::vector<std::int32_t>{7, 0, 3}));
  EXPECT_EQ(SourceSpec::parse("4").resolve(5), (std::vector<std::int32_t>{4}));
  EXPECT_EQ(SourceSpec::parse("2:5").count(100), 3);
  EXPECT_EQ(SourceSpec::parse("all").count(100), 100);
  EXPECT_EQ(SourceSpec::parse("1,9").to_string(), "1,9");
  EXPECT_EQ(SourceSpec::parse("0:64").to_string(), "0:64");
}

TEST(Sources, RefusesBadValuesWithOneLine) {
  for (const char* bad :
       {"", "5:5", "6:2", "-1", "1:-3", "a", "1,,2", "1,2,1", ":4", "3:", "0:4x", "9999999999", "1.5"}) {
    SCOPED_TRACE(bad);
    try {
      SourceSpec::parse(bad);
      FAIL() << "accepted";
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find("--sources"), std::string::npos) << e.what();
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(SourceSpec::parse("0:6").resolve(5), UsageError);
  EXPECT_THROW(SourceSpec::parse("1,5").resolve(5), UsageError);
  EXPECT_NO_THROW(SourceSpec::parse("0:5").resolve(5));
  EXPECT_TRUE(is_every_vertex_in_order(SourceSpec::parse("0:5").resolve(5), 5));
  EXPECT_FALSE(is_every_vertex_in_order(SourceSpec::parse("1,0").resolve(2), 2));
}

}  // namespace
}  // namespace apsp
