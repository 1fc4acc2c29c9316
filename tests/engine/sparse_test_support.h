#pragma once
// Helpers of the sparse-solver tests (engine and CUDA): rows of a dense solve, and a plain binary-heap
// Dijkstra written independently of the engine's, as the reference for graphs too big for a dense solve.
#include <apsp/core/types.h>
#include <apsp/graph/csr.h>
#include <apsp/graph/graph.h>
#include <apsp/graph/sources.h>
#include <apsp/solve/registry.h>
#include <apsp/solve/sparse_registry.h>

#include <cstdint>
#include <functional>
#include <queue>
#include <string>
#include <utility>
#include <vector>

namespace apsp::test {

/// The rows of @p sources of cpu-blocked's n x n result.
inline SourceDistances dense_rows(const Graph& g, const std::vector<std::int32_t>& sources) {
  SolverOptions o;
  o.block = 16;
  auto s = create_solver("cpu-blocked", o);
  solve_all(*s, to_distance_matrix(g, o.block, DType::I32));
  DistanceMatrix m;
  s->read(m);
  return select_rows(m, sources);
}

inline SourceDistances sparse_rows(const std::string& backend, const Graph& g, const std::vector<std::int32_t>& sources,
                                   SparseSolverOptions options = {}) {
  auto s = create_sparse_solver(backend, options);
  return s->solve(to_csr(g), sources);
}

/// Dijkstra from @p source over the edge list (non-negative weights), lazy deletion on std::priority_queue.
inline std::vector<std::int32_t> reference_dijkstra(const Graph& g, std::int32_t source) {
  std::vector<std::vector<std::pair<std::int32_t, std::int32_t>>> out(static_cast<std::size_t>(g.n));
  for (const Edge& e : g.edges) out[static_cast<std::size_t>(e.src)].push_back({e.dst, e.weight});
  std::vector<std::int64_t> dist(static_cast<std::size_t>(g.n), INT64_MAX);
  using Item = std::pair<std::int64_t, std::int32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
  dist[static_cast<std::size_t>(source)] = 0;
  queue.push({0, source});
  while (!queue.empty()) {
    const auto [d, u] = queue.top();
    queue.pop();
    if (d != dist[static_cast<std::size_t>(u)]) continue;
    for (const auto& [v, w] : out[static_cast<std::size_t>(u)])
      if (d + w < dist[static_cast<std::size_t>(v)]) {
        dist[static_cast<std::size_t>(v)] = d + w;
        queue.push({d + w, v});
      }
  }
  std::vector<std::int32_t> row(static_cast<std::size_t>(g.n));
  for (std::size_t v = 0; v < row.size(); ++v)
    row[v] = dist[v] == INT64_MAX ? kInf32 : static_cast<std::int32_t>(dist[v]);
  return row;
}

/// First differing (row, column) as text, or "" when the two results are equal.
inline std::string first_difference(const SourceDistances& a, const SourceDistances& b) {
  if (a.n != b.n || a.sources != b.sources || a.values.size() != b.values.size()) return "shapes or sources differ";
  for (std::size_t t = 0; t < a.values.size(); ++t)
    if (a.values[t] != b.values[t])
      return "source " + std::to_string(a.sources[t / static_cast<std::size_t>(a.n)]) + ", vertex " +
             std::to_string(t % static_cast<std::size_t>(a.n)) + ": " + std::to_string(a.values[t]) + " vs " +
             std::to_string(b.values[t]);
  return "";
}

}  // namespace apsp::test
