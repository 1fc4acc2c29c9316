// Building a DenseRun: the graph loaded with the whole solve counted for memory, the block made effective, the
// solver created and reset from the graph's edges (Solver::reset(const Graph&)) and, on a GPU, warmed up.
#include <apsp/core/errors.h>
#include <apsp/core/memory.h>
#include <apsp/solve/plan.h>
#include <apsp/solve/registry.h>
#include <apsp/core/solve_estimate.h>

#include <algorithm>

#include "session/dense_run.h"
#include "session/load_progress.h"
#include "session/predecessor_view.h"
#include "session/run_factory.h"

namespace apsp::studio {
namespace {

// Takes out of the first interactive run the one-time costs `apsp bench` leaves to its warm-up run: loading
// each kernel on its first launch (CUDA's lazy loading), the first cudaFuncSetAttribute, the clocks' ramp from
// idle and, with several GPUs, NCCL's lazy connection set-up on the first broadcast. One GPU: a tiny solve on a
// solver of its own (same backend, block, dtype), with a view tracked so that the live-minima kernels load too.
// Several GPUs: the communicator is the solver's own, so @p solver itself runs its first round, then is reset to
// @p graph (built again where it was built first). After @p solver was built, so that an allocation failure still
// fails the load as before; a warm-up failure only means a colder first run: logged, never thrown.
void warm_up_gpu(Solver& solver, const Graph& graph, Log& log) {
  const SolverOptions& options = solver.options();
  if (options.gpus > 1) {
    try {
      solver.step(Granularity::Round);
      solver.synchronize();
    } catch (const std::exception& e) {
      log.warning(std::string("GPU warm-up skipped: ") + e.what());
    }
    solver.reset(graph);  // back to the start whatever happened (a failure here fails the load)
    return;
  }
  try {
    const int n = std::max(2 * options.block, 256);
    const DistanceMatrix tiny(n, options.block, options.dtype);
    std::unique_ptr<Solver> scratch = create_solver(std::string(solver.name()), options);
    scratch->reset(tiny);
    const ViewGeometry g{n, n / 8, n / 8};  // 8 x 8 cells: the live-minima kernels run too
    (void)scratch->track_view(&g);
    (void)scratch->storage_for_reads_async();
    scratch->step(Granularity::ToEnd);
    scratch->synchronize();
  } catch (const std::exception& e) {
    log.warning(std::string("GPU warm-up skipped: ") + e.what());
  }
}

// The plan of a dense solve for @p config: a backend that runs on one device gets gpus = 1 whatever was asked.
SolvePlan plan_for(RunContext& ctx, SolverConfig& config, bool block_from_graph) {
  if (!backend_info(config.backend).multi_gpu || config.gpus < 1) config.gpus = 1;
  SolverOptions asked{config.block, config.dtype, ctx.threads_for(config)};
  asked.gpus = config.gpus;
  asked.should_stop = [&cancel = ctx.cancel] { return cancel.load(); };  // ends a negative cycle's recovery too
  SolvePlan plan = plan_dense_solve(config.backend, asked, block_from_graph);
  // The CUDA dense variants build their matrix on the device from the edges, and the view reads tiles, never the
  // whole result: the memory check counts no n x n host matrix for them.
  plan.load.builds_on_device = plan.info.gpu;
  plan.load.streams_result = plan.info.gpu;
  return plan;
}

// The one solver of a fitted @p plan on @p graph, reset to its matrix (built where the backend keeps it: no
// n x n host matrix for a backend that builds on the device) and, on a GPU, warmed up. Each step is reported to
// ctx.load; a load (@p is_load) stops between them when cancelled, a configure runs to its end as it always did.
std::unique_ptr<DenseRun> make_dense_run(RunContext& ctx, ClassroomWorker& classroom,
                                         std::shared_ptr<const Graph> graph, SolverConfig config, SolvePlan plan,
                                         bool is_load) {
  const auto stop_if_cancelled = [&] {
    if (is_load && ctx.cancelled()) throw Error("cancelled");
  };
  config.block = plan.block();
  // Π for the classroom (session/predecessor_view.h): CPU backends keep their own at classroom sizes; GPU
  // backends derive it from the distances.
  plan.options.track_paths = !plan.info.gpu && graph->n <= kPredecessorViewMaxVertices;
  std::unique_ptr<Solver> solver = create_planned_solver(plan);
  ctx.load.start("build + upload");
  solver->reset(*graph);
  ctx.load.end_step(reset_steps(solver->load_times()));
  stop_if_cancelled();
  if (plan.info.gpu) {
    ctx.load.start("warm-up");
    warm_up_gpu(*solver, *graph, ctx.log);
    ctx.load.end_step();
    stop_if_cancelled();
  }
  return std::make_unique<DenseRun>(ctx, classroom, std::move(graph), std::move(config), std::move(solver));
}

}  // namespace

std::string describe_config(const SolverConfig& c) {
  std::string text = c.backend + ", block " + std::to_string(c.block) + ", " + std::string(to_string(c.dtype));
  if (c.gpus > 1) text += ", " + std::to_string(c.gpus) + " GPUs";
  if (c.threads > 0) text += ", " + std::to_string(c.threads) + " CPU threads";
  return text;
}

LoadedRun load_dense_run(RunContext& ctx, ClassroomWorker& classroom, const GraphSource& source,
                         const SolverConfig& config, bool block_from_graph) {
  // The whole solve is counted for memory before any matrix exists (a tiny file may declare a huge n), and a
  // cancel or closing the window stops a pipe still being read, or a load between its stages.
  SolverConfig effective = config;
  SolvePlan plan = plan_for(ctx, effective, block_from_graph);
  plan.load.cancel = &ctx.cancel;
  // read or generate, build, upload, the GPU's warm-up, the first view (the session's)
  ctx.load.plan(plan.info.gpu ? 5 : 4);
  ctx.load.start(source.kind == GraphSource::Kind::File ? "read" : "generate");
  LoadedGraph loaded = load_graph(source, plan.load);
  ctx.load.end_step();
  // A classroom graph opens with the block it suggests unless one was asked for (the rule: block_size.h).
  fit_to_graph(plan, loaded);
  auto graph = std::make_shared<const Graph>(std::move(loaded.graph));
  if (ctx.cancelled()) throw Error("load " + source.label() + ": cancelled");
  LoadedRun out;
  out.run = make_dense_run(ctx, classroom, graph, effective, plan, true);
  out.summary = summarize(source, *graph, *out.run, loaded.seconds);
  out.summary.suggested_block = loaded.suggested_block;
  out.graph = std::move(graph);
  // As `apsp solve` announces it: an O(n^3) solve of minutes or hours is said before the user starts it.
  if (loaded.estimate.seconds >= 5) out.warning = "a whole solve: " + loaded.estimate.describe(effective.backend);
  return out;
}

std::unique_ptr<ActiveRun> configure_dense_run(RunContext& ctx, ClassroomWorker& classroom,
                                               std::shared_ptr<const Graph> graph, const SolverConfig& config) {
  SolverConfig effective = config;
  SolvePlan plan = plan_for(ctx, effective, false);
  fit_to_graph(plan, graph->n, 0);
  // As a load does: the new solve is counted whole (the old one stays until it is built) before allocating.
  const bool negative = graph->m() > 0 && graph->weight_range().first < 0;
  const std::string n = std::to_string(graph->n);
  require_host_memory(effective.backend + " on the " + n + " x " + n + " " + std::string(to_string(effective.dtype)) +
                          " matrix (input, working copies, result)",
                      estimate_solve(plan.load.shape(), graph->n, negative).host_bytes);
  return make_dense_run(ctx, classroom, std::move(graph), effective, plan, false);
}

}  // namespace apsp::studio
