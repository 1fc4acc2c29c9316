#pragma once
/// @file ladder.h
/// @brief The optimization ladder: the CUDA variants in the order a GPU-programming course builds
/// them up, each one step faster than the last, and the two solver options only some steps use (cells per
/// thread of cuda-pseudo-blocked, the phase-2 mode of the classic blocked kernels), named and checked in one
/// place for the CLI and the studio.
#include <apsp/solve/solver.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace apsp {

/// @brief The ladder in order: cuda-simple, cuda-naive, cuda-simple-vec, cuda-pseudo-blocked, cuda-blocked,
/// cuda-staged, cuda-blocked-vec, cuda-tuned.
const std::vector<std::string>& ladder_backends();

/// @brief "split" / "one-cta".
const char* to_string(Phase2Mode mode);
/// @brief The mode named @p text ("split", "one-cta"); nullopt for anything else.
std::optional<Phase2Mode> parse_phase2_mode(std::string_view text);

/// @brief The mode @p backend's phase 2 runs in ("split", "one-cta") for the classic blocked kernels
/// (cuda-blocked, cuda-staged, cuda-blocked-vec); "" for a backend the mode does not change.
std::string phase2_of(std::string_view backend, Phase2Mode mode);

/// @brief "" when @p p is a P that cuda-pseudo-blocked compiles (2, 4, 8), else why not ("3 is not one of 2,
/// 4, 8"); callers put the flag or option name in front.
std::string cells_per_thread_problem(int p);

}  // namespace apsp
