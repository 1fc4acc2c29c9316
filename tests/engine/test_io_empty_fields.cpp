// Comma-separated lines with an empty field are errors naming the file and the line, never a shifted
// reading: "0,,5" once read as the edge 0 -> 5 with weight 1 and n = 6.
#include "io_test_support.h"

#include <apsp/io/distance_io.h>
#include <apsp/io/graph_io.h>

#include "io/text_scan.h"

using namespace apsp;
using apsp_test::TempDir;
using apsp_test::write_bytes;

TEST(IoEmptyFields, FirstEmptyCommaField) {
  using io_detail::first_empty_comma_field;
  EXPECT_EQ(first_empty_comma_field("0 5 3"), 0u);
  EXPECT_EQ(first_empty_comma_field("0,5,3"), 0u);
  EXPECT_EQ(first_empty_comma_field(" 0 , 5 ,\t3 "), 0u);
  EXPECT_EQ(first_empty_comma_field("0,,5"), 2u);
  EXPECT_EQ(first_empty_comma_field("0, ,5"), 2u);
  EXPECT_EQ(first_empty_comma_field(",0,5"), 1u);
  EXPECT_EQ(first_empty_comma_field("0,5,"), 3u);
  EXPECT_EQ(first_empty_comma_field("0,5, \r"), 3u);
  EXPECT_EQ(first_empty_comma_field(","), 1u);
  EXPECT_EQ(first_empty_comma_field(""), 0u);
}

TEST(IoEmptyFields, EdgeListLineWithAnEmptyFieldIsAnError) {
  TempDir dir;
  const struct {
    const char* name;
    const char* text;
    const char* place;
  } cases[] = {
      {"middle.csv", "0,,5\n", "line 1"},
      {"blank.csv", "0,1,2\n0, ,5\n", "line 2"},
      {"leading.csv", "0,1\n,1,5\n", "line 2"},
      {"trailing.csv", "0,1\n1,2\n2,3,\n", "line 3"},
      {"only_comma.txt", "0 1\n,\n", "line 2"},
      {"before_comment.csv", "0,1,4\n1,,2 # weight left out\n", "line 2"},
      {"crlf.csv", "0,1\r\n1,2,\r\n", "line 2"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string path = dir.file(c.name);
    write_bytes(path, c.text);
    EXPECT_THROW_AT(read_graph(path), InputError, path, c.place);
    EXPECT_THROW_AT(read_graph(path), InputError, path, "empty");
  }
}

TEST(IoEmptyFields, FullCommaAndBlankLinesStillRead) {
  TempDir dir;
  const std::string path = dir.file("ok.csv");
  write_bytes(path, "# n=7\n0,5,3\n1, 2, 4\n2 3 9\n3\t4\n4 , 6 # comment, with a comma\n");
  const Graph g = read_graph(path).graph;
  EXPECT_EQ(g.n, 7);
  ASSERT_EQ(g.edges.size(), 5u);
  EXPECT_EQ(g.edges[0].src, 0);
  EXPECT_EQ(g.edges[0].dst, 5);
  EXPECT_EQ(g.edges[0].weight, 3);
  EXPECT_EQ(g.edges[1].weight, 4);
  EXPECT_EQ(g.edges[4].dst, 6);
  EXPECT_EQ(g.edges[4].weight, 1);
}

TEST(IoEmptyFields, DistanceCsvRowWithAnEmptyValueIsAnError) {
  TempDir dir;
  const std::string path = dir.file("d.csv");
  // Every row one value short but equally long: only the empty field gives it away.
  write_bytes(path, "0,,1\n1,,0\n");
  EXPECT_THROW_AT(read_distances(path), InputError, path, "line 1");
}
