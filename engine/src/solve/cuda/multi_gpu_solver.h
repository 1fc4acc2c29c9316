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
  /// One band per entry, in row order (one process per GPU: the one entry local_rank). A device may repeat
  /// only with the peer path (several bands on one GPU: lets the band logic run on a one-GPU machine in tests).
  std::vector<int> devices;
  /// "nccl", "peer", or "" for the environment's APSP_MULTI_GPU_COMM, else NCCL when built with it.
  std::string comm;
};

/// @brief Devices 0 .. gpus-1, communication path from the environment.
MultiGpuConfig default_multi_gpu_config(int gpus);

/// @brief cuda-tuned over options.gpus devices (the registry's factory calls this for gpus > 1), or, with a
/// multi-process options.process_group, rank `rank`'s band of a world-band layout on device `local_rank`
/// over NCCL (the constructor joins the ranks: ncclCommInitRank waits until every rank has called it). Such
/// a rank reads back only its own rows (read_rows; storage()), other reads throw UsageError. Throws
/// UsageError (block size, gpus < 1, gpus != 1 with a process group, a rank outside the world, bad
/// APSP_MULTI_GPU_COMM), UnavailableError (too few devices, NCCL asked for but not built).
std::unique_ptr<Solver> make_multi_gpu_solver(const SolverOptions& options);
std::unique_ptr<Solver> make_multi_gpu_solver(const SolverOptions& options, const MultiGpuConfig& config);

/// @brief "nccl" or "peer" for a multi-GPU solver, "" for any other solver.
std::string multi_gpu_comm_of(const Solver& solver);
/// @brief The bands of the whole layout (device-matrix rows; one per GPU, or per rank) after reset(); empty
/// for other solvers. A rank holds bands[rank]: its real rows are [row_begin, min(row_end, n)).
std::vector<Band> multi_gpu_bands_of(const Solver& solver);

/// @brief Throws OutOfMemoryError (with the band, the GPU and the sizes) when some band of an n x n matrix
/// would not fit in its GPU's free memory; what load() checks before allocating anything.
void require_multi_gpu_memory(int n, const SolverOptions& options, const MultiGpuConfig& config);

}  // namespace apsp::cuda
