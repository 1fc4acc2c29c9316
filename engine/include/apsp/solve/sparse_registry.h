#pragma once
/// @file sparse_registry.h
/// @brief Named sparse solvers ("cpu-dijkstra", "cuda-dijkstra", "cuda-batched-bf"), beside the Floyd–Warshall registry
/// (registry.h), whose list, default and Solver interface they leave unchanged.
#include <apsp/solve/sparse_solver.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace apsp {

/// @brief A sparse solver as listed to users.
struct SparseBackendInfo {
  std::string name;
  std::string description;  ///< one line
  bool gpu = false;
  bool available = true;
  std::string unavailable_reason;
  // The launch knobs it takes (apsp bench spans each list given; the CLI refuses knobs a solver does not take).
  bool takes_threads_per_block = false;  ///< --threads-per-block (cuda-dijkstra, cuda-batched-bf)
  bool takes_concurrent = false;         ///< --concurrent (cuda-dijkstra)
  bool takes_batch = false;              ///< --batch and --chunk (cuda-batched-bf)
};

/// @brief Every sparse solver, available or not, CPU first.
std::vector<SparseBackendInfo> list_sparse_backends();

/// @brief Whether @p name is a sparse solver (so callers pick the CSR path instead of the dense one).
bool is_sparse_backend(std::string_view name);

/// @brief Creates a sparse solver. Throws UsageError (unknown name, options out of bounds: threads, threads per
/// block 32..1024 in steps of 32, concurrent 1..64, batch 0..kMaxBatch, chunk 32/64/128) or UnavailableError (a
/// CUDA solver without a device).
std::unique_ptr<SparseSolver> create_sparse_solver(std::string_view name, const SparseSolverOptions& options);

namespace limits {
/// @brief cuda-dijkstra's --threads-per-block: 32 .. 1024 in steps of 32 (whole warps, CUDA's block limit).
inline constexpr int kMinThreadsPerBlock = 32;
inline constexpr int kMaxThreadsPerBlock = 1024;
/// @brief cuda-dijkstra's --concurrent: 1 .. 64 sources in flight, one stream each (the report's range).
inline constexpr int kMaxConcurrent = 64;
/// @brief cuda-batched-bf's --batch: 0 (automatic) .. 2^20 sources per batch (memory shrinks it further).
inline constexpr int kMaxBatch = 1 << 20;
}  // namespace limits

}  // namespace apsp
