// apsp solve: read or generate a graph, solve round by round (progress bar on a terminal), write distances.
#include <apsp/core/errors.h>
#include <apsp/core/option_limits.h>
#include <apsp/core/stop_signal.h>
#include <apsp/io/distance_io.h>
#include <apsp/io/timings_csv.h>
#include <apsp/solve/block_size.h>
#include <apsp/solve/registry.h>
#include <apsp/solve/solve_progress.h>
#include <apsp/solve/sparse_registry.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <thread>

#include "cli_common.h"
#include "commands.h"
#include "progress.h"
#include "solve_time_guard.h"
#include "sparse_solve.h"

namespace apsp::cli {

namespace {
struct SolveArgs {
  std::string input;
  std::string gen_spec;
  std::string format;
  bool one_based = false;
  std::string output;
  std::string out_format;
  std::string backend;
  int block = 64;
  std::string dtype = "i32";
  int threads = 0;
  int gpus = 1;
  bool paths = false;
  std::vector<std::string> path_queries;
  std::string timings_csv;
  bool quiet = false;
  double max_seconds = 0;  // 0: no limit
  // Sparse graphs (issue 13): the rows to solve, and cuda-dijkstra's knobs.
  std::string sources = "all";
  int threads_per_block = SparseSolverOptions{}.threads_per_block;
  int concurrent = SparseSolverOptions{}.concurrent;
  // cuda-batched-bf (issue 13 point 5): sources per batch and per warp.
  int batch = SparseSolverOptions{}.batch;
  int chunk = SparseSolverOptions{}.chunk;
};

/// The flags that mean nothing to a sparse solver are refused by name rather than silently ignored.
void refuse_for_sparse(const std::string& backend, const SolveArgs& a, const CLI::App& app) {
  const auto given = [&app](const char* flag) { return app.get_option(flag)->count() > 0; };
  std::string flag;
  if (given("--paths") || given("--path")) flag = "--paths / --path (no next-hop table)";
  else if (a.dtype != "i32" && parse_dtype(a.dtype) != DType::I32) flag = "--dtype i16 (int32 distances only)";
  else if (given("--timings-csv")) flag = "--timings-csv (per-round phases do not exist here)";
  else if (a.gpus != 1) flag = "--gpus (one device)";
  if (!flag.empty()) throw UsageError(backend + " does not take " + flag);
}

std::pair<int, int> parse_pair(const std::string& text) {
  const std::size_t colon = text.find(':');
  try {
    if (colon == std::string::npos) throw std::invalid_argument("no colon");
    std::size_t a = 0, b = 0;
    const int i = std::stoi(text.substr(0, colon), &a);
    const int j = std::stoi(text.substr(colon + 1), &b);
    if (a != colon || b != text.size() - colon - 1) throw std::invalid_argument("trailing text");
    return {i, j};
  } catch (const std::logic_error&) {
    throw UsageError("--path: expected I:J (two vertex ids), got '" + text + "'");
  }
}

void print_paths(Solver& solver, const std::vector<std::string>& queries) {
  for (const std::string& q : queries) {
    const auto [i, j] = parse_pair(q);
    if (i < 0 || j < 0 || i >= solver.n() || j >= solver.n())
      throw UsageError("--path " + q + ": vertex outside 0.." + std::to_string(solver.n() - 1));
    const auto p = solver.path(i, j);
    if (!p) {
      std::printf("path %d -> %d: unreachable\n", i, j);
      continue;
    }
    std::printf("path %d -> %d (distance %d, %zu edges):", i, j, solver.value_at(i, j), p->size() - 1);
    for (std::int32_t v : *p) std::printf(" %d", v);
    std::printf("\n");
  }
}
}  // namespace

Action add_solve(CLI::App& app) {
  auto a = std::make_shared<SolveArgs>();
  app.add_option("input", a->input, "Graph file (.bin course binary, .gr, .mtx, .txt/.el/.csv)");
  app.add_option("--gen", a->gen_spec, "Generate the graph instead: 'er:n=256,p=0.05,seed=1,w=1:100'");
  app.add_option("--format", a->format, "Input format: bin, gr, mtx, el (default: from the extension)");
  app.add_flag("--one-based", a->one_based, "Edge-list vertex ids start at 1");
  app.add_option("-o,--output", a->output, "Distance file (.bin n*n int32, .npy, .csv)")->required();
  app.add_option("--out-format", a->out_format, "Distance format: bin, npy, csv (default: from the extension)");
  app.add_option("--backend", a->backend, "Solver variant (default: the fastest available; see apsp info --backends)");
  app.add_option("--block", a->block, "Block size B")
      ->capture_default_str()
      ->check(CLI::Range(limits::kMinBlock, limits::kMaxBlock));
  app.add_option("--dtype", a->dtype, "Distance type: i32 or i16")->capture_default_str();
  app.add_option("--threads", a->threads, "CPU threads (0: one per core; at most 4 per core)")
      ->capture_default_str()
      ->check(CLI::Range(0, limits::max_threads()));
  app.add_option("--gpus", a->gpus, "GPUs for multi-GPU variants")
      ->capture_default_str()
      ->check(CLI::Range(1, limits::kMaxGpus));
  app.add_flag("--paths", a->paths, "Track next hops so --path queries can print shortest paths");
  app.add_option("--path", a->path_queries, "Print the shortest path I -> J (I:J, repeatable; implies --paths)");
  app.add_option("--timings-csv", a->timings_csv, "Write per (round, phase, device) timings as CSV");
  app.add_flag("-q,--quiet", a->quiet, "Print nothing on success");
  app.add_option("--max-seconds", a->max_seconds,
                 "Refuse (exit 2) a solve estimated to take longer, stop one that does (exit 2); 0: no limit")
      ->capture_default_str()
      ->check(CLI::Range(0.0, limits::kMaxSolveSeconds));
  // Sparse graphs (issue 13).
  app.add_option("--sources", a->sources,
                 "Rows to solve: all, A:B (A..B-1) or a list 0,5,9; writes S x n (.npy, .csv; .bin only for all)")
      ->capture_default_str();
  app.add_option("--threads-per-block", a->threads_per_block, "cuda-dijkstra: threads per block (multiple of 32)")
      ->capture_default_str()
      ->check(CLI::Range(limits::kMinThreadsPerBlock, limits::kMaxThreadsPerBlock));
  app.add_option("--concurrent", a->concurrent, "cuda-dijkstra: sources in flight, one CUDA stream each")
      ->capture_default_str()
      ->check(CLI::Range(1, limits::kMaxConcurrent));
  // cuda-batched-bf (issue 13 point 5).
  app.add_option("--batch", a->batch, "cuda-batched-bf: sources per batch (0: sized to the GPU's L2 and memory)")
      ->capture_default_str()
      ->check(CLI::Range(0, limits::kMaxBatch));
  app.add_option("--chunk", a->chunk, "cuda-batched-bf: sources one warp relaxes together (32, 64 or 128)")
      ->capture_default_str()
      ->check(CLI::IsMember({32, 64, 128}));
  return [a, &app]() {
    const SourceSpec sources = SourceSpec::parse(a->sources);
    const auto given = [&app](const char* flag) { return app.get_option(flag)->count() > 0; };
    SolverOptions opts;
    opts.block = a->block;
    opts.dtype = parse_dtype(a->dtype);
    opts.threads = a->threads;
    opts.gpus = a->gpus;
    opts.track_paths = a->paths || !a->path_queries.empty();
    const std::string backend = a->backend.empty() ? default_backend() : a->backend;
    std::optional<DistanceFormat> out_format;
    if (!a->out_format.empty()) out_format = parse_distance_format(a->out_format);
    const GraphSource source = graph_source(a->input, a->gen_spec, a->format, a->one_based);
    if (given("--concurrent") && backend != "cuda-dijkstra")
      throw UsageError("--concurrent is cuda-dijkstra's knob, not " + backend + "'s");
    if (given("--threads-per-block") && backend != "cuda-dijkstra" && backend != "cuda-batched-bf")
      throw UsageError("--threads-per-block is cuda-dijkstra's and cuda-batched-bf's knob, not " + backend + "'s");
    if ((given("--batch") || given("--chunk")) && backend != "cuda-batched-bf")
      throw UsageError("--batch and --chunk are cuda-batched-bf's knobs, not " + backend + "'s");
    if (is_sparse_backend(backend)) {
      refuse_for_sparse(backend, *a, app);
      SparseSolveRequest request;
      request.source = source;
      request.sources = sources;
      request.backend = backend;
      request.options.threads = a->threads;
      request.options.threads_per_block = a->threads_per_block;
      request.options.concurrent = a->concurrent;
      request.options.batch = a->batch;
      request.options.chunk = a->chunk;
      request.output = a->output;
      request.out_format = out_format;
      request.max_seconds = a->max_seconds;
      request.quiet = a->quiet;
      return run_sparse_solve(request);
    }
    auto solver = create_solver(backend, opts);  // validates name, block and dtype before any reading

    GraphLoadOptions load;
    load.block = opts.block;
    load.dtype = opts.dtype;
    load.backend = backend;
    load.threads = opts.threads;
    load.gpus = opts.gpus;
    load.track_paths = opts.track_paths;
    LoadedGraph input = load_graph(source, load);  // refuses for memory before any matrix exists
    const std::vector<std::int32_t> rows = sources.resolve(input.graph.n);
    require_writable_shape(a->output, out_format, rows, input.graph.n);
    const SolveTimeGuard guard(input.estimate, backend, a->max_seconds, a->quiet);
    throw_if_stop_requested();  // SIGINT / SIGTERM (main.cpp): stop between steps, before any output
    // A variable-block variant runs a graph smaller than the block as one block of n (as the studio does).
    const int block = effective_block_size(backend_info(backend), opts.block, input.graph.n);
    if (block != opts.block) {
      opts.block = block;
      solver = create_solver(backend, opts);
    }
    DistanceMatrix initial = to_distance_matrix(input.graph, opts.block, opts.dtype);
    const auto t0 = std::chrono::steady_clock::now();
    solver->reset(initial);
    initial = DistanceMatrix();  // the solver holds its own copy
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
    bar.update(solver->rounds());
    bar.finish();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    DistanceMatrix result;
    solver->read(result);
    throw_if_stop_requested();
    if (sources.all())
      write_distances(a->output, result, out_format);
    else
      write_distances(a->output, select_rows(result, rows), out_format);
    solver->collect_timings(true);
    if (!a->timings_csv.empty()) write_timings_csv(a->timings_csv, backend, opts.block, solver->profile());
    if (!a->quiet) {
      const double n = solver->n();
      std::printf("%s: n = %d, m = %lld, %s, block %d, %s: %.3f s, %s updates/s -> %s\n", input.description.c_str(),
                  solver->n(), static_cast<long long>(input.graph.m()), backend.c_str(), opts.block,
                  std::string(to_string(opts.dtype)).c_str(), seconds, si(n * n * n / seconds).c_str(), a->output.c_str());
    }
    print_paths(*solver, a->path_queries);
    throw_if_stop_requested();  // a signal during the (atomic) writes: they finished, the run still says it was stopped
    return 0;
  };
}

}  // namespace apsp::cli
