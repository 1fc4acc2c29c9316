#pragma once
/// @file plan.h
/// @brief Planning a dense (Floyd–Warshall) solve, in one place for `apsp solve`, `apsp profile` and the studio:
/// which variant, the options it is checked with before anything is read, how the graph is loaded for it, the
/// block it really runs with once the graph is known, and the one solver built from that.
///
/// In order: plan_dense_solve() (refuses a bad name, block, dtype, thread or GPU count before any reading),
/// load_graph(source, plan.load), fit_to_graph() (the opening and effective block: block_size.h's rules),
/// create_planned_solver().
#include <apsp/io/graph_source.h>
#include <apsp/solve/registry.h>
#include <apsp/solve/solver.h>

#include <memory>
#include <string>

namespace apsp {

struct SolvePlan {
  std::string backend;
  BackendInfo info;
  /// The solver's options; options.block is the asked block until fit_to_graph(), then the block the solve
  /// uses.
  SolverOptions options;
  /// True when no block was asked for (no --block): the graph's suggested block opens the solve.
  bool block_from_graph = false;
  /// How to load the graph: the solve whose memory and time it is checked against, at the asked block until
  /// fit_to_graph(), then at the effective one (load.shape() is then the solve that runs: a re-configured
  /// solve on a graph already loaded is checked with it).
  GraphLoadOptions load;
  /// Whether fit_to_graph() ran: create_planned_solver() needs the effective block.
  bool fitted = false;

  int block() const { return options.block; }
};

/// @brief The plan of a dense solve on @p backend with @p asked (its block the asked block, or the fallback
/// when @p block_from_graph). Throws what create_solver() would for these options (UsageError for an unknown
/// name, a block the variant does not compile, an unsupported dtype, thread or GPU count; UnavailableError
/// for a variant that cannot run here), without creating anything. With @p block_from_graph the block is
/// checked by fit_to_graph() instead: a graph's suggestion may choose a block the fallback is not.
SolvePlan plan_dense_solve(const std::string& backend, const SolverOptions& asked, bool block_from_graph);

/// @brief Fits @p plan to the loaded graph of @p n vertices that suggests @p suggested_block (0: none): the
/// opening block when the block comes from the graph (opening_block_size()), then the block a solve of n
/// vertices uses (effective_block_size()), in options and load. Throws UsageError as effective_block_size() does.
void fit_to_graph(SolvePlan& plan, int n, int suggested_block);

/// @brief fit_to_graph() with a loaded graph's n and suggestion.
void fit_to_graph(SolvePlan& plan, const LoadedGraph& graph);

/// @brief The solver of a fitted @p plan. Throws Error when the plan was not fitted, else what create_solver()
/// throws.
std::unique_ptr<Solver> create_planned_solver(const SolvePlan& plan);

}  // namespace apsp
