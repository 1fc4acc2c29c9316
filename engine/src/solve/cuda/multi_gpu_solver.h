#pragma once
// cuda-tuned on several GPUs of one host (options.gpus > 1): factory and test hooks. Host-only header: the
// registry and the tests include it without nvcc.
#include <apsp/solve/solver.h>

#include <memory>
#include <string>
#include <vector>

#include "solve/band_split.h"

namespace apsp::cuda {

/// @brief Where the bands live and how rows travel between them.
struct MultiGpuConfig {
  /// One band per entry, in row order. A device may repeat only with the peer path (several bands on one GPU:
  /// lets the band logic run on a one-GPU machine in tests).
  std::vector<int> devices;
  /// "nccl", "peer", or "" for the environment's APSP_MULTI_GPU_COMM, else NCCL when built with it.
  std::string comm;
};

/// @brief Devices 0 .. gpus-1, communication path from the environment.
MultiGpuConfig default_multi_gpu_config(int gpus);

/// @brief cuda-tuned over options.gpus devices (the registry's factory calls this for gpus > 1). Throws
/// UsageError (block size, gpus < 1, bad APSP_MULTI_GPU_COMM), UnavailableError (too few devices, NCCL asked
/// for but not built).
std::unique_ptr<Solver> make_multi_gpu_solver(const SolverOptions& options);
std::unique_ptr<Solver> make_multi_gpu_solver(const SolverOptions& options, const MultiGpuConfig& config);

/// @brief "nccl" or "peer" for a multi-GPU solver, "" for any other solver.
std::string multi_gpu_comm_of(const Solver& solver);
/// @brief The bands (device-matrix rows per entry of the config) after reset(); empty for other solvers.
std::vector<Band> multi_gpu_bands_of(const Solver& solver);

/// @brief Throws OutOfMemoryError (with the band, the GPU and the sizes) when some band of an n x n matrix
/// would not fit in its GPU's free memory; what load() checks before allocating anything.
void require_multi_gpu_memory(int n, const SolverOptions& options, const MultiGpuConfig& config);

}  // namespace apsp::cuda
