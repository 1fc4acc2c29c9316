#pragma once
/// @file shortest_path.h
/// @brief A shortest path read from distances and the graph's edges, for any backend: the one function
/// `apsp solve --path` and the studio's path panels use, so both print the same path.
///
/// Rule: breadth-first search from i over "tight" edges u -> v, w(u, v) + d[v][j] == d[u][j] (the lightest of
/// parallel edges; self loops skipped), visiting out-neighbours in increasing vertex id: among the shortest
/// paths, one with the fewest edges, ties to the smallest ids in BFS order. Every tight path has length
/// d[i][j] (the sum telescopes). With @p intermediates_below = t only vertices < t (and j) may be inner
/// vertices: exact for a matrix that is Floyd–Warshall restricted to intermediates < t (a round boundary
/// r of a blocked run: t = r * B; any k-step of the naive run: t = its position; the end: t = n).
#include <apsp/graph/graph.h>

#include <cstdint>
#include <span>
#include <vector>

namespace apsp::teach {

/// @brief Out-edges per vertex, sorted by target, the lightest of parallel edges, no self loops.
class OutEdges {
 public:
  OutEdges() = default;
  explicit OutEdges(const Graph& g);
  int n() const { return static_cast<int>(m_offsets.empty() ? 0 : m_offsets.size() - 1); }
  std::span<const Edge> from(int u) const {
    return {m_edges.data() + m_offsets[u], m_edges.data() + m_offsets[u + 1]};
  }

 private:
  std::vector<std::int64_t> m_offsets;
  std::vector<Edge> m_edges;
};

/// @brief A path and its length (the sum of its edge weights).
struct WeightedPath {
  std::vector<std::int32_t> vertices;  ///< i first, j last; empty: unreachable (or no tight path)
  std::int64_t length = 0;
  bool empty() const { return vertices.empty(); }
};

/// @brief The path i -> j by the rule above. @p dist_to_j holds d[v][j] for every v (kInf32: unreachable,
/// normalized as Solver::value_at gives it). Empty when d[i][j] is unreachable.
WeightedPath shortest_path(const OutEdges& edges, std::span<const std::int32_t> dist_to_j, int i, int j,
                           int intermediates_below);

}  // namespace apsp::teach
