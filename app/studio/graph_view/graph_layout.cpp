#include "graph_view/graph_layout.h"

#include <apsp/graph/generators.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <set>
#include <utility>

namespace apsp::studio {
namespace {

// Graphs this small are drawn on a circle whatever their structure: every vertex and edge stays readable.
constexpr int kCircleUpTo = 12;
// The force layout: a fixed seed and a fixed number of iterations, so the picture never changes between runs.
constexpr std::uint64_t kForceSeed = 0x67726170682D7669ull;  // "graph-vi"
constexpr int kForceIterations = 400;

std::string spec_value(const GeneratorSpec& spec, const std::string& key) {
  if (auto it = spec.params.find(key); it != spec.params.end()) return it->second;
  for (const GeneratorModel& m : generator_models())
    if (m.name == spec.model)
      for (const GeneratorParam& p : m.params)
        if (p.key == key) return p.default_value;
  return {};
}

int positive_int(const std::string& text) {
  try {
    std::size_t used = 0;
    const int v = std::stoi(text, &used);
    return used == text.size() && v > 0 ? v : 0;
  } catch (const std::exception&) {
    return 0;
  }
}

std::vector<LayoutPoint> circle_positions(int n) {
  std::vector<LayoutPoint> p(static_cast<std::size_t>(n));
  // Vertex 0 at the top, then clockwise (y points down), as textbooks draw a ring.
  for (int i = 0; i < n; ++i) {
    const double a = -std::numbers::pi / 2 + 2 * std::numbers::pi * i / std::max(n, 1);
    p[static_cast<std::size_t>(i)] = {0.5 + 0.5 * std::cos(a), 0.5 + 0.5 * std::sin(a)};
  }
  if (n == 1) p[0] = {0.5, 0.5};
  return p;
}

std::vector<LayoutPoint> grid_positions(int n, GridShape shape) {
  std::vector<LayoutPoint> p(static_cast<std::size_t>(n));
  for (int v = 0; v < n; ++v) {
    const int r = v / shape.cols;
    const int c = v % shape.cols;
    p[static_cast<std::size_t>(v)] = {shape.cols > 1 ? static_cast<double>(c) / (shape.cols - 1) : 0.5,
                                      shape.rows > 1 ? static_cast<double>(r) / (shape.rows - 1) : 0.5};
  }
  return p;
}

/// Scales and centres @p p uniformly into the unit square (the aspect ratio of the layout is kept).
void fit_unit_square(std::vector<LayoutPoint>& p) {
  if (p.empty()) return;
  double x0 = p[0].x, x1 = p[0].x, y0 = p[0].y, y1 = p[0].y;
  for (const LayoutPoint& q : p) {
    x0 = std::min(x0, q.x), x1 = std::max(x1, q.x);
    y0 = std::min(y0, q.y), y1 = std::max(y1, q.y);
  }
  const double span = std::max({x1 - x0, y1 - y0, 1e-9});
  const double ox = (1 - (x1 - x0) / span) / 2, oy = (1 - (y1 - y0) / span) / 2;
  for (LayoutPoint& q : p) q = {ox + (q.x - x0) / span, oy + (q.y - y0) / span};
}

/// Fruchterman–Reingold on the undirected graph, seeded start, linear cooling, positions kept in the frame.
std::vector<LayoutPoint> force_positions(int n, const std::vector<LayoutEdge>& edges) {
  SplitMix64 rng(kForceSeed ^ static_cast<std::uint64_t>(n));
  std::vector<LayoutPoint> p(static_cast<std::size_t>(n));
  for (LayoutPoint& q : p) q = {rng.uniform01(), rng.uniform01()};
  std::set<std::pair<int, int>> undirected;
  for (const LayoutEdge& e : edges) undirected.insert({std::min(e.src, e.dst), std::max(e.src, e.dst)});
  const double k = std::sqrt(1.0 / std::max(n, 1));
  std::vector<LayoutPoint> disp(p.size());
  for (int it = 0; it < kForceIterations; ++it) {
    const double t = 0.1 * (1.0 - static_cast<double>(it) / kForceIterations);
    std::fill(disp.begin(), disp.end(), LayoutPoint{});
    for (int u = 0; u < n; ++u)
      for (int v = u + 1; v < n; ++v) {
        double dx = p[u].x - p[v].x, dy = p[u].y - p[v].y;
        const double d = std::max(std::hypot(dx, dy), 1e-6);
        const double f = k * k / d;
        disp[u].x += dx / d * f, disp[u].y += dy / d * f;
        disp[v].x -= dx / d * f, disp[v].y -= dy / d * f;
      }
    for (const auto& [u, v] : undirected) {
      double dx = p[u].x - p[v].x, dy = p[u].y - p[v].y;
      const double d = std::max(std::hypot(dx, dy), 1e-6);
      const double f = d * d / k;
      disp[u].x -= dx / d * f, disp[u].y -= dy / d * f;
      disp[v].x += dx / d * f, disp[v].y += dy / d * f;
    }
    for (std::size_t i = 0; i < p.size(); ++i) {
      // A weak pull to the centre keeps separate components on the picture instead of pinned to its edges.
      disp[i].x += (0.5 - p[i].x) * k, disp[i].y += (0.5 - p[i].y) * k;
      const double len = std::max(std::hypot(disp[i].x, disp[i].y), 1e-12);
      const double step = std::min(len, t);
      p[i].x = std::clamp(p[i].x + disp[i].x / len * step, 0.0, 1.0);
      p[i].y = std::clamp(p[i].y + disp[i].y / len * step, 0.0, 1.0);
    }
  }
  fit_unit_square(p);
  return p;
}

}  // namespace

std::optional<GridShape> grid_shape_from_spec(const GraphSource& source) {
  if (source.kind != GraphSource::Kind::Generator) return std::nullopt;
  try {
    const GeneratorSpec spec = GeneratorSpec::parse(source.text);
    if (spec.model == "grid") {
      const GridShape shape{positive_int(spec_value(spec, "rows")), positive_int(spec_value(spec, "cols"))};
      if (shape.rows > 0 && shape.cols > 0) return shape;
    }
    if (spec.model == "classroom" && spec_value(spec, "name") == "grid3") return GridShape{3, 3};
  } catch (const std::exception&) {
    // not a spec this view understands: the structure decides
  }
  return std::nullopt;
}

std::optional<GridShape> grid_shape_from_edges(const Graph& g) {
  const int n = g.n;
  for (int cols = 2; cols <= n / 2; ++cols) {
    if (n % cols != 0) continue;
    bool along_row = false, along_col = false, fits = true;
    for (const Edge& e : g.edges) {
      if (e.src == e.dst) continue;
      const int d = std::abs(e.src - e.dst);
      if (d == 1 && e.src / cols == e.dst / cols) {
        along_row = true;
      } else if (d == cols) {
        along_col = true;
      } else {
        fits = false;
        break;
      }
    }
    if (fits && along_row && along_col) return GridShape{n / cols, cols};
  }
  return std::nullopt;
}

bool is_ring_or_path(const Graph& g) {
  if (g.n < 3 || g.edges.empty()) return false;
  for (const Edge& e : g.edges) {
    const bool forward = (e.src + 1) % g.n == e.dst;
    const bool backward = (e.dst + 1) % g.n == e.src;
    if (!forward && !backward && e.src != e.dst) return false;
  }
  return true;
}

std::vector<LayoutEdge> layout_edges(const Graph& g) {
  std::map<std::pair<std::int32_t, std::int32_t>, std::int32_t> lightest;
  for (const Edge& e : g.edges) {
    if (e.src == e.dst) continue;  // a self loop changes no distance unless negative (then the cycle is shown)
    auto [it, fresh] = lightest.try_emplace({e.src, e.dst}, e.weight);
    if (!fresh) it->second = std::min(it->second, e.weight);
  }
  std::vector<LayoutEdge> edges;
  edges.reserve(lightest.size());
  for (const auto& [pair, w] : lightest)
    edges.push_back({pair.first, pair.second, w, lightest.count({pair.second, pair.first}) > 0});
  return edges;
}

GraphLayout compute_graph_layout(const Graph& g, const GraphSource& source) {
  GraphLayout layout;
  layout.n = g.n;
  if (g.n <= 0) {
    layout.note = "graph view: no vertices";
    return layout;
  }
  if (g.n > kGraphViewMaxVertices) {
    layout.note = "graph view hidden: n = " + std::to_string(g.n) + " is above " +
                  std::to_string(kGraphViewMaxVertices) + " vertices";
    return layout;
  }
  layout.edges = layout_edges(g);
  std::optional<GridShape> grid = grid_shape_from_spec(source);
  if (grid && grid->rows * grid->cols != g.n) grid.reset();
  if (!grid && !is_ring_or_path(g)) grid = grid_shape_from_edges(g);
  if (grid) {
    layout.kind = LayoutKind::Grid;
    layout.grid = *grid;
    layout.positions = grid_positions(g.n, *grid);
    layout.note = "grid layout, " + std::to_string(grid->rows) + " x " + std::to_string(grid->cols);
  } else if (g.n <= kCircleUpTo || is_ring_or_path(g)) {
    layout.kind = LayoutKind::Circle;
    layout.positions = circle_positions(g.n);
    layout.note = "circle layout, vertex 0 on top, then clockwise";
  } else {
    layout.kind = LayoutKind::Force;
    layout.positions = force_positions(g.n, layout.edges);
    layout.note = "force layout (seeded, " + std::to_string(kForceIterations) + " iterations)";
  }
  return layout;
}

}  // namespace apsp::studio
