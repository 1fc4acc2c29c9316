// The graph view's layout, without GL: deterministic
// positions, grids recognised from the spec and from the edges, circles for rings and small graphs, merged
// edges, and the view hidden above 100 vertices.
#include <apsp/graph/generators.h>
#include <gtest/gtest.h>

#include <cmath>

#include "graph_view/graph_layout.h"
#include "slides/gif_palette.h"

namespace apsp::studio {
namespace {

Graph gen(const std::string& spec) { return generate(GeneratorSpec::parse(spec)); }
GraphLayout layout_of(const std::string& spec) { return compute_graph_layout(gen(spec), GraphSource::generator(spec)); }

double closest_pair(const GraphLayout& l) {
  double best = 1e9;
  for (std::size_t a = 0; a < l.positions.size(); ++a)
    for (std::size_t b = a + 1; b < l.positions.size(); ++b)
      best = std::min(best, std::hypot(l.positions[a].x - l.positions[b].x, l.positions[a].y - l.positions[b].y));
  return best;
}

void expect_in_unit_square(const GraphLayout& l) {
  for (const LayoutPoint& p : l.positions) {
    EXPECT_GE(p.x, 0.0);
    EXPECT_LE(p.x, 1.0);
    EXPECT_GE(p.y, 0.0);
    EXPECT_LE(p.y, 1.0);
  }
}

TEST(GraphLayout, ForceLayoutIsTheSameEveryRun) {
  const GraphLayout a = layout_of("er:n=40,p=0.08,seed=3");
  const GraphLayout b = layout_of("er:n=40,p=0.08,seed=3");
  ASSERT_EQ(a.kind, LayoutKind::Force);
  ASSERT_EQ(a.positions.size(), 40u);
  EXPECT_EQ(a.positions, b.positions);  // bit for bit
  expect_in_unit_square(a);
  EXPECT_GT(closest_pair(a), 0.01) << "two vertices on top of each other";
  // Another graph gives another picture (the seed is fixed, the layout still follows the edges).
  EXPECT_NE(layout_of("er:n=40,p=0.08,seed=4").positions, a.positions);
}

TEST(GraphLayout, GridFromTheSpecAndFromTheEdges) {
  const GraphLayout spec = layout_of("grid:rows=4,cols=6");
  ASSERT_EQ(spec.kind, LayoutKind::Grid);
  EXPECT_EQ(spec.grid, (GridShape{4, 6}));
  // vertex r*cols + c sits in row r, column c
  EXPECT_EQ(spec.positions[0], (LayoutPoint{0, 0}));
  EXPECT_EQ(spec.positions[5], (LayoutPoint{1, 0}));
  EXPECT_EQ(spec.positions[23], (LayoutPoint{1, 1}));
  EXPECT_LT(spec.positions[7].x, spec.positions[8].x);
  EXPECT_LT(spec.positions[2].y, spec.positions[8].y);
  // The same edges read from a file (no spec): recognised from the structure.
  const GraphLayout file = compute_graph_layout(gen("grid:rows=4,cols=6"), GraphSource::file("g.bin"));
  EXPECT_EQ(file.kind, LayoutKind::Grid);
  EXPECT_EQ(file.grid, (GridShape{4, 6}));
  EXPECT_EQ(grid_shape_from_edges(gen("classroom:grid3")), (GridShape{3, 3}));
  EXPECT_EQ(layout_of("classroom:grid3").kind, LayoutKind::Grid);
  // Not grids: a ring, a random graph.
  EXPECT_FALSE(grid_shape_from_edges(gen("ring:n=20")).has_value());
  EXPECT_FALSE(grid_shape_from_edges(gen("er:n=30,p=0.1")).has_value());
}

TEST(GraphLayout, CircleForRingsPathsAndSmallGraphs) {
  const GraphLayout ring = layout_of("ring:n=60");
  EXPECT_EQ(ring.kind, LayoutKind::Circle);
  EXPECT_NEAR(ring.positions[0].x, 0.5, 1e-9);  // vertex 0 on top
  EXPECT_NEAR(ring.positions[0].y, 0.0, 1e-9);
  EXPECT_GT(ring.positions[1].x, 0.5);  // then clockwise
  EXPECT_EQ(layout_of("path:n=30").kind, LayoutKind::Circle);
  EXPECT_EQ(layout_of("classroom:cities8").kind, LayoutKind::Circle);
  EXPECT_EQ(layout_of("classroom:textbook4").kind, LayoutKind::Circle);
  expect_in_unit_square(layout_of("classroom:cities8"));
}

TEST(GraphLayout, HiddenAboveOneHundredVertices) {
  const GraphLayout hundred = layout_of("ring:n=100");
  EXPECT_NE(hundred.kind, LayoutKind::Hidden);
  EXPECT_EQ(hundred.positions.size(), 100u);
  const GraphLayout big = layout_of("ring:n=101");
  EXPECT_EQ(big.kind, LayoutKind::Hidden);
  EXPECT_TRUE(big.positions.empty());
  EXPECT_TRUE(big.edges.empty());
  EXPECT_NE(big.note.find("n = 101"), std::string::npos) << big.note;
}

TEST(GraphLayout, EdgesMergedLightestFirstReciprocalMarked) {
  Graph g;
  g.n = 3;
  g.edges = {{0, 1, 5}, {0, 1, 3}, {1, 0, 2}, {1, 2, 4}, {2, 2, -1}};
  const std::vector<LayoutEdge> e = layout_edges(g);
  ASSERT_EQ(e.size(), 3u);  // the self loop is dropped, the parallel pair merged
  EXPECT_EQ(e[0], (LayoutEdge{0, 1, 3, true}));
  EXPECT_EQ(e[1], (LayoutEdge{1, 0, 2, true}));
  EXPECT_EQ(e[2], (LayoutEdge{1, 2, 4, false}));
}

// The pseudocode's lines and the executed-line rule are the engine's (apsp/teach/pseudocode.h, tests/engine).

TEST(GifPalette, CubeIsExactOnItsOwnColoursAndNearestElsewhere) {
  for (int i = 0; i < gif_palette::kColours; ++i) {
    const auto c = gif_palette::colour_of(i);
    EXPECT_EQ(gif_palette::index_of(c[0], c[1], c[2]), i);
  }
  EXPECT_EQ(gif_palette::colour_of(gif_palette::index_of(0, 0, 0)), (std::array<std::uint8_t, 3>{0, 0, 0}));
  EXPECT_EQ(gif_palette::colour_of(gif_palette::index_of(255, 255, 255)), (std::array<std::uint8_t, 3>{255, 255, 255}));
  for (int v = 0; v < 256; ++v) {  // never further than half a level from the input
    const auto c = gif_palette::colour_of(gif_palette::index_of(static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(v),
                                                                static_cast<std::uint8_t>(v)));
    EXPECT_LE(std::abs(c[0] - v), 26);
    EXPECT_LE(std::abs(c[1] - v), 22);
  }
}

}  // namespace
}  // namespace apsp::studio
