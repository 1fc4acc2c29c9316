#pragma once
// Loading a graph and configuring a solver: the backend's kind picks the run (a Floyd–Warshall solver, or a
// sparse solver's rows); nothing later asks which kind it picked.
#include <apsp/graph/graph.h>
#include <apsp/io/graph_source.h>

#include <memory>
#include <string>

#include "session/active_run.h"
#include "session/classroom_worker.h"
#include "session/session_types.h"

namespace apsp::studio {

/// @brief A loaded graph and the run on it, built whole before it replaces anything.
struct LoadedRun {
  std::shared_ptr<const Graph> graph;  ///< shared read-only with the snapshot (the graph view draws its edges)
  GraphSummary summary;
  std::unique_ptr<ActiveRun> run;
  std::string warning;  ///< said after the load's line when not empty (a whole solve of minutes)
};

/// @brief Builds the graph and a run of @p config on it; throws, leaving nothing changed, when any of it fails.
/// @param block_from_graph no block was asked for: a graph that suggests one opens with it.
LoadedRun load_run(RunContext& ctx, ClassroomWorker& classroom, const GraphSource& source, const SolverConfig& config,
                   bool block_from_graph);
/// @brief A new run of @p config on the loaded @p graph, rewound to the start.
std::unique_ptr<ActiveRun> configure_run(RunContext& ctx, ClassroomWorker& classroom,
                                         std::shared_ptr<const Graph> graph, const SolverConfig& config);

/// @brief What the snapshot says of @p graph, read from @p source in @p seconds, solved by @p run.
GraphSummary summarize(const GraphSource& source, const Graph& graph, const ActiveRun& run, double seconds);

// The two kinds (dense_setup.cpp, sparse_active_run.cpp).
LoadedRun load_dense_run(RunContext& ctx, ClassroomWorker& classroom, const GraphSource& source,
                         const SolverConfig& config, bool block_from_graph);
std::unique_ptr<ActiveRun> configure_dense_run(RunContext& ctx, ClassroomWorker& classroom,
                                               std::shared_ptr<const Graph> graph, const SolverConfig& config);
LoadedRun load_sparse_run(RunContext& ctx, ClassroomWorker& classroom, const GraphSource& source,
                          const SolverConfig& config);
std::unique_ptr<ActiveRun> configure_sparse_run(RunContext& ctx, ClassroomWorker& classroom,
                                                std::shared_ptr<const Graph> graph, const SolverConfig& config);

}  // namespace apsp::studio
