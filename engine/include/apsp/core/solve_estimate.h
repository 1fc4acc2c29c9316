#pragma once
/// @file solve_estimate.h
/// @brief What one solve will allocate and about how long it will take, known from n alone, before anything is
/// built: the loader refuses for memory with it, and `apsp solve` says what is about to happen and enforces
/// --max-seconds with it.
#include <apsp/core/types.h>

#include <cstdint>
#include <string>

namespace apsp {

/// @brief The shape of the solve a graph is loaded for (the parts of SolverOptions that size it).
struct SolveShape {
  std::string backend = "cpu-blocked";  ///< a registry name; an unknown name is estimated like cpu-naive
  int block = 1;
  DType dtype = DType::I32;
  int threads = 0;        ///< CPU threads, 0 = one per core
  int gpus = 1;
  bool track_paths = false;
  /// The backend builds its initial matrix on the device from the edges (Solver::builds_on_device(): the CUDA
  /// dense variants): no n x n host matrix unless the base keeps the input (a negative weight, n at most
  /// limits::kMaxPredecessorVertices).
  bool builds_on_device = false;
  /// The result is streamed to its file in chunks of rows (or not read back at all): it takes
  /// stream_buffer_bytes on the host, not a whole matrix.
  bool streams_result = false;
  std::uint64_t stream_buffer_bytes = 0;
};

/// @brief Every host byte and an upper estimate of the time of one solve of an n-vertex graph.
struct SolveEstimate {
  std::int64_t n = 0;
  /// Peak host bytes: the initial matrix (none when built on the device) or the result read back (a streamed
  /// one: its chunk buffers), whichever is larger, as they never live together; the backend's working copy (CPU
  /// variants) and Π (edge counts too); the input copy kept for negative-cycle recovery when a weight is negative.
  std::uint64_t host_bytes = 0;
  double updates = 0;             ///< n^3 min-plus updates
  /// A conservative rate for the backend (below what it was measured at), or APSP_SOLVE_RATE when set.
  double updates_per_second = 0;
  double seconds = 0;             ///< updates / updates_per_second

  /// @brief "n = 50000, 18.63 GiB of host memory, about 3.5 h on cpu-blocked (1.25e+14 updates at 10.0 G/s)".
  std::string describe(const std::string& backend) const;
};

/// @brief Estimates a solve of @p n vertices shaped as @p shape. @p negative_weights: whether the input copy
/// for negative-cycle recovery is kept (pass true when not yet known, for an upper bound).
SolveEstimate estimate_solve(const SolveShape& shape, std::int64_t n, bool negative_weights);

/// @brief "3.5 h", "12 min", "4.2 s".
std::string format_duration(double seconds);

}  // namespace apsp
