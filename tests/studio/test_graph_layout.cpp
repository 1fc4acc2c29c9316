// The graph view's layout, without GL: deterministic
// positions, grids recognised from the spec and from the edges, circles for rings and small graphs, merged
// edges, and the view hidden above 100 vertices.
#include <apsp/graph/generators.h>
#include <gtest/gtest.h>

#include <cmath>

#include "graph_view/graph_layout.h"
#include "slides/gif_layers.h"

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

// A frame of more than 256 colours, drawn layer by layer over the previous picture, as a GIF viewer does.
std::vector<std::uint32_t> draw_layers(std::vector<std::uint32_t> picture, const gif_layers::FramePlan& plan, int width) {
  for (std::size_t l = 0; l < plan.layers.size(); ++l) {
    const gif_layers::Layer& layer = plan.layers[l];
    EXPECT_LE(layer.palette.size(), static_cast<std::size_t>(gif_layers::kColoursPerLayer));
    for (int y = layer.y0; y < layer.y1; ++y) {
      for (int x = layer.x0; x < layer.x1; ++x) {
        const std::size_t p = static_cast<std::size_t>(y * width + x);
        const std::uint8_t index = plan.index_of(p, static_cast<int>(l));
        if (index != gif_layers::kTransparentIndex) picture[p] = layer.palette.at(index);
      }
    }
  }
  return picture;
}

TEST(GifLayers, LayersRebuildEveryColourExactly) {
  const int width = 64, height = 48;  // 3,072 pixels, 1,500 colours
  std::vector<std::uint32_t> first(static_cast<std::size_t>(width * height));
  for (std::size_t p = 0; p < first.size(); ++p) first[p] = static_cast<std::uint32_t>((p % 1500) * 0x010203u) & 0xFFFFFFu;
  const gif_layers::FramePlan plan = gif_layers::plan_frame(first, {}, width, height);
  EXPECT_GE(plan.layers.size(), 6u);
  EXPECT_EQ(draw_layers(std::vector<std::uint32_t>(first.size(), 0), plan, width), first);

  std::vector<std::uint32_t> second = first;  // a few pixels change: only they are written, in a small box
  for (int x = 10; x < 20; ++x) second[static_cast<std::size_t>(5 * width + x)] = 0xABCDEFu - static_cast<std::uint32_t>(x);
  const gif_layers::FramePlan change = gif_layers::plan_frame(second, first, width, height);
  ASSERT_EQ(change.layers.size(), 1u);
  EXPECT_EQ(change.layers[0].x0, 10);
  EXPECT_EQ(change.layers[0].x1, 20);
  EXPECT_EQ(change.layers[0].y1 - change.layers[0].y0, 1);
  EXPECT_EQ(draw_layers(first, change, width), second);
  EXPECT_TRUE(gif_layers::plan_frame(second, second, width, height).layers.empty());
}

}  // namespace
}  // namespace apsp::studio
