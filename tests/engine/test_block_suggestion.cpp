// Classroom defaults: the block a graph suggests for showing it (classroom presets, an edge
// list's "# block: N"), the one rule that turns it into the opening block, and "classroom:NAME" shorthand.
#include <apsp/core/errors.h>
#include <apsp/graph/generators.h>
#include <apsp/io/graph_io.h>
#include <apsp/io/graph_source.h>
#include <apsp/solve/block_size.h>
#include <apsp/solve/registry.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "io_test_support.h"

namespace apsp {
namespace {

BackendInfo variable_block() {
  BackendInfo b;
  b.name = "any";
  return b;
}

BackendInfo listed_blocks(std::vector<int> sizes) {
  BackendInfo b;
  b.name = "fixed";
  b.block_sizes = std::move(sizes);
  return b;
}

std::string asset_graph(const std::string& name) {
  return (std::filesystem::path(APSP_ASSETS_DIR) / "graphs" / name).string();  // the repository's assets/graphs
}

TEST(OpeningBlock, NoSuggestionKeepsTheFallback) {
  EXPECT_EQ(opening_block_size(variable_block(), 32, 8, 0), 32);
  EXPECT_EQ(opening_block_size(listed_blocks({32, 64}), 64, 8, 0), 64);
}

TEST(OpeningBlock, SuggestionFittedToTheVariant) {
  EXPECT_EQ(opening_block_size(variable_block(), 32, 12, 3), 3);
  EXPECT_EQ(opening_block_size(variable_block(), 32, 4, 9), 4);  // never above n
  EXPECT_EQ(opening_block_size(listed_blocks({8, 16, 32}), 64, 100, 20), 16);  // largest listed not above it
  EXPECT_EQ(opening_block_size(listed_blocks({32, 64, 128}), 64, 12, 3), 32);  // none below: the smallest
}

TEST(ClassroomShorthand, NameAloneMeansNameEquals) {
  EXPECT_EQ(GeneratorSpec::parse("classroom:textbook4").to_string(), "classroom:name=textbook4");
  EXPECT_EQ(GeneratorSpec::parse("classroom:cities8,neg=1").to_string(), "classroom:name=cities8,neg=1");
  const Graph a = generate(GeneratorSpec::parse("classroom:grid3"));
  const Graph b = generate(GeneratorSpec::parse("classroom:name=grid3"));
  EXPECT_EQ(a.n, 9);
  EXPECT_EQ(a.m(), b.m());
  // Only the first item, only for classroom, and never together with name=.
  EXPECT_THROW(GeneratorSpec::parse("classroom:neg=1,cities8"), UsageError);
  EXPECT_THROW(GeneratorSpec::parse("classroom:cities8,name=grid3"), UsageError);
  EXPECT_THROW(GeneratorSpec::parse("ring:n=8,textbook4"), UsageError);
  EXPECT_THROW(GeneratorSpec::parse("ring:64"), UsageError);
  EXPECT_THROW(generate(GeneratorSpec::parse("classroom:nope")), UsageError);
}

TEST(ClassroomSuggestion, EveryPresetShowsSeveralBlocks) {
  for (const char* name : {"textbook4", "cities8", "grid3", "negcycle4", "clrs"}) {
    const GeneratorSpec spec = GeneratorSpec::parse(std::string("classroom:") + name);
    const int b = suggested_block(spec);
    const std::int32_t n = generate(spec).n;
    EXPECT_GE(b, 2) << name;
    EXPECT_GE((n + b - 1) / b, 2) << name << ": one block of the whole graph shows nothing blocked";
  }
  EXPECT_EQ(suggested_block(GeneratorSpec::parse("classroom:cities8")), 4);
  EXPECT_EQ(suggested_block(GeneratorSpec::parse("ring:n=12")), 0);
  EXPECT_EQ(load_graph(GraphSource::generator("classroom:textbook4"), {}).suggested_block, 2);
  EXPECT_EQ(load_graph(GraphSource::generator("er:n=20,p=0.2"), {}).suggested_block, 0);
}

TEST(FileSuggestion, EdgeListCommentSuggestsTheBlock) {
  apsp_test::TempDir dir;
  const std::string path = dir.file("g.txt");
  apsp_test::write_bytes(path, "# a small graph\n# block: 3  (why)\n0 1 5\n1 2 7\n");
  EXPECT_EQ(read_graph(path).suggested_block, 3);
  EXPECT_EQ(load_graph(GraphSource::file(path), {}).suggested_block, 3);
  apsp_test::write_bytes(path, "0 1 5 # block:2\n");
  EXPECT_EQ(read_graph(path).suggested_block, 2);
  apsp_test::write_bytes(path, "# blocks of text: none here\n0 1 5\n");
  EXPECT_EQ(read_graph(path).suggested_block, 0);
  apsp_test::write_bytes(path, "# block: the next edges form a ring\n0 1 5\n");  // prose, not a suggestion
  EXPECT_EQ(read_graph(path).suggested_block, 0);
  apsp_test::write_bytes(path, "# block: 0\n0 1 5\n");
  EXPECT_THROW(read_graph(path), InputError);
}

TEST(FileSuggestion, AssetGraphsOpenWithSeveralBlocks) {
  for (const char* name : {"ring12.txt", "textbook4.txt", "two_islands.txt"}) {
    const LoadedGraph g = load_graph(GraphSource::file(asset_graph(name)), {});
    EXPECT_GE(g.suggested_block, 2) << name;
    EXPECT_GE((g.graph.n + g.suggested_block - 1) / g.suggested_block, 2) << name;
  }
  EXPECT_EQ(load_graph(GraphSource::file(asset_graph("ring12.txt")), {}).suggested_block, 3);  // its comment says 3
}

}  // namespace
}  // namespace apsp
