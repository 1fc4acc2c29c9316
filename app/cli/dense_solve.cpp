// apsp solve with a Floyd–Warshall variant (dense_solve.h): read, build/upload (reset from the edges), compute,
// then download and write overlapped (apsp/io/distance_stream.h), each phase timed apart.
#include "dense_solve.h"

#include <apsp/core/errors.h>
#include <apsp/core/format.h>
#include <apsp/core/stop_signal.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/history/run_facts.h>
#include <apsp/io/distance_io.h>
#include <apsp/io/distance_stream.h>
#include <apsp/report/timings_csv.h>
#include <apsp/report/trace.h>
#include <apsp/solve/ladder.h>
#include <apsp/solve/plan.h>
#include <apsp/solve/registry.h>
#include <apsp/solve/solve_progress.h>
#include <apsp/teach/shortest_path.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "cli_common.h"
#include "phase_times.h"
#include "pred_output.h"
#include "progress.h"
#include "solve_time_guard.h"
#include "sparse_solve.h"

namespace apsp::cli {

namespace {
using Clock = std::chrono::steady_clock;

double ms_between(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double, std::milli>(b - a).count(); }

/// Every --path I:J, checked against the graph's n before the solve, so that a bad one writes nothing.
std::vector<std::pair<int, int>> path_queries(const std::vector<std::string>& queries, std::int32_t n) {
  std::vector<std::pair<int, int>> pairs;
  for (const std::string& q : queries) {
    const auto [i, j] = parse_path_query(q);
    if (i < 0 || j < 0 || i >= n || j >= n)
      throw UsageError("--path " + user_value_in_message(q) + ": vertex outside 0.." + std::to_string(n - 1));
    pairs.emplace_back(i, j);
  }
  return pairs;
}

/// Paths from the distances and the graph's edges (teach/shortest_path.h): any backend, and the same path the
/// studio's inspector shows.
void print_paths(const Graph& graph, const DistanceMatrix& result, const std::vector<std::pair<int, int>>& queries,
                 std::FILE* out) {
  if (queries.empty()) return;
  const teach::OutEdges edges(graph);
  std::vector<std::int32_t> column(static_cast<std::size_t>(result.n()));
  for (const auto& [i, j] : queries) {
    for (int v = 0; v < result.n(); ++v) column[static_cast<std::size_t>(v)] = result.get(v, j);
    const teach::WeightedPath p = teach::shortest_path(edges, column, i, j, result.n());
    if (p.empty()) {
      std::fprintf(out, "path %d -> %d: unreachable\n", i, j);
      continue;
    }
    std::fprintf(out, "path %d -> %d (distance %d, %zu edges):", i, j, result.get(i, j), p.vertices.size() - 1);
    for (std::int32_t v : p.vertices) std::fprintf(out, " %d", v);
    std::fprintf(out, "\n");
  }
}

/// The output's rows from the solver: runs of consecutive sources are read in one call each.
DistanceRowSource solver_rows(Solver& solver, const std::vector<std::int32_t>& sources) {
  return [&solver, &sources](std::int64_t row_begin, std::int64_t rows, std::int32_t* out) {
    const std::size_t n = static_cast<std::size_t>(solver.n());
    for (std::int64_t r = 0; r < rows;) {
      const std::int32_t first = sources[static_cast<std::size_t>(row_begin + r)];
      std::int64_t run = 1;
      while (r + run < rows && sources[static_cast<std::size_t>(row_begin + r + run)] == first + run) ++run;
      solver.read_rows(first, static_cast<int>(run), out + static_cast<std::size_t>(r) * n);
      r += run;
    }
  };
}

/// Solver::check_final_range() in chunks of rows: read_rows() refuses a distance outside the dtype's range, and
/// no n x n copy is made. Reads nothing where the range cannot be left.
void check_range_by_rows(Solver& solver) {
  if (!solver.range_policy().may_leave_range || solver.n() == 0) return;
  const std::int64_t n = solver.n();
  const std::int64_t chunk = std::clamp<std::int64_t>((std::int64_t{64} << 20) / (4 * n), 1, n);
  std::vector<std::int32_t> rows(static_cast<std::size_t>(chunk * n));
  for (std::int64_t row = 0; row < n; row += chunk)
    solver.read_rows(static_cast<int>(row), static_cast<int>(std::min(chunk, n - row)), rows.data());
}

}  // namespace

std::pair<int, int> parse_path_query(const std::string& text) {
  const std::size_t colon = text.find(':');
  try {
    if (colon == std::string::npos) throw std::invalid_argument("no colon");
    std::size_t a = 0, b = 0;
    const int i = std::stoi(text.substr(0, colon), &a);
    const int j = std::stoi(text.substr(colon + 1), &b);
    if (a != colon || b != text.size() - colon - 1) throw std::invalid_argument("trailing text");
    return {i, j};
  } catch (const std::logic_error&) {
    throw UsageError("--path: expected I:J (two vertex ids), got '" + user_value_in_message(text) + "'");
  }
}

int run_dense_solve(DenseSolveRequest& req) {
  const auto run_start = Clock::now();
  PhaseTimes times;
  // A graph that suggests its block (classroom presets, `# block: N`) gets it unless --block was given, and a
  // variable-block variant runs a graph smaller than the block as one block of n (both as the studio does).
  SolvePlan plan = plan_dense_solve(req.backend, req.options, !req.block_given);  // refuses before any reading
  // The memory estimate: the CUDA dense variants build their matrix on the device, and -o is written in
  // chunks of rows (only --path needs the result whole).
  plan.load.builds_on_device = plan.info.gpu;
  plan.load.streams_result = req.path_queries.empty();
  const auto read_start = Clock::now();
  LoadedGraph input = load_graph(req.source, plan.load);  // refuses for memory before any matrix exists
  times.read_ms = ms_between(read_start, Clock::now());
  req.source.contents.reset();  // a pipe's bytes are not needed beside the graph
  const std::vector<std::int32_t> rows = req.sources.resolve(input.graph.n);
  require_writable_shape(req.output, req.out_format, rows, input.graph.n);
  check_pred_output(req.pred, req.pred_format, rows, input.graph.n);
  const std::vector<std::pair<int, int>> paths = path_queries(req.path_queries, input.graph.n);
  const SolveTimeGuard guard(input.estimate, req.backend, req.max_seconds, req.quiet);
  throw_if_stop_requested();  // SIGINT / SIGTERM (main.cpp): stop between steps, before any output
  fit_to_graph(plan, input);
  // The same signal and deadline bound the one wait inside a step, a negative cycle's recovery.
  plan.options.should_stop = [&guard] {
    throw_if_stop_requested();
    return guard.expired();
  };
  const SolverOptions& opts = plan.options;
  // The devices' set-up (CUDA contexts, NCCL's communicators) is a phase of its own: seconds on several GPUs.
  const auto setup_start = Clock::now();
  const std::unique_ptr<Solver> solver = create_planned_solver(plan);
  times.setup_ms = ms_between(setup_start, Clock::now());
  // The context as the run begins; the GPU clocks as it ends, while they are still the run's (an idle GPU sits
  // at a few hundred MHz, so not before).
  RunContext context = collect_run_context(opts.threads, plan.info.gpu);
  context.phase2 = phase2_of(req.backend, opts.phase2);
  GpuClockMonitor gpu_clocks(plan.info.gpu ? opts.gpus : 0);
  // Built and uploaded apart from the compute, as apsp bench times them: GPU backends build on the device.
  const auto reset_start = Clock::now();
  solver->reset(input.graph);
  const Solver::LoadTimes& load = solver->load_times();
  times.built_on_device = load.built_on_device;
  times.build_ms = load.build_ms;
  times.upload_ms = load.upload_ms;
  // The samples' time reference: where reset() cleared the profile (after a host build, before a device one).
  const auto reference = reset_start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(
                                           load.built_on_device ? 0.0 : load.build_ms));
  const auto t0 = Clock::now();
  ProgressBar bar(solver->rounds());
  SolveProgress progress(*solver);  // a round counts once every GPU finished it (round_progress.h)
  while (!solver->finished()) {
    solver->step(Granularity::Round);
    guard.check(*solver);
    bar.update(progress.update(*solver));
    throw_if_stop_requested();
  }
  // GPU variants only enqueue: follow their completed rounds (from finished CUDA events) until the end.
  while (bar.enabled() && progress.update(*solver) < solver->rounds()) {
    bar.update(progress.rounds_done());
    throw_if_stop_requested();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  solver->synchronize();
  gpu_clocks.sample();
  context.gpu_clocks = gpu_clocks.ranges();
  bar.update(solver->rounds());
  bar.finish();
  const auto compute_end = Clock::now();
  times.compute_ms = ms_between(t0, compute_end);
  // Nothing n x n comes back unless it is written or --path needs it; a result that may have left the dtype's
  // range is still checked (read_rows checks each row it reads, so a written result is checked on the way).
  DistanceMatrix result;
  if (!paths.empty()) {
    const auto download_start = Clock::now();
    solver->read(result);
    times.download_ms = ms_between(download_start, Clock::now());
  }
  throw_if_stop_requested();
  const auto output_start = Clock::now();
  if (!req.output.empty()) {
    if (!paths.empty()) {  // read back whole already
      const auto write_start = Clock::now();
      if (req.sources.all())
        write_distances(output_path(req.output), result, req.out_format);
      else
        write_distances(output_path(req.output), select_rows(result, rows), req.out_format);
      times.write_ms = ms_between(write_start, Clock::now());
    } else {
      const DistanceStreamTimes streamed =
          write_distance_stream(output_path(req.output), static_cast<std::int64_t>(rows.size()), solver->n(),
                                solver_rows(*solver, rows), req.out_format);
      times.download_ms += streamed.read_ms;
      times.write_ms = streamed.write_ms;
    }
  } else if (paths.empty()) {
    const auto check_start = Clock::now();
    check_range_by_rows(*solver);
    times.download_ms += ms_between(check_start, Clock::now());
  }
  const auto output_end = Clock::now();
  if (!req.pred.empty()) write_pred_output(req.pred, req.pred_format, *solver, rows);
  times.wall_ms = ms_between(run_start, Clock::now());
  solver->collect_timings(true);
  RunDescription what;
  what.source = "solve";
  what.backend = req.backend;
  what.gpu_backend = plan.info.gpu;
  what.block = opts.block;
  what.gpus = opts.gpus;
  what.dtype = std::string(to_string(opts.dtype));
  what.threads = opts.threads;
  what.n = solver->n();
  what.graph = req.source.text;
  if (req.source.kind == GraphSource::Kind::File) what.graph_file = req.source.text;
  what.context = std::move(context);
  RunRecord record = make_run_record(what, solver->profile(), times.compute_ms);
  record.stages = times.stages();
  const std::string run_id = record_run(record, req.no_history, "solve");
  if (!req.timings_csv.empty()) {
    ExportContext csv = export_context(record);
    csv.run_id = run_id.empty() ? "-" : run_id;  // "-": the run is not in the history
    write_timings_csv(output_path(req.timings_csv), csv, solver->profile());
  }
  if (!req.trace.empty()) {
    TraceContext trace = trace_context_for(req.backend, opts, solver->n(), run_context_of(record));
    // On the samples' axis (0 = the reference reset() took): the read and the host build before it, the
    // download and the write after the compute.
    const auto at_us = [&reference](Clock::time_point t) { return 1000.0 * ms_between(reference, t); };
    trace.host_slices.push_back({"read (graph)", at_us(read_start), times.read_ms});
    // The host build ends where reset() takes the reference, as the upload begins.
    if (!times.built_on_device) trace.host_slices.push_back({"build (graph -> matrix)", -1000.0 * times.build_ms, times.build_ms});
    if (output_end > output_start)
      trace.host_slices.push_back({"download + write (streamed)", at_us(output_start), ms_between(output_start, output_end)});
    write_trace(req.trace, solver->profile().samples(), trace);
  }
  if (!req.quiet) {
    const double n = solver->n();
    const std::string destination = req.output.empty() ? "(distances not written)"
                                    : is_stdout(req.output) ? "standard output" : req.output;
    if (req.verbose)
      std::fprintf(req.report,
                   "phases: %s (download and write overlap); end to end %s; the rate counts the compute only, as apsp "
                   "bench's\n",
                   times.text().c_str(), format_duration_ms(times.wall_ms).c_str());
    std::fprintf(req.report, "%s: n = %d, m = %lld, %s, block %d, %s: compute %s, %s updates/s (end to end %s) -> %s%s%s\n",
                 input.description.c_str(), solver->n(), static_cast<long long>(input.graph.m()), req.backend.c_str(),
                 opts.block, std::string(to_string(opts.dtype)).c_str(), format_duration_ms(times.compute_ms).c_str(),
                 si(times.compute_ms > 0 ? n * n * n / (times.compute_ms * 1e-3) : 0.0).c_str(),
                 format_duration_ms(times.wall_ms).c_str(), destination.c_str(), run_id.empty() ? "" : ", run ",
                 run_id.c_str());
  }
  print_paths(input.graph, result, paths, req.report);
  throw_if_stop_requested();  // a signal during the (atomic) writes: they finished, the run still says it was stopped
  return 0;
}

}  // namespace apsp::cli
