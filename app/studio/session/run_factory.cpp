#include "session/run_factory.h"

#include <apsp/solve/sparse_registry.h>

#include <tuple>

namespace apsp::studio {

GraphSummary summarize(const GraphSource& source, const Graph& graph, const ActiveRun& run, double seconds) {
  GraphSummary summary;
  summary.source = source;
  summary.n = graph.n;
  summary.m = graph.m();
  std::tie(summary.weight_min, summary.weight_max) = graph.weight_range();
  summary.matrix_bytes = run.result_bytes();
  summary.load_seconds = seconds;
  return summary;
}

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
