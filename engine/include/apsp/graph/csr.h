#pragma once
/// @file csr.h
/// @brief Compressed sparse row storage for the sparse (per-source) solvers: built straight from an edge
/// list, never through an n x n matrix, so graphs of millions of vertices fit where their matrix cannot.
#include <apsp/graph/graph.h>

#include <cstdint>
#include <vector>

namespace apsp {

/// @brief Out-edges of vertex u are targets[offsets[u] .. offsets[u+1]) with the same slice of weights.
///
/// The same graph the dense path sees: per (u, v) only the lightest of parallel edges, sorted by target;
/// a non-negative self loop is dropped (staying put costs 0), a negative one is kept (it is a negative cycle
/// of one vertex, which the solvers report). Offsets are int32, so m is at most 2^31 - 1.
struct CsrGraph {
  std::int32_t n = 0;
  std::vector<std::int32_t> offsets;  ///< n + 1 entries; offsets[n] = m
  std::vector<std::int32_t> targets;  ///< m entries
  std::vector<std::int32_t> weights;  ///< m entries, strictly inside (-kInf32, kInf32)

  std::int64_t m() const { return static_cast<std::int64_t>(targets.size()); }
  std::int32_t degree(std::int32_t u) const {
    return offsets[static_cast<std::size_t>(u) + 1] - offsets[static_cast<std::size_t>(u)];
  }
  bool has_negative_weight() const;
  /// @brief Bytes of a CSR graph with @p n vertices and @p m edges (offsets, targets, weights).
  static std::uint64_t bytes_for(std::int64_t n, std::int64_t m);
};

/// @brief Host bytes to_csr() needs at its peak while it converts an edge list of @p m edges on @p n vertices
/// (the edge list itself not counted): one 64-bit sort key per edge, then the CSR arrays.
std::uint64_t csr_build_bytes(std::int64_t n, std::int64_t m);

/// @brief Builds the CSR graph of @p g, releasing g's edge list as soon as it is copied (peak: the edge list
/// plus 8 bytes per edge, not 12 + 8 + 8). Throws InputError for an endpoint outside 0..n-1, RangeError for a
/// weight at or beyond +-kInf32 (as to_distance_matrix does for i32) and for more than 2^31 - 1 edges.
CsrGraph to_csr(Graph&& g);
/// @brief As to_csr(Graph&&), keeping @p g.
CsrGraph to_csr(const Graph& g);

}  // namespace apsp
