#include <apsp/core/errors.h>
#include <apsp/solve/block_size.h>
#include <apsp/solve/plan.h>

namespace apsp {

SolvePlan plan_dense_solve(const std::string& backend, const SolverOptions& asked, bool block_from_graph) {
  const BackendInfo info = backend_info(backend);  // an unknown name is refused here
  SolverOptions checked = asked;
  // With no block asked, a graph's suggestion may still pick one (fit_to_graph): the fallback is checked there.
  if (block_from_graph) checked.block = supported_block_or_first(info, asked.block);
  check_solver_options(backend, checked);
  SolvePlan plan;
  plan.backend = backend;
  plan.info = info;
  plan.options = asked;
  plan.block_from_graph = block_from_graph;
  plan.load.block = asked.block;
  plan.load.dtype = asked.dtype;
  plan.load.backend = backend;
  plan.load.threads = asked.threads;
  plan.load.gpus = asked.gpus;
  plan.load.track_paths = asked.track_paths;
  return plan;
}

void fit_to_graph(SolvePlan& plan, int n, int suggested_block) {
  int block = plan.options.block;
  if (plan.block_from_graph) block = opening_block_size(plan.info, block, n, suggested_block);
  plan.options.block = effective_block_size(plan.info, block, n);
  plan.load.block = plan.options.block;
  plan.fitted = true;
}

void fit_to_graph(SolvePlan& plan, const LoadedGraph& graph) {
  fit_to_graph(plan, graph.graph.n, graph.suggested_block);
}

std::unique_ptr<Solver> create_planned_solver(const SolvePlan& plan) {
  if (!plan.fitted) throw Error("the solve plan of " + plan.backend + " is not fitted to a graph yet");
  return create_solver(plan.backend, plan.options);
}

}  // namespace apsp
