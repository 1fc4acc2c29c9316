#include "session/mid_round_path.h"

#include <apsp/core/types.h>

#include <algorithm>
#include <span>

namespace apsp::studio {
namespace {

/// Distances to @p j for the path search; d[j][j] reads 0 (a path ends at j): once a negative cycle through j
/// is in the matrix its diagonal is negative, and no last edge would be tight.
std::vector<std::int32_t> column(const std::vector<std::int32_t>& d, int n, int j) {
  std::vector<std::int32_t> c(static_cast<std::size_t>(n));
  for (int v = 0; v < n; ++v) c[static_cast<std::size_t>(v)] = d[static_cast<std::size_t>(v) * n + j];
  c[static_cast<std::size_t>(j)] = 0;
  return c;
}

std::int64_t sum(std::int32_t a, std::int32_t b) {
  return a == kInf32 || b == kInf32 ? static_cast<std::int64_t>(kInf32) : static_cast<std::int64_t>(a) + b;
}

/// One k of Floyd–Warshall on @p d.
void relax_through(std::vector<std::int32_t>& d, int n, int k) {
  for (int a = 0; a < n; ++a) {
    const std::int32_t ak = d[static_cast<std::size_t>(a) * n + k];
    if (ak == kInf32) continue;
    for (int b = 0; b < n; ++b) {
      const std::int64_t via = sum(ak, d[static_cast<std::size_t>(k) * n + b]);
      std::int32_t& ab = d[static_cast<std::size_t>(a) * n + b];
      // A negative cycle deepens values step by step: keep them in range rather than wrap.
      if (via < ab) ab = static_cast<std::int32_t>(std::max<std::int64_t>(via, -static_cast<std::int64_t>(kInf32)));
    }
  }
}

}  // namespace

MidRoundPath mid_round_path(const teach::OutEdges& edges, std::vector<std::int32_t> d, int n, int k_begin, int k_end,
                            int i, int j, std::int32_t value) {
  MidRoundPath out;
  if (n <= 0 || i < 0 || j < 0 || i >= n || j >= n || d.size() != static_cast<std::size_t>(n) * n) return out;
  k_end = std::min(k_end, n);
  for (int t = k_begin; t <= k_end; ++t) {
    // A negative diagonal is a walk around a cycle, never the empty path: leave it to the search through k*.
    if (d[static_cast<std::size_t>(i) * n + j] == value && (i != j || value == 0)) {
      out.as_of = "as the cell shows: intermediates < " + std::to_string(t);
      if (value == kInf32) {
        out.found = true;
        return out;
      }
      const std::vector<std::int32_t> to_j = column(d, n, j);
      const teach::WeightedPath p = teach::shortest_path(edges, to_j, i, j, t);
      if (!p.empty()) {
        out.found = true;
        out.vertices = p.vertices;
        out.length = p.length;
        return out;
      }
    }
    if (t < k_end) relax_through(d, n, t);
  }
  // d now holds intermediates < k_end: a phase-3 k-step may have written d[i][k*] + d[k*][j] of such values.
  for (int k = k_begin; k < k_end; ++k) {
    if (k == i || k == j || sum(d[static_cast<std::size_t>(i) * n + k], d[static_cast<std::size_t>(k) * n + j]) != value)
      continue;
    const teach::WeightedPath to_k = teach::shortest_path(edges, column(d, n, k), i, k, k_end);
    const teach::WeightedPath from_k = teach::shortest_path(edges, column(d, n, j), k, j, k_end);
    if (to_k.empty() || from_k.empty()) continue;
    out.found = true;
    out.vertices = to_k.vertices;
    out.vertices.insert(out.vertices.end(), from_k.vertices.begin() + 1, from_k.vertices.end());
    out.length = to_k.length + from_k.length;
    out.as_of = "as the cell shows: through k = " + std::to_string(k) + ", intermediates < " + std::to_string(k_end);
    return out;
  }
  return out;
}

}  // namespace apsp::studio
