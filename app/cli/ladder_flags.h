#pragma once
// The optimization ladder's solver options on a command line (apsp solve, apsp bench):
// --cells-per-thread P (cuda-pseudo-blocked) and --phase2 split|one-cta (the classic blocked phase 2). Bad
// values fail while parsing, with one line naming the flag (exit 2), like every other numeric flag.
#include <apsp/solve/solver.h>

#include <CLI/CLI.hpp>

#include <string>

namespace apsp::cli {

struct LadderFlags {
  int cells_per_thread = 4;
  std::string phase2 = "split";

  /// @brief Copies the flags into @p options (the values were validated while parsing).
  void apply(SolverOptions& options) const;
};

/// @brief Adds --cells-per-thread and --phase2 to @p app, storing into @p flags.
void add_ladder_flags(CLI::App& app, LadderFlags& flags);

}  // namespace apsp::cli
