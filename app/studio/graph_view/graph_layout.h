#pragma once
// Where the graph view puts each vertex: pure, no GL or ImGui, computed once per loaded graph.
// Deterministic: a circle for rings, paths and small graphs, the rows and columns of a grid graph (from its
// generator spec, else recognised from the edges), a seeded force layout with a fixed number of iterations
// otherwise, so the same graph gives the same picture on every run. Vertex ids are the matrix's 0-based ids.
#include <apsp/graph/graph.h>
#include <apsp/io/graph_source.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "session/graph_view_limit.h"

namespace apsp::studio {

enum class LayoutKind { Hidden, Circle, Grid, Force };

/// @brief A vertex position in the unit square, y pointing down (as on screen).
struct LayoutPoint {
  double x = 0;
  double y = 0;
  bool operator==(const LayoutPoint&) const = default;
};

/// @brief One drawn edge: parallel edges merged (the lightest wins, as in the distance matrix), self loops
/// dropped; @c reciprocal when the opposite edge exists too (both are drawn side by side, not on top).
struct LayoutEdge {
  std::int32_t src = 0;
  std::int32_t dst = 0;
  std::int32_t weight = 0;
  bool reciprocal = false;
  bool operator==(const LayoutEdge&) const = default;
};

struct GridShape {
  int rows = 0;
  int cols = 0;
  bool operator==(const GridShape&) const = default;
};

struct GraphLayout {
  LayoutKind kind = LayoutKind::Hidden;
  int n = 0;
  GridShape grid;                       ///< Grid only
  std::vector<LayoutPoint> positions;   ///< one per vertex, empty when hidden
  std::vector<LayoutEdge> edges;        ///< sorted by (src, dst)
  std::string note;                     ///< one line: the layout used, or why the view is hidden
};

/// @brief "grid:rows=R,cols=C,..." and the classroom grid3 preset give their shape; anything else nullopt.
std::optional<GridShape> grid_shape_from_spec(const GraphSource& source);
/// @brief A graph whose every edge joins r*cols + c to a 4-neighbour (both rows and columns >= 2, at least one
/// edge along each): the smallest such column count; nullopt otherwise.
std::optional<GridShape> grid_shape_from_edges(const Graph& g);
/// @brief Every edge joins i and i+1 (mod n), in either direction: a ring or a path.
bool is_ring_or_path(const Graph& g);
/// @brief The merged, sorted edges the view draws (see LayoutEdge).
std::vector<LayoutEdge> layout_edges(const Graph& g);
/// @brief The layout of @p g (loaded from @p source, whose spec may name a grid), or Hidden above
/// kGraphViewMaxVertices.
GraphLayout compute_graph_layout(const Graph& g, const GraphSource& source);

}  // namespace apsp::studio
