#include "session/run_factory.h"

#include <apsp/solve/sparse_registry.h>

namespace apsp::studio {

LoadedRun load_run(RunContext& ctx, ClassroomWorker& classroom, const GraphSource& source, const SolverConfig& config,
                   bool block_from_graph) {
  if (is_sparse_backend(config.backend)) return load_sparse_run(ctx, classroom, source, config);
  return load_dense_run(ctx, classroom, source, config, block_from_graph);
}

std::unique_ptr<ActiveRun> configure_run(RunContext& ctx, ClassroomWorker& classroom,
                                         std::shared_ptr<const Graph> graph, const SolverConfig& config) {
  if (is_sparse_backend(config.backend)) return configure_sparse_run(ctx, classroom, std::move(graph), config);
  return configure_dense_run(ctx, classroom, std::move(graph), config);
}

}  // namespace apsp::studio
