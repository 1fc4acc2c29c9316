#pragma once
/// @file graph.h
/// @brief Directed weighted graph as an edge list, and its conversion to a distance matrix.
#include <apsp/core/distance_matrix.h>

#include <cstdint>
#include <vector>

namespace apsp {

struct Edge {
  std::int32_t src;
  std::int32_t dst;
  std::int32_t weight;
};

/// @brief Directed graph with vertices 0..n-1. Parallel edges and self loops are kept as given.
struct Graph {
  std::int32_t n = 0;
  std::vector<Edge> edges;

  std::int64_t m() const { return static_cast<std::int64_t>(edges.size()); }
  /// @brief Smallest and largest edge weight; {0, 0} without edges.
  std::pair<std::int32_t, std::int32_t> weight_range() const;
  /// @brief Throws InputError (naming @p source) if an endpoint is outside 0..n-1.
  void validate(const std::string& source) const;
};

/// @brief Throws RangeError (naming the edge) when a weight does not fit strictly inside (-INF, INF) of @p dtype,
/// where it would read as "unreachable": the check to_distance_matrix() makes, for builders of the matrix elsewhere.
void check_weights_fit(const Graph& g, DType dtype);

/// @brief The initial distance matrix: 0 on the diagonal, the lightest edge per pair, INF elsewhere.
/// A self loop leaves the diagonal at 0 unless it is negative. Throws RangeError when a weight does not fit
/// the dtype (int16 keeps |w| < 16383).
DistanceMatrix to_distance_matrix(const Graph& g, int block, DType dtype);

}  // namespace apsp
