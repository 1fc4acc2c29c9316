#pragma once
// Test helpers: a dense Floyd–Warshall reference restricted to the first k_end intermediates, and random
// graphs with the features the solvers must handle (negative edges without negative cycles, zero weights,
// parallel edges, self loops, disconnected parts).
#include <apsp/core/distance_matrix.h>
#include <apsp/graph/generators.h>
#include <apsp/graph/graph.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace apsp::test {

/// Dense int64 Floyd–Warshall over intermediates 0..k_end-1; kInf32 for unreachable.
inline std::vector<std::int64_t> reference_fw(const Graph& g, int k_end) {
  const int n = g.n;
  const std::int64_t inf = INT64_MAX / 4;
  std::vector<std::int64_t> d(static_cast<std::size_t>(n) * n, inf);
  for (int i = 0; i < n; ++i) d[static_cast<std::size_t>(i) * n + i] = 0;
  for (const Edge& e : g.edges) {
    std::int64_t& c = d[static_cast<std::size_t>(e.src) * n + e.dst];
    if (e.src == e.dst && e.weight >= 0) continue;
    c = std::min<std::int64_t>(c, e.weight);
  }
  for (int k = 0; k < std::min(k_end, n); ++k)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        const std::int64_t a = d[static_cast<std::size_t>(i) * n + k], b = d[static_cast<std::size_t>(k) * n + j];
        if (a < inf && b < inf) d[static_cast<std::size_t>(i) * n + j] = std::min(d[static_cast<std::size_t>(i) * n + j], a + b);
      }
  for (auto& v : d)
    if (v >= inf) v = kInf32;
  return d;
}

struct RandomGraphOptions {
  double density = 0.1;
  int w_lo = 0;
  int w_hi = 20;
  bool negative = false;      ///< reweight with potentials (no negative cycles)
  int potential = 10;
  bool parallel_edges = true;
  bool self_loops = true;
  bool split = false;         ///< two disconnected halves
};

inline Graph random_graph(int n, std::uint64_t seed, const RandomGraphOptions& o) {
  SplitMix64 rng(seed);
  Graph g;
  g.n = n;
  std::vector<std::int64_t> pot(static_cast<std::size_t>(n), 0);
  if (o.negative)
    for (auto& p : pot) p = rng.uniform_int(0, o.potential);
  auto add = [&](int u, int v, int w) {
    const std::int64_t rw = w + pot[static_cast<std::size_t>(u)] - pot[static_cast<std::size_t>(v)];
    g.edges.push_back({u, v, static_cast<std::int32_t>(rw)});
  };
  for (int u = 0; u < n; ++u)
    for (int v = 0; v < n; ++v) {
      if (u == v) continue;
      if (o.split && (u < n / 2) != (v < n / 2)) continue;
      if (rng.uniform01() < o.density) add(u, v, static_cast<int>(rng.uniform_int(o.w_lo, o.w_hi)));
    }
  if (o.parallel_edges && n > 1)
    for (int e = 0; e < n; ++e) {
      const int u = static_cast<int>(rng.uniform_int(0, n - 1)), v = static_cast<int>(rng.uniform_int(0, n - 1));
      if (u != v && !(o.split && (u < n / 2) != (v < n / 2))) add(u, v, static_cast<int>(rng.uniform_int(o.w_lo, o.w_hi)));
    }
  if (o.self_loops)
    for (int e = 0; e < n / 4 + 1; ++e) {
      const int u = static_cast<int>(rng.uniform_int(0, n - 1));
      g.edges.push_back({u, u, static_cast<std::int32_t>(rng.uniform_int(0, o.w_hi))});  // non-negative: no cycle
    }
  return g;
}

/// Whole matrix as int64 (kInf32 for unreachable) for comparisons with reference_fw.
inline std::vector<std::int64_t> as_vector(const DistanceMatrix& m) {
  std::vector<std::int64_t> out;
  out.reserve(static_cast<std::size_t>(m.n()) * m.n());
  for (int i = 0; i < m.n(); ++i)
    for (int j = 0; j < m.n(); ++j) out.push_back(m.get(i, j));
  return out;
}

/// First differing (i, j) as text, or "" when equal.
inline std::string first_difference(const std::vector<std::int64_t>& a, const std::vector<std::int64_t>& b, int n) {
  if (a.size() != b.size()) return "sizes differ";
  for (std::size_t t = 0; t < a.size(); ++t)
    if (a[t] != b[t])
      return std::string("(").append(std::to_string(t / n)).append(", ").append(std::to_string(t % n)).append("): ")
          .append(std::to_string(a[t])).append(" vs ").append(std::to_string(b[t]));
  return "";
}

}  // namespace apsp::test
