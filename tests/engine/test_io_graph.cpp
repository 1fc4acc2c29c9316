// Graph readers and writers: round trips for every format, format detection, atomic writes, course cases.
#include "io_test_support.h"

#include <apsp/io/atomic_file.h>
#include <apsp/io/graph_io.h>

#include <cstring>
#include <filesystem>

using namespace apsp;
using apsp_test::TempDir;

namespace {

/// Negative weights, a parallel pair, a self loop and an isolated last vertex: everything a writer must keep.
Graph tricky_graph() {
  Graph g;
  g.n = 7;
  g.edges = {{0, 1, 5}, {0, 1, 3}, {1, 2, -4}, {2, 2, 7}, {3, 0, 0}, {2, 5, 1073741822}, {5, 3, -1073741822}, {4, 4, -2}};
  return g;
}

}  // namespace

TEST(IoGraphFormats, FormatFromPathAndName) {
  EXPECT_EQ(graph_format_from_path("a/b.gr"), GraphFormat::Dimacs);
  EXPECT_EQ(graph_format_from_path("x.MTX"), GraphFormat::MatrixMarket);
  EXPECT_EQ(graph_format_from_path("x.txt"), GraphFormat::EdgeList);
  EXPECT_EQ(graph_format_from_path("x.el"), GraphFormat::EdgeList);
  EXPECT_EQ(graph_format_from_path("x.csv"), GraphFormat::EdgeList);
  EXPECT_EQ(graph_format_from_path("x.bin"), GraphFormat::CourseBinary);
  EXPECT_EQ(graph_format_from_path("cases/c01.1"), GraphFormat::CourseBinary);
  EXPECT_EQ(graph_format_from_path("dir.gr/noext"), GraphFormat::CourseBinary);
  EXPECT_EQ(parse_graph_format("dimacs"), GraphFormat::Dimacs);
  EXPECT_EQ(parse_graph_format("mtx"), GraphFormat::MatrixMarket);
  EXPECT_EQ(parse_graph_format("el"), GraphFormat::EdgeList);
  EXPECT_EQ(parse_graph_format("bin"), GraphFormat::CourseBinary);
  EXPECT_THROW(parse_graph_format("xml"), UsageError);
  for (GraphFormat f : {GraphFormat::CourseBinary, GraphFormat::Dimacs, GraphFormat::MatrixMarket, GraphFormat::EdgeList})
    EXPECT_EQ(parse_graph_format(to_string(f)), f);
  EXPECT_EQ(distance_format_from_path("d.npy"), DistanceFormat::Npy);
  EXPECT_EQ(distance_format_from_path("d.csv"), DistanceFormat::Csv);
  EXPECT_EQ(distance_format_from_path("d.out"), DistanceFormat::CourseBinary);
  EXPECT_THROW(parse_distance_format("json"), UsageError);
}

TEST(IoGraphRoundTrip, EveryFormatKeepsEdgesExactly) {
  TempDir dir;
  const Graph g = tricky_graph();
  for (const char* name : {"g.bin", "g.gr", "g.mtx", "g.txt", "g.el", "g.csv", "g.unknownext"}) {
    SCOPED_TRACE(name);
    const std::string path = dir.file(name);
    write_graph(path, g);
    const GraphReadResult r = read_graph(path);
    EXPECT_EQ(r.format, graph_format_from_path(path));
    EXPECT_TRUE(apsp_test::same_edges(g, r.graph));
    EXPECT_GE(r.read_seconds, 0.0);
    EXPECT_EQ(r.file_bytes, std::filesystem::file_size(path));
  }
}

TEST(IoGraphRoundTrip, ExplicitFormatOverridesExtension) {
  TempDir dir;
  const Graph g = tricky_graph();
  const std::string path = dir.file("graph.data");
  write_graph(path, g, GraphFormat::Dimacs);
  EXPECT_EQ(apsp_test::read_bytes(path).rfind("c ", 0), 0u);
  GraphReadOptions opt;
  opt.format = GraphFormat::Dimacs;
  EXPECT_TRUE(apsp_test::same_edges(g, read_graph(path, opt).graph));
}

