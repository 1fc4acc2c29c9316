#include "sparse_solve.h"

#include "cli_common.h"
#include "pred_output.h"

#include <apsp/core/errors.h>
#include <apsp/core/stop_signal.h>
#include <apsp/io/distance_io.h>
#include <apsp/io/sparse_graph_source.h>
#include <apsp/solve/sparse_registry.h>
#include <apsp/solve/sparse_work.h>

#include <chrono>
#include <cstdio>

namespace apsp::cli {

void require_writable_shape(const std::string& output, std::optional<DistanceFormat> format,
                            const std::vector<std::int32_t>& sources, std::int32_t n) {
  if (output.empty()) return;  // nothing written
  if ((format ? *format : distance_format_from_path(output)) == DistanceFormat::CourseBinary &&
      !is_every_vertex_in_order(sources, n))
    throw UsageError(output + ": the course binary holds the whole n x n matrix; write the " +
                     std::to_string(sources.size()) + " x " + std::to_string(n) + " rows of --sources as .npy or .csv");
}

int run_sparse_solve(const SparseSolveRequest& request) {
  const auto start = std::chrono::steady_clock::now();
  SparseSolverOptions options = request.options;
  // Polled between batches of sources: a signal stops the solve (exit 130 / 143), so does --max-seconds (exit 2).
  options.should_stop = [&request, start]() {
    throw_if_stop_requested();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (request.max_seconds > 0 && seconds > request.max_seconds)
      throw UsageError(request.backend + " ran longer than --max-seconds " + std::to_string(request.max_seconds) +
                       "; stopped, nothing written");
    return false;
  };
  auto solver = create_sparse_solver(request.backend, options);  // validates the name and knobs before any reading

  SparseLoadOptions load;
  load.sources = request.sources;
  load.working_bytes = [&solver](std::int64_t n, std::int64_t m) { return solver->working_bytes(n, m); };
  LoadedSparseGraph input = load_sparse_graph(request.source, load);  // refuses for memory before building anything
  const std::vector<std::int32_t> sources = request.sources.resolve(input.graph.n);
  require_writable_shape(request.output, request.out_format, sources, input.graph.n);
  check_pred_output(request.pred, request.pred_format, sources, input.graph.n);
  throw_if_stop_requested();

  const auto t0 = std::chrono::steady_clock::now();
  const SourceDistances result = solver->solve(input.graph, sources);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  throw_if_stop_requested();
  if (!request.output.empty()) write_distances(output_path(request.output), result, request.out_format);
  if (!request.pred.empty()) write_pred_output(request.pred, request.pred_format, input.graph, result, options.threads);
  if (!request.quiet) {
    // The distances (or Π) alone on standard output.
    std::FILE* report = is_stdout(request.output) || is_stdout(request.pred) ? stderr : stdout;
    const SparseSolveStats& stats = solver->stats();
    // Its own rates over the solve alone (reading the graph excluded), as apsp bench's edges/s and sources/s.
    const double edges = static_cast<double>(edges_relaxed(input.graph, result));
    std::fprintf(report,
                 "%s: n = %d, m = %lld (%lld as given), %s, %lld source%s (%s)%s: %.3f s, %s edges/s, %s sources/s "
                 "-> %s\n",
                 input.description.c_str(), input.graph.n, static_cast<long long>(input.graph.m()),
                 static_cast<long long>(input.input_edges), request.backend.c_str(),
                 static_cast<long long>(result.rows()), result.rows() == 1 ? "" : "s",
                 request.sources.to_string().c_str(), stats.reweighted ? ", Johnson reweighting" : "", seconds,
                 si(seconds > 0 ? edges / seconds : 0.0).c_str(),
                 si(seconds > 0 ? static_cast<double>(result.rows()) / seconds : 0.0).c_str(),
                 request.output.empty() ? "(not written)" : request.output.c_str());
  }
  throw_if_stop_requested();  // a signal during the (atomic) write: it finished, the run still says it was stopped
  return 0;
}

}  // namespace apsp::cli
