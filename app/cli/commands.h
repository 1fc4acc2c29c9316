#pragma once
// One function per `apsp` subcommand: each adds its options to the parser and returns the action to run.
#include <CLI/CLI.hpp>

#include <functional>

namespace apsp::cli {

using Action = std::function<int()>;

Action add_gen(CLI::App& app);
Action add_solve(CLI::App& app);
Action add_verify(CLI::App& app);
Action add_bench(CLI::App& app);
Action add_info(CLI::App& app);
Action add_runs(CLI::App& app);
// Hardware counters (README "Hardware counters").
Action add_profile(CLI::App& app);
// Handouts: a lesson's tables as LaTeX, SVG or PDF.
Action add_handout(CLI::App& app);

}  // namespace apsp::cli
