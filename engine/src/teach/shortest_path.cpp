#include <apsp/core/types.h>
#include <apsp/teach/shortest_path.h>

#include <algorithm>
#include <deque>

namespace apsp::teach {

OutEdges::OutEdges(const Graph& g) {
  std::vector<Edge> edges;
  edges.reserve(g.edges.size());
  for (const Edge& e : g.edges)
    if (e.src != e.dst) edges.push_back(e);
  std::sort(edges.begin(), edges.end(), [](const Edge& a, const Edge& b) {
    return a.src != b.src ? a.src < b.src : a.dst != b.dst ? a.dst < b.dst : a.weight < b.weight;
  });
  // Parallel edges: the lightest wins, as in the distance matrix.
  edges.erase(std::unique(edges.begin(), edges.end(),
                          [](const Edge& a, const Edge& b) { return a.src == b.src && a.dst == b.dst; }),
              edges.end());
  m_offsets.assign(static_cast<std::size_t>(g.n) + 1, 0);
  for (const Edge& e : edges) ++m_offsets[static_cast<std::size_t>(e.src) + 1];
  for (std::size_t v = 1; v < m_offsets.size(); ++v) m_offsets[v] += m_offsets[v - 1];
  m_edges = std::move(edges);
}

WeightedPath shortest_path(const OutEdges& edges, std::span<const std::int32_t> dist_to_j, int i, int j,
                           int intermediates_below) {
  WeightedPath out;
  const int n = edges.n();
  if (i < 0 || j < 0 || i >= n || j >= n || static_cast<int>(dist_to_j.size()) < n) return out;
  if (dist_to_j[i] == kInf32) return out;
  if (i == j && dist_to_j[i] == 0) {
    out.vertices = {i};
    return out;
  }
  std::vector<std::int32_t> parent(static_cast<std::size_t>(n), -1);
  std::vector<char> seen(static_cast<std::size_t>(n), 0);
  std::deque<std::int32_t> queue{i};
  seen[i] = 1;
  bool found = false;
  while (!queue.empty() && !found) {
    const std::int32_t u = queue.front();
    queue.pop_front();
    const std::int64_t du = dist_to_j[u];
    for (const Edge& e : edges.from(u)) {
      const std::int32_t v = e.dst;
      if (seen[v] || dist_to_j[v] == kInf32) continue;
      if (v != j && v >= intermediates_below) continue;
      if (static_cast<std::int64_t>(e.weight) + dist_to_j[v] != du) continue;
      seen[v] = 1;
      parent[v] = u;
      if (v == j) {
        found = true;
        break;
      }
      queue.push_back(v);
    }
  }
  if (!found) return out;
  for (std::int32_t v = j; v != -1; v = v == i ? -1 : parent[v]) out.vertices.push_back(v);
  std::reverse(out.vertices.begin(), out.vertices.end());
  // The length from the edges themselves (equal to d[i][j] by construction; callers may check).
  for (std::size_t s = 0; s + 1 < out.vertices.size(); ++s) {
    for (const Edge& e : edges.from(out.vertices[s]))
      if (e.dst == out.vertices[s + 1]) out.length += e.weight;
  }
  return out;
}

}  // namespace apsp::teach
