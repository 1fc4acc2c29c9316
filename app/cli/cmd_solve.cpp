// apsp solve: its options, the checks before anything is read, and the dispatch to the dense
// (dense_solve.cpp) or sparse (sparse_solve.cpp) pipeline.
#include <apsp/core/errors.h>
#include <apsp/core/option_limits.h>
#include <apsp/core/stop_signal.h>
#include <apsp/io/output_paths.h>
#include <apsp/io/sparse_graph_source.h>
#include <apsp/solve/auto_backend.h>
#include <apsp/solve/ladder.h>
#include <apsp/device/device_info.h>
#include <apsp/solve/registry.h>
#include <apsp/solve/sparse_registry.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <thread>

#include <finite_range.h>
#include <thread_count_check.h>

#include "cli_common.h"
#include "ladder_flags.h"
#include "commands.h"
#include "dense_solve.h"
#include "pred_output.h"
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
                 "Solver (default auto: Floyd–Warshall or a sparse solver by n, m and the device, cuda-tuned for a rank; "
                 "-v says which; see apsp info --backends)");
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
               "Say which backend --backend auto chose and why, and the time of each phase (read, build, upload, "
               "compute, download, write, end to end)");
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
    for (const std::string& q : a->path_queries) parse_path_query(q);  // the syntax now; the vertices once n is known
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
    DenseSolveRequest request;
    request.source = std::move(source);
    request.sources = sources;
    request.backend = backend;
    request.options = opts;
    request.block_given = block_flag->count() > 0;
    request.output = a->output;
    request.out_format = out_format;
    request.pred = a->pred;
    request.pred_format = pred_out_format;
    request.timings_csv = a->timings_csv;
    request.trace = a->trace;
    request.path_queries = a->path_queries;
    request.max_seconds = a->max_seconds;
    request.quiet = a->quiet;
    request.verbose = a->verbose;
    request.no_history = a->no_history;
    request.report = report;
    return run_dense_solve(request);
  };
}

}  // namespace apsp::cli