TEST(IoGraphRoundTrip, EmptyGraphs) {
  TempDir dir;
  Graph g;
  g.n = 3;
  for (const char* name : {"e.bin", "e.gr", "e.mtx", "e.txt"}) {
    SCOPED_TRACE(name);
    write_graph(dir.file(name), g);
    const Graph back = read_graph(dir.file(name)).graph;
    EXPECT_EQ(back.n, 3);
    EXPECT_TRUE(back.edges.empty());
  }
}

TEST(IoGraphRoundTrip, CourseBinaryLayoutIsLittleEndianTriples) {
  TempDir dir;
  Graph g;
  g.n = 3;
  g.edges = {{0, 2, 7}, {2, 1, -1}};
  write_graph(dir.file("g.bin"), g);
  EXPECT_EQ(apsp_test::read_bytes(dir.file("g.bin")), apsp_test::le32({3, 2, 0, 2, 7, 2, 1, -1}));
}

TEST(IoGraphText, DimacsWithCommentsAndBlankLines) {
  TempDir dir;
  const std::string path = dir.file("t.gr");
  apsp_test::write_bytes(path, "c a comment\n\np sp 3 2\r\nc between\na 1 2 5\na 3 1 -2\n");
  const Graph g = read_graph(path).graph;
  EXPECT_EQ(g.n, 3);
  ASSERT_EQ(g.m(), 2);
  EXPECT_EQ(g.edges[0].src, 0);
  EXPECT_EQ(g.edges[0].dst, 1);
  EXPECT_EQ(g.edges[0].weight, 5);
  EXPECT_EQ(g.edges[1].src, 2);
  EXPECT_EQ(g.edges[1].weight, -2);
}

TEST(IoGraphText, MatrixMarketSymmetricRealAndPattern) {
  TempDir dir;
  const std::string sym = dir.file("s.mtx");
  apsp_test::write_bytes(sym, "%%MatrixMarket matrix coordinate real symmetric\n% comment\n3 3 3\n2 1 2.0\n3 3 -2e0\n3 2 0.2e1\n");
  const Graph g = read_graph(sym).graph;
  EXPECT_EQ(g.n, 3);
  // Off-diagonal entries give both directions; the diagonal one only once. Integral reals are read.
  ASSERT_EQ(g.m(), 5);
  EXPECT_EQ(g.edges[0].src, 1);
  EXPECT_EQ(g.edges[0].dst, 0);
  EXPECT_EQ(g.edges[0].weight, 2);
  EXPECT_EQ(g.edges[1].src, 0);
  EXPECT_EQ(g.edges[1].dst, 1);
  EXPECT_EQ(g.edges[1].weight, 2);
  EXPECT_EQ(g.edges[2].src, 2);
  EXPECT_EQ(g.edges[2].dst, 2);
  EXPECT_EQ(g.edges[2].weight, -2);
  EXPECT_EQ(g.edges[3].weight, 2);
  EXPECT_EQ(g.edges[4].weight, 2);

  const std::string pat = dir.file("p.mtx");
  apsp_test::write_bytes(pat, "%%MatrixMarket matrix coordinate pattern general\n2 2 2\n1 2\n2 1\n");
  const Graph p = read_graph(pat).graph;
  ASSERT_EQ(p.m(), 2);
  EXPECT_EQ(p.edges[0].weight, 1);
  EXPECT_EQ(p.edges[1].src, 1);
}

TEST(IoGraphText, EdgeListSeparatorsCommentsDefaultsAndOneBased) {
  TempDir dir;
  const std::string path = dir.file("e.txt");
  apsp_test::write_bytes(path, "# header comment\n0 1 4\n1,2,5\n% another comment\n2\t0   # default weight 1\n\n3 , 1 ,-2\r\n");
  const Graph g = read_graph(path).graph;
  EXPECT_EQ(g.n, 4);
  ASSERT_EQ(g.m(), 4);
  EXPECT_EQ(g.edges[2].src, 2);
  EXPECT_EQ(g.edges[2].dst, 0);
  EXPECT_EQ(g.edges[2].weight, 1);
  EXPECT_EQ(g.edges[3].weight, -2);

  const std::string one = dir.file("one.el");
  apsp_test::write_bytes(one, "1 2 3\n3 1\n");
  GraphReadOptions opt;
  opt.one_based = true;
  const Graph o = read_graph(one, opt).graph;
  EXPECT_EQ(o.n, 3);
  ASSERT_EQ(o.m(), 2);
  EXPECT_EQ(o.edges[0].src, 0);
  EXPECT_EQ(o.edges[0].dst, 1);
  EXPECT_EQ(o.edges[1].src, 2);
}

