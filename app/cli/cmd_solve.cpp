// apsp solve: read or generate a graph, solve round by round (progress bar on a terminal), write distances.
#include <apsp/core/errors.h>
#include <apsp/core/format.h>
#include <apsp/core/option_limits.h>
#include <apsp/core/stop_signal.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/history/run_facts.h>
#include <apsp/io/distance_io.h>
#include <apsp/io/output_paths.h>
#include <apsp/io/sparse_graph_source.h>
#include <apsp/report/timings_csv.h>
#include <apsp/report/trace.h>
#include <apsp/solve/auto_backend.h>
#include <apsp/solve/ladder.h>
#include <apsp/device/device_info.h>
#include <apsp/solve/plan.h>
#include <apsp/solve/registry.h>
#include <apsp/solve/solve_progress.h>
#include <apsp/solve/sparse_registry.h>
#include <apsp/teach/shortest_path.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <thread>

#include <finite_range.h>
#include <thread_count_check.h>

#include "cli_common.h"
#include "ladder_flags.h"
#include "commands.h"
#include "pred_output.h"
#include "progress.h"
#include "solve_time_guard.h"
#include "sparse_solve.h"
#include "rank_solve.h"  // one process per GPU

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
  std::string pred;  // --pred FILE: the predecessor matrix Π
  std::string timings_csv;
  std::string trace;  // --trace FILE.json: the samples as a Chrome trace / Perfetto timeline
  bool quiet = false;
  double max_seconds = 0;  // 0: no limit
  bool no_history = false;
  bool verbose = false;  // says which backend auto chose and why
  // Sparse graphs: the rows to solve, and cuda-dijkstra's knobs.
  std::string sources = "all";
  int threads_per_block = SparseSolverOptions{}.threads_per_block;
  int concurrent = SparseSolverOptions{}.concurrent;
  // cuda-batched-bf: sources per batch and per warp.
  int batch = SparseSolverOptions{}.batch;
  int chunk = SparseSolverOptions{}.chunk;
  LadderFlags ladder;  // --cells-per-thread, --phase2
  RankFlags ranks;     // one process per GPU (rank_solve.h)
};

/// The flag given that only Floyd–Warshall takes, with why, or "" (a sparse solver may run).
std::string dense_only_flag(const SolveArgs& a, const CLI::App& app) {
  const auto given = [&app](const char* flag) { return app.get_option(flag)->count() > 0; };
  if (given("--paths") || given("--path")) return "--paths / --path (no path tracking)";
  if (a.dtype != "i32" && parse_dtype(a.dtype) != DType::I32) return "--dtype i16 (int32 distances only)";
  if (given("--timings-csv")) return "--timings-csv (per-round phases do not exist here)";
  if (given("--trace")) return "--trace (per-round phases do not exist here)";
  if (a.gpus != 1) return "--gpus (one device)";
  return {};
}

/// The flags that mean nothing to a sparse solver are refused by name rather than silently ignored.
void refuse_for_sparse(const std::string& backend, const SolveArgs& a, const CLI::App& app) {
  const std::string flag = dense_only_flag(a, app);
  if (!flag.empty()) throw UsageError(backend + " does not take " + flag);
}

/// `--backend auto` (the default): Floyd–Warshall or a sparse solver by the measured cost models of
/// apsp/solve/auto_backend.h. Reads the graph into its CSR form for n and m (a second read follows: the chosen
/// solver's own loader checks its own memory; a pipe's bytes come from read_input_once both times).
AutoChoice choose_backend_for(const GraphSource& source, const SourceSpec& sources, const SolveArgs& a,
                              const CLI::App& app) {
  AutoInputs in;
  const std::string flag = dense_only_flag(a, app);
  if (!flag.empty()) in.dense_only = flag.substr(0, flag.find(" ("));
  if (app.get_option("--block")->count() > 0) in.dense_only = "--block";
  if (in.dense_only.empty()) {
    SparseLoadOptions load;
    load.sources = sources;
    try {
      const LoadedSparseGraph g = load_sparse_graph(source, load);
      in.n = g.graph.n;
      in.m = g.graph.m();
    } catch (const OutOfMemoryError&) {
      in.dense_only = "the graph's sparse form not fitting in memory";
    }
  }
  in.sources = in.n > 0 ? sources.count(in.n) : 0;
  in.gpu = cuda_unavailable_reason().empty();
  if (in.gpu) {
    const std::vector<DeviceInfo> devices = cuda_devices(false);
    if (!devices.empty()) {
      in.gpu_minplus_peak_i32 = devices.front().minplus_peak_i32;
      in.gpu_bandwidth_gbps = devices.front().peak_bandwidth_gbps;
    }
  }
  in.cpu_threads = a.threads > 0 ? a.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  for (const SparseBackendInfo& info : list_sparse_backends())
    if (info.available) in.sparse_available.push_back(info.name);
  return choose_auto_backend(in);
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
    throw UsageError("--path: expected I:J (two vertex ids), got '" + user_value_in_message(text) + "'");
  }
}

