// The one graph loader of both programs: generator specs and files, the memory check before anything is built.
#include <apsp/core/errors.h>
#include <apsp/graph/generators.h>
#include <apsp/io/graph_io.h>
#include <apsp/io/graph_source.h>
#include <gtest/gtest.h>

#include "io_test_support.h"

namespace apsp {
namespace {

TEST(GraphSource, Labels) {
  EXPECT_EQ(GraphSource::file("g.bin").label(), "file g.bin");
  EXPECT_EQ(GraphSource::generator("ring:n=8").label(), "generator ring:n=8");
  const GraphSource s{GraphSource::Kind::File, "a.txt"};  // the studio's spelling
  EXPECT_EQ(s.kind, GraphSource::Kind::File);
  EXPECT_FALSE(s.format.has_value());
  EXPECT_FALSE(s.one_based);
}

TEST(LoadGraph, GeneratesFromASpec) {
  const LoadedGraph g = load_graph(GraphSource::generator("ring:w=3:3,n=16"), {});
  EXPECT_EQ(g.graph.n, 16);
  EXPECT_EQ(g.graph.m(), 16);
  EXPECT_EQ(g.description, GeneratorSpec::parse("ring:n=16,w=3:3").to_string());  // canonical, keys sorted
  EXPECT_GE(g.seconds, 0.0);
}

TEST(LoadGraph, ReadsAFileWithItsFormatAndOptions) {
  apsp_test::TempDir dir;
  const std::string path = dir.file("g.txt");
  apsp_test::write_bytes(path, "1 2 5\n2 3 7\n");
  GraphSource source = GraphSource::file(path);
  source.one_based = true;
  const LoadedGraph g = load_graph(source, {});
  EXPECT_EQ(g.graph.n, 3);
  ASSERT_EQ(g.graph.m(), 2);
  EXPECT_EQ(g.graph.edges[0].src, 0);
  EXPECT_NE(g.description.find(path + " (el, read in "), std::string::npos) << g.description;

  // An explicit format overrides the extension: the same bytes as DIMACS are bad input naming the file.
  source.format = GraphFormat::Dimacs;
  try {
    load_graph(source, {});
    FAIL() << "read as DIMACS";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
}

TEST(LoadGraph, RefusesAMatrixThatCannotFitBeforeBuildingIt) {
  // 3 million vertices: a 36 TB int32 matrix; refused from the spec alone, no edge generated.
  GraphLoadOptions block64;
  block64.block = 64;
  EXPECT_THROW(load_graph(GraphSource::generator("ring:n=3000000"), block64), OutOfMemoryError);
  EXPECT_THROW(load_graph(GraphSource::generator("nosuchmodel:n=4"), {}), UsageError);
  EXPECT_THROW(load_graph(GraphSource::file("/nonexistent/g.bin"), {}), Error);
}

}  // namespace
}  // namespace apsp
