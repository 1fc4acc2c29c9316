#pragma once
/// @file negative_cycle.h
/// @brief Recovers the vertices of one negative cycle from the initial matrix (Bellman–Ford with parents).
#include <apsp/core/distance_matrix.h>

#include <cstdint>
#include <vector>

namespace apsp {

/// @brief Vertices of one negative cycle in order (first vertex not repeated); empty when there is none.
/// O(n^3) worst case: called only after a solver saw a negative diagonal.
std::vector<std::int32_t> find_negative_cycle(const DistanceMatrix& initial);

}  // namespace apsp