/// Every --path I:J, checked against the graph's n before the solve, so that a bad one writes nothing.
std::vector<std::pair<int, int>> path_queries(const std::vector<std::string>& queries, std::int32_t n) {
  std::vector<std::pair<int, int>> pairs;
  for (const std::string& q : queries) {
    const auto [i, j] = parse_pair(q);
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
}  // namespace

Action add_solve(CLI::App& app) {
  auto a = std::make_shared<SolveArgs>();
  app.add_option("input", a->input, "Graph file (.bin course binary, .gr, .mtx, .txt/.el/.csv)");
  app.add_option("--gen", a->gen_spec, "Generate the graph instead: 'er:n=256,p=0.05,seed=1,w=1:100'");
  app.add_option("--format", a->format, "Input format: bin, gr, mtx, el (default: from the extension)");
  app.add_flag("--one-based", a->one_based, "Edge-list vertex ids start at 1");
  app.add_option("-o,--output", a->output,
                 "Distance file (.bin n*n int32, .npy, .csv; '-': standard output, csv unless --out-format says)");
  app.add_option("--out-format", a->out_format, "Distance format: bin, npy, csv (default: from the extension)");
  app.add_option("--backend", a->backend,
                 "Solver (default auto: Floyd–Warshall or a sparse solver by n, m and the device; -v says which; "
                 "see apsp info --backends)");
  CLI::Option* block_flag =
      app.add_option("--block", a->block, "Block size B (default 64, or the block a classroom graph suggests)")
          ->capture_default_str()
          ->check(CLI::Range(limits::kMinBlock, limits::kMaxBlock));
  app.add_option("--dtype", a->dtype, "Distance type: i32 or i16")->capture_default_str();
  app.add_option("--threads", a->threads, "CPU threads (0: one per core; at most 4 per core)")
      ->capture_default_str()
      ->check(thread_count_check());
  app.add_option("--gpus", a->gpus, "GPUs for multi-GPU variants")
      ->capture_default_str()
      ->check(CLI::Range(1, limits::kMaxGpus));
  app.add_flag("--paths", a->paths, "Track the predecessor matrix in the CPU solver (Solver::path); --path does not need it");
  app.add_option("--path", a->path_queries, "Print a shortest path I -> J (I:J, repeatable; any backend: from the distances and the edges, fewest edges, smallest ids on ties)");
  app.add_option("--pred", a->pred,
                 "Write the predecessor matrix (the vertex before j on the path i -> j, 0-based, -1 = NIL) in -o's "
                 "formats; at most " + std::to_string(limits::kMaxPredecessorVertices) + " vertices");
  app.add_option("--timings-csv", a->timings_csv, "Write per (round, phase, device) timings as CSV ('-': standard output)");
  app.add_option("--trace", a->trace,
                 "Write a Chrome trace / Perfetto timeline (JSON): every phase, copy and broadcast per device and stream");
  app.add_flag("-q,--quiet", a->quiet, "Print nothing on success");
  app.add_option("--max-seconds", a->max_seconds,
                 "Refuse (exit 2) a solve estimated to take longer, stop one that does (exit 2); 0: no limit")
      ->capture_default_str()
      ->check(finite_range(0.0, limits::kMaxSolveSeconds, "NUMBER"));
  // The run history (README "Run history").
  app.add_flag("--no-history", a->no_history, "Do not append this run to the run history (also: APSP_HISTORY=off)");
  // Sparse graphs.
  app.add_flag("-v,--verbose", a->verbose,
               "Say which backend --backend auto chose and why, and the load, upload, compute and read-back times");
  app.add_option("--sources", a->sources,
                 "Rows to solve: all, A:B (A..B-1) or a list 0,5,9; writes S x n (.npy, .csv; .bin only for all)")
      ->capture_default_str();
  app.add_option("--threads-per-block", a->threads_per_block, "cuda-dijkstra: threads per block (multiple of 32)")
      ->capture_default_str()
      ->check(CLI::Range(limits::kMinThreadsPerBlock, limits::kMaxThreadsPerBlock));
  app.add_option("--concurrent", a->concurrent, "cuda-dijkstra: sources in flight, one CUDA stream each")
      ->capture_default_str()
      ->check(CLI::Range(1, limits::kMaxConcurrent));
  // cuda-batched-bf.
  app.add_option("--batch", a->batch, "cuda-batched-bf: sources per batch (0: sized to the GPU's L2 and memory)")
      ->capture_default_str()
      ->check(CLI::Range(0, limits::kMaxBatch));
  app.add_option("--chunk", a->chunk, "cuda-batched-bf: sources one warp relaxes together (32, 64 or 128)")
      ->capture_default_str()
      ->check(CLI::IsMember({32, 64, 128}));
  // The ladder's options.
  add_ladder_flags(app, a->ladder);
  add_rank_flags(app, a->ranks);
  app.footer(backends_help());
  return [a, block_flag, &app]() {
    if (a->input.empty() && a->gen_spec.empty()) throw UsageError("no graph given; see apsp solve --help");
    const auto given = [&app](const char* flag) { return app.get_option(flag)->count() > 0; };
    // Before anything is read or written: no output may be empty, the input, or another output.
    const std::vector<NamedPath> outputs = {
        {"-o", a->output}, {"--timings-csv", a->timings_csv}, {"--trace", a->trace}, {"--pred", a->pred}};
    for (const NamedPath& out : outputs)
      if (given(out.flag == "-o" ? "--output" : out.flag.c_str())) refuse_empty_output_path(out.flag, out.path);
    refuse_clashing_paths({{"the input", a->input}}, outputs);
    const SourceSpec sources = SourceSpec::parse(a->sources);
    for (const std::string& q : a->path_queries) parse_pair(q);  // the syntax now; the vertices once n is known
    SolverOptions opts;
    opts.block = a->block;
    opts.dtype = parse_dtype(a->dtype);
    opts.threads = a->threads;
    opts.gpus = a->gpus;
    opts.track_paths = a->paths || !a->pred.empty();  // the CPU variants track Π; the others derive it
    a->ladder.apply(opts);
    std::string backend = a->backend.empty() ? "auto" : a->backend;
    std::optional<DistanceFormat> out_format;
    if (!a->out_format.empty()) out_format = parse_distance_format(a->out_format);
    if (is_stdout(a->output) && !out_format) out_format = DistanceFormat::Csv;  // "-" has no extension: text
    if (out_format)
      refuse_binary_to_terminal(a->output, *out_format != DistanceFormat::Csv, std::string(to_string(*out_format)));
    const std::optional<DistanceFormat> pred_out_format = pred_format(a->pred, a->out_format);
    if (is_stdout(a->pred) && (is_stdout(a->output) || is_stdout(a->timings_csv)))
      throw UsageError("--pred - shares standard output with another output; write one of them to a file");
    if (pred_out_format) refuse_binary_to_terminal(a->pred, *pred_out_format != DistanceFormat::Csv, std::string(to_string(*pred_out_format)));
    if (std::optional<ProcessGroup> group = rank_process_group(a->ranks, process_environment())) {
      RankSolveRequest r{graph_source(a->input, a->gen_spec, a->format, a->one_based), backend, opts,
                         block_flag->count() == 0, a->output, out_format, {}, a->verbose, a->quiet};
      for (const char* flag : {"--paths", "--path", "--pred", "--sources", "--timings-csv", "--trace", "--max-seconds"})
        if (r.refused_flag.empty() && given(flag)) r.refused_flag = flag;
      return run_rank_solve(std::move(*group), a->ranks, process_environment(), std::move(r));
    }
    // Whatever shares standard output with the distances or the timings goes to stderr instead.
    std::FILE* report = is_stdout(a->output) || is_stdout(a->timings_csv) || is_stdout(a->pred) ? stderr : stdout;
    GraphSource source = graph_source(a->input, a->gen_spec, a->format, a->one_based);
    if (backend == "auto") {
      // auto reads the graph to decide and the solve reads it again: a pipe (`<(apsp gen ...)`) gives its
      // bytes only once, so they are kept for both.
      source = read_input_once(std::move(source));
      const AutoChoice choice = choose_backend_for(source, sources, *a, app);
      if (a->verbose) std::fprintf(report, "%s\n", choice.reason.c_str());
      backend = choice.backend;
    }
    // A knob names its solver; under auto the message says what auto chose.
    const std::string chosen =
        backend + "'s" + (a->backend.empty() || a->backend == "auto" ? " (auto chose it; -v says why)" : "");
    if (given("--concurrent") && backend != "cuda-dijkstra")
      throw UsageError("--concurrent is cuda-dijkstra's knob, not " + chosen);
    if (given("--threads-per-block") && backend != "cuda-dijkstra" && backend != "cuda-batched-bf")
      throw UsageError("--threads-per-block is cuda-dijkstra's and cuda-batched-bf's knob, not " + chosen);
    if ((given("--batch") || given("--chunk")) && backend != "cuda-batched-bf")
      throw UsageError("--batch and --chunk are cuda-batched-bf's knobs, not " + chosen);
    if (is_sparse_backend(backend)) {
      refuse_for_sparse(backend, *a, app);
      SparseSolveRequest request;
      request.source = std::move(source);
      request.sources = sources;
      request.backend = backend;
      request.options.threads = a->threads;
      request.options.threads_per_block = a->threads_per_block;
      request.options.concurrent = a->concurrent;
      request.options.batch = a->batch;
      request.options.chunk = a->chunk;
      request.output = a->output;
      request.out_format = out_format;
      request.pred = a->pred;
      request.pred_format = pred_out_format;
      request.max_seconds = a->max_seconds;
      request.quiet = a->quiet;
      return run_sparse_solve(request);
    }
    // A graph that suggests its block (classroom presets, `# block: N`) gets it unless --block was given, and a
    // variable-block variant runs a graph smaller than the block as one block of n (both as the studio does).
    SolvePlan plan = plan_dense_solve(backend, opts, block_flag->count() == 0);  // refuses before any reading
    LoadedGraph input = load_graph(source, plan.load);  // refuses for memory before any matrix exists
    source.contents.reset();                             // a pipe's bytes are not needed beside the graph
    const std::vector<std::int32_t> rows = sources.resolve(input.graph.n);
    require_writable_shape(a->output, out_format, rows, input.graph.n);
    check_pred_output(a->pred, pred_out_format, rows, input.graph.n);
    const std::vector<std::pair<int, int>> paths = path_queries(a->path_queries, input.graph.n);
    const SolveTimeGuard guard(input.estimate, backend, a->max_seconds, a->quiet);
    throw_if_stop_requested();  // SIGINT / SIGTERM (main.cpp): stop between steps, before any output
    fit_to_graph(plan, input);
    // The same signal and deadline bound the one wait inside a step, a negative cycle's recovery.
    plan.options.should_stop = [&guard] {
      throw_if_stop_requested();
      return guard.expired();
    };
    opts = plan.options;
    const std::unique_ptr<Solver> solver = create_planned_solver(plan);
    // Timed apart, as apsp bench times them: the load (graph -> matrix) and the reset (the upload into the
    // solver) are not in the compute time the rate counts.
    using Clock = std::chrono::steady_clock;
    const auto ms_between = [](Clock::time_point a, Clock::time_point b) {
      return std::chrono::duration<double, std::milli>(b - a).count();
    };
    // The context as the run begins; the GPU clocks as it ends, while they are still the run's (an idle GPU sits
    // at a few hundred MHz, so not before).
    RunContext context = collect_run_context(opts.threads, plan.info.gpu);
    context.phase2 = phase2_of(backend, opts.phase2);
    GpuClockMonitor gpu_clocks(plan.info.gpu ? opts.gpus : 0);
    const auto load_start = Clock::now();
    DistanceMatrix initial = to_distance_matrix(input.graph, opts.block, opts.dtype);
    const auto reset_start = Clock::now();
    solver->reset(initial);
    initial = DistanceMatrix();  // the solver holds its own copy
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
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const auto read_start = Clock::now();
    DistanceMatrix result;
    solver->read(result);
    const double load_ms = ms_between(load_start, reset_start), reset_ms = ms_between(reset_start, t0),
                 read_ms = ms_between(read_start, Clock::now());
    throw_if_stop_requested();
    if (!a->output.empty()) {
      if (sources.all())
        write_distances(output_path(a->output), result, out_format);
      else
        write_distances(output_path(a->output), select_rows(result, rows), out_format);
    }
    if (!a->pred.empty()) write_pred_output(a->pred, pred_out_format, *solver, rows);
    solver->collect_timings(true);
    RunDescription what;
    what.source = "solve";
    what.backend = backend;
    what.gpu_backend = plan.info.gpu;
    what.block = opts.block;
    what.gpus = opts.gpus;
    what.dtype = std::string(to_string(opts.dtype));
    what.threads = opts.threads;
    what.n = solver->n();
    what.graph = source.text;
    if (source.kind == GraphSource::Kind::File) what.graph_file = source.text;
    what.context = std::move(context);
    const RunRecord record = make_run_record(what, solver->profile(), seconds * 1e3);
    const std::string run_id = record_run(record, a->no_history, "solve");
    if (!a->timings_csv.empty()) {
      ExportContext context = export_context(record);
      context.run_id = run_id.empty() ? "-" : run_id;  // "-": the run is not in the history
      write_timings_csv(output_path(a->timings_csv), context, solver->profile());
    }
    if (!a->trace.empty()) {
      TraceContext context = trace_context_for(backend, opts, solver->n(), run_context_of(record));
      // The load ended as reset() began, which takes the samples' time reference (the upload slice follows).
      context.host_slices.push_back({"load (graph -> matrix)", -1000.0 * load_ms, load_ms});
      write_trace(a->trace, solver->profile().samples(), context);
    }
    if (!a->quiet) {
      const double n = solver->n();
      const std::string destination = a->output.empty() ? "(distances not written)"
                                      : is_stdout(a->output) ? "standard output" : a->output;
      if (a->verbose) {
        // The upload as the profile times it (the trace's slice) inside the reset's wall time (its checks and,
        // on the CPU, the thread pool's start besides).
        double copy_ms = 0;
        for (const PhaseSample& x : solver->profile().samples())
          if (x.phase == Phase::Upload) copy_ms += x.ms;
        std::fprintf(report,
                     "times: load (graph -> matrix) %s, reset %s (the upload into the solver %s of it), compute "
                     "(steps to the end) %s, read back %s; the rate counts the compute only, as apsp bench's\n",
                     format_duration_ms(load_ms).c_str(), format_duration_ms(reset_ms).c_str(),
                     format_duration_ms(copy_ms).c_str(), format_duration_ms(seconds * 1e3).c_str(),
                     format_duration_ms(read_ms).c_str());
      }
      std::fprintf(report, "%s: n = %d, m = %lld, %s, block %d, %s: compute %s, %s updates/s -> %s%s%s\n",
                   input.description.c_str(), solver->n(), static_cast<long long>(input.graph.m()), backend.c_str(),
                   opts.block, std::string(to_string(opts.dtype)).c_str(), format_duration_ms(seconds * 1e3).c_str(),
                   si(n * n * n / seconds).c_str(), destination.c_str(), run_id.empty() ? "" : ", run ",
                   run_id.c_str());
    }
    print_paths(input.graph, result, paths, report);
    throw_if_stop_requested();  // a signal during the (atomic) writes: they finished, the run still says it was stopped
    return 0;
  };
}

}  // namespace apsp::cli
