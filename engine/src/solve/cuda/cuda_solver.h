#pragma once
// Factory of the CUDA variants (host-only header: the registry code includes it without nvcc).
#include <apsp/solve/solver.h>

#include <memory>

namespace apsp::cuda {

enum class Variant { Naive, Blocked, Tuned };

/// @brief Creates cuda-naive, cuda-blocked or cuda-tuned on the current CUDA device. Throws UsageError for a
/// block size the variant does not compile, UnavailableError when there is no device.
std::unique_ptr<Solver> make_solver(Variant variant, const SolverOptions& options);

/// @brief Block sizes compiled in for @p variant (empty: any positive size).
std::vector<int> supported_blocks(Variant variant);

}  // namespace apsp::cuda
