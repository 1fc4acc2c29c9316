#pragma once
// Factory of the CUDA variants (host-only header: the registry code includes it without nvcc).
#include <apsp/solve/solver.h>

#include <memory>

namespace apsp::cuda {

/// The one-GPU variants; the optimization ladder (apsp/solve/ladder.h) in order is Simple, Naive, SimpleVec,
/// PseudoBlocked, Blocked, Staged, BlockedVec, Tuned.
enum class Variant { Naive, Blocked, Tuned, Simple, SimpleVec, PseudoBlocked, Staged, BlockedVec };

/// @brief Whether @p variant runs one launch per k over the whole matrix (one Full phase per round) rather
/// than the three phases of the blocked algorithm.
bool steps_by_k(Variant variant);

/// @brief Creates @p variant on the current CUDA device. Throws UsageError for a
/// block size the variant does not compile, UnavailableError when there is no device.
std::unique_ptr<Solver> make_solver(Variant variant, const SolverOptions& options);

/// @brief Block sizes compiled in for @p variant (empty: any positive size).
std::vector<int> supported_blocks(Variant variant);

}  // namespace apsp::cuda
