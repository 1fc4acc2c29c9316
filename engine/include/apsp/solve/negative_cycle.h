#pragma once
/// @file negative_cycle.h
/// @brief Recovers the vertices of one negative cycle: Bellman–Ford that stops as soon as its parent pointers
/// close a cycle, for the dense matrix and for a CSR graph's potentials alike.
#include <apsp/core/distance_matrix.h>

#include <cstdint>
#include <functional>
#include <vector>

namespace apsp {

/// @brief The first cycle of the parent graph (@p parent[v] = the vertex v was last relaxed from, -1 for none),
/// in edge order and rotated to start at its smallest vertex; empty when the parent graph has none. O(n).
/// Every cycle that Bellman–Ford's parents close weighs less than 0, so a cycle here is a negative cycle.
std::vector<std::int32_t> parent_cycle(const std::vector<std::int32_t>& parent);

/// @brief Vertices of one negative cycle of @p initial in order (first vertex, the smallest, not repeated);
/// empty when there is none, or when @p should_stop said stop first.
///
/// Bellman–Ford from a virtual source (weight 0 to every vertex) over slabs of rows, each slab spread over
/// @p threads OpenMP threads (0: the default) and starting from what the earlier slabs found, checking after
/// every round whether the parents already close a cycle: a short cycle is found in a few rounds, O(n^2) each,
/// not after n rounds. @p should_stop is polled from the calling thread before it starts, every few million
/// cells and after every round: returning true gives up (the result is empty), after InterruptedError when a
/// stop signal is pending (apsp/core/stop_signal.h); an exception it throws ends the search with it. The cycle
/// does not depend on @p threads. Called only after a solver saw a negative diagonal.
std::vector<std::int32_t> find_negative_cycle(const DistanceMatrix& initial,
                                              const std::function<bool()>& should_stop = {}, int threads = 0);

}  // namespace apsp
