#include <apsp/solve/negative_cycle.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace apsp {

std::vector<std::int32_t> find_negative_cycle(const DistanceMatrix& initial) {
  // Bellman–Ford from a virtual source joined to every vertex with weight 0: a relaxation in round n means
  // a negative cycle, found by walking parents n times (to land on the cycle) and then around it.
  const int n = initial.n();
  if (n == 0) return {};
  for (int v = 0; v < n; ++v)
    if (initial.get(v, v) < 0) return {v};  // negative self loop
  std::vector<std::int64_t> dist(static_cast<std::size_t>(n), 0);
  std::vector<std::int32_t> parent(static_cast<std::size_t>(n), -1);
  int last_relaxed = -1;
  for (int iter = 0; iter < n; ++iter) {
    last_relaxed = -1;
    for (int u = 0; u < n; ++u) {
      for (int v = 0; v < n; ++v) {
        if (u == v) continue;
        const std::int32_t w = initial.get(u, v);
        if (w == kInf32) continue;
        if (dist[static_cast<std::size_t>(u)] + w < dist[static_cast<std::size_t>(v)]) {
          dist[static_cast<std::size_t>(v)] = dist[static_cast<std::size_t>(u)] + w;
          parent[static_cast<std::size_t>(v)] = u;
          last_relaxed = v;
        }
      }
    }
    if (last_relaxed < 0) return {};
  }
  int v = last_relaxed;
  for (int i = 0; i < n; ++i) v = parent[static_cast<std::size_t>(v)];
  std::vector<std::int32_t> cycle;
  int u = v;
  do {
    cycle.push_back(u);
    u = parent[static_cast<std::size_t>(u)];
  } while (u != v && static_cast<int>(cycle.size()) <= n);
  std::reverse(cycle.begin(), cycle.end());
  return cycle;
}

}  // namespace apsp