TEST(IoGraphMemory, HugeHeaderRefusedBeforeAllocatingButInfoCanReadIt) {
  TempDir dir;
  const std::string path = dir.file("huge.bin");
  apsp_test::write_bytes(path, apsp_test::le32({2000000000, 1, 0, 1999999999, 5}));
  EXPECT_THROW(read_graph(path), OutOfMemoryError);
  try {
    read_graph(path);
  } catch (const OutOfMemoryError& e) {
    EXPECT_GT(e.required(), e.available());
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos);
  }
  GraphReadOptions info;
  info.check_memory = false;  // `apsp info` reports the size instead of refusing
  const GraphReadResult r = read_graph(path, info);
  EXPECT_EQ(r.graph.n, 2000000000);
  EXPECT_EQ(r.graph.m(), 1);

  GraphReadOptions capped;
  capped.check_memory = false;
  capped.max_n = 1000;
  EXPECT_THROW(read_graph(path, capped), OutOfMemoryError);

  const std::string gr = dir.file("huge.gr");
  apsp_test::write_bytes(gr, "p sp 1500000000 1\na 1 2 3\n");
  EXPECT_THROW(read_graph(gr), OutOfMemoryError);
  EXPECT_EQ(read_graph(gr, info).graph.n, 1500000000);
}

TEST(IoGraphMemory, CheckCanBeTurnedOffForInfo) {
  GraphReadOptions opt;
  EXPECT_NO_THROW(check_graph_memory("x", 1000, opt));
  EXPECT_THROW(check_graph_memory("x", 10000000, opt), OutOfMemoryError);
  opt.check_memory = false;
  EXPECT_NO_THROW(check_graph_memory("x", 10000000, opt));
}

TEST(IoAtomicFile, FailedWriteLeavesOldFileAndNoTemporary) {
  TempDir dir;
  const std::string path = dir.file("out.bin");
  apsp_test::write_bytes(path, "old contents");
  try {
    AtomicFile f(path);
    f.write("new", 3);
    throw std::runtime_error("simulated failure");
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(apsp_test::read_bytes(path), "old contents");
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir.path())) ++files;
  EXPECT_EQ(files, 1u);

  {
    AtomicFile f(path);
    f.write(std::string("new contents"));
    f.commit();
  }
  EXPECT_EQ(apsp_test::read_bytes(path), "new contents");
  files = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir.path())) ++files;
  EXPECT_EQ(files, 1u);
}

TEST(IoAtomicFile, UnwritableDirectoryThrowsError) {
  EXPECT_THROW(AtomicFile("/nonexistent-dir-apsp/x.bin"), Error);
  Graph g;
  g.n = 1;
  EXPECT_THROW(write_graph("/nonexistent-dir-apsp/x.gr", g), Error);
}

TEST(IoCourseCases, EveryCaseReadsWithTheHeaderCounts) {
  const std::filesystem::path dir = std::filesystem::path(APSP_TESTDATA_DIR) / "course-hw3";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << dir << " not present";
  int cases = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name == "README.md" || name.ends_with(".sha256")) continue;
    SCOPED_TRACE(name);
    const std::string bytes = apsp_test::read_bytes(entry.path().string());
    ASSERT_GE(bytes.size(), 8u);
    std::int32_t header[2];
    std::memcpy(header, bytes.data(), 8);
    const GraphReadResult r = read_graph(entry.path().string());
    EXPECT_EQ(r.format, GraphFormat::CourseBinary);
    EXPECT_EQ(r.graph.n, header[0]);
    EXPECT_EQ(r.graph.m(), header[1]);
    EXPECT_NO_THROW(r.graph.validate(name));
    ++cases;
  }
  EXPECT_GE(cases, 17);
}
