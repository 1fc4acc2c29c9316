// apsp solve: read or generate a graph, solve round by round (progress bar on a terminal), write distances.
#include <apsp/core/errors.h>
#include <apsp/core/format.h>
#include <apsp/core/option_limits.h>
#include <apsp/core/stop_signal.h>
#include <apsp/history/run_facts.h>
#include <apsp/io/distance_io.h>
#include <apsp/io/timings_csv.h>
#include <apsp/profile/trace.h>
#include <apsp/solve/block_size.h>
#include <apsp/solve/registry.h>
#include <apsp/solve/solve_progress.h>
#include <apsp/teach/shortest_path.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <thread>

#include "cli_common.h"
#include "ladder_flags.h"
#include "commands.h"
#include "progress.h"
#include "solve_time_guard.h"

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
  std::string trace;  // --trace FILE.json: the samples as a Chrome trace / Perfetto timeline
  bool quiet = false;
  double max_seconds = 0;  // 0: no limit
  bool no_history = false;
  LadderFlags ladder;  // issue 12: --cells-per-thread, --phase2
};

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

/// Paths from the distances and the graph's edges (teach/shortest_path.h): any backend, and the same path the
/// studio's inspector shows.
void print_paths(const Graph& graph, const DistanceMatrix& result, const std::vector<std::string>& queries,
                 std::FILE* out) {
  if (queries.empty()) return;
  const teach::OutEdges edges(graph);
  std::vector<std::int32_t> column(static_cast<std::size_t>(result.n()));
  for (const std::string& q : queries) {
    const auto [i, j] = parse_pair(q);
    if (i < 0 || j < 0 || i >= result.n() || j >= result.n())
      throw UsageError("--path " + q + ": vertex outside 0.." + std::to_string(result.n() - 1));
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
  app.add_option("--backend", a->backend, "Solver variant (default: the fastest available; see apsp info --backends)");
  CLI::Option* block_flag =
      app.add_option("--block", a->block, "Block size B (default 64, or the block a classroom graph suggests)")
          ->capture_default_str()
          ->check(CLI::Range(limits::kMinBlock, limits::kMaxBlock));
  app.add_option("--dtype", a->dtype, "Distance type: i32 or i16")->capture_default_str();
  app.add_option("--threads", a->threads, "CPU threads (0: one per core; at most 4 per core)")
      ->capture_default_str()
      ->check(CLI::Range(0, limits::max_threads()));
  app.add_option("--gpus", a->gpus, "GPUs for multi-GPU variants")
      ->capture_default_str()
      ->check(CLI::Range(1, limits::kMaxGpus));
  app.add_flag("--paths", a->paths, "Track next hops in the CPU solver (Solver::path); --path does not need it");
  app.add_option("--path", a->path_queries, "Print a shortest path I -> J (I:J, repeatable; any backend: from the distances and the edges, fewest edges, smallest ids on ties)");
  app.add_option("--timings-csv", a->timings_csv, "Write per (round, phase, device) timings as CSV ('-': standard output)");
  app.add_option("--trace", a->trace,
                 "Write a Chrome trace / Perfetto timeline (JSON): every phase, copy and broadcast per device and stream");
  app.add_flag("-q,--quiet", a->quiet, "Print nothing on success");
  app.add_option("--max-seconds", a->max_seconds,
                 "Refuse (exit 2) a solve estimated to take longer, stop one that does (exit 2); 0: no limit")
      ->capture_default_str()
      ->check(CLI::Range(0.0, limits::kMaxSolveSeconds));
  // Issue 11 item 3: the run history (README "Run history").
  app.add_flag("--no-history", a->no_history, "Do not append this run to the run history (also: APSP_HISTORY=off)");
  add_ladder_flags(app, a->ladder);
  app.footer(backends_help());
  return [a, block_flag]() {
    if (a->input.empty() && a->gen_spec.empty()) throw UsageError("no graph given; see apsp solve --help");
    SolverOptions opts;
    opts.block = a->block;
    opts.dtype = parse_dtype(a->dtype);
    opts.threads = a->threads;
    opts.gpus = a->gpus;
    opts.track_paths = a->paths;
    a->ladder.apply(opts);
    const std::string backend = a->backend.empty() ? default_backend() : a->backend;
    std::optional<DistanceFormat> out_format;
    if (!a->out_format.empty()) out_format = parse_distance_format(a->out_format);
    if (is_stdout(a->output) && !out_format) out_format = DistanceFormat::Csv;  // "-" has no extension: text
    if (out_format)
      refuse_binary_to_terminal(a->output, *out_format != DistanceFormat::Csv, std::string(to_string(*out_format)));
    // Whatever shares standard output with the distances or the timings goes to stderr instead.
    std::FILE* report = is_stdout(a->output) || is_stdout(a->timings_csv) ? stderr : stdout;
    const GraphSource source = graph_source(a->input, a->gen_spec, a->format, a->one_based);
    auto solver = create_solver(backend, opts);  // validates name, block and dtype before any reading

    GraphLoadOptions load;
    load.block = opts.block;
    load.dtype = opts.dtype;
    load.backend = backend;
    load.threads = opts.threads;
    load.gpus = opts.gpus;
    load.track_paths = opts.track_paths;
    LoadedGraph input = load_graph(source, load);  // refuses for memory before any matrix exists
    const SolveTimeGuard guard(input.estimate, backend, a->max_seconds, a->quiet);
    throw_if_stop_requested();  // SIGINT / SIGTERM (main.cpp): stop between steps, before any output
    // A graph that suggests its block (classroom presets, `# block: N`) gets it unless --block was given, and a
    // variable-block variant runs a graph smaller than the block as one block of n (both as the studio does).
    const BackendInfo info = backend_info(backend);
    const int asked = block_flag->count() > 0 ? opts.block
                                              : opening_block_size(info, opts.block, input.graph.n, input.suggested_block);
    const int block = effective_block_size(info, asked, input.graph.n);
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
    if (!a->output.empty()) write_distances(output_path(a->output), result, out_format);
    solver->collect_timings(true);
    RunDescription what;
    what.source = "solve";
    what.backend = backend;
    what.gpu_backend = backend_info(backend).gpu;
    what.block = opts.block;
    what.gpus = opts.gpus;
    what.dtype = std::string(to_string(opts.dtype));
    what.threads = opts.threads;
    what.n = solver->n();
    what.graph = source.text;
    if (source.kind == GraphSource::Kind::File) what.graph_file = source.text;
    const RunRecord record = make_run_record(what, solver->profile(), seconds * 1e3);
    const std::string run_id = record_run(record, a->no_history, "solve");
    if (!a->timings_csv.empty()) {
      ExportContext context = export_context(record);
      context.run_id = run_id.empty() ? "-" : run_id;  // "-": the run is not in the history
      write_timings_csv(output_path(a->timings_csv), context, solver->profile());
    }
    if (!a->trace.empty())
      write_trace(a->trace, solver->profile().samples(), trace_context_for(backend, opts, solver->n()));
    if (!a->quiet) {
      const double n = solver->n();
      const std::string destination = a->output.empty() ? "(distances not written)"
                                      : is_stdout(a->output) ? "standard output" : a->output;
      std::fprintf(report, "%s: n = %d, m = %lld, %s, block %d, %s: %s, %s updates/s -> %s%s%s\n",
                   input.description.c_str(), solver->n(), static_cast<long long>(input.graph.m()), backend.c_str(),
                   opts.block, std::string(to_string(opts.dtype)).c_str(), format_duration_ms(seconds * 1e3).c_str(),
                   si(n * n * n / seconds).c_str(), destination.c_str(), run_id.empty() ? "" : ", run ",
                   run_id.c_str());
    }
    print_paths(input.graph, result, a->path_queries, report);
    throw_if_stop_requested();  // a signal during the (atomic) writes: they finished, the run still says it was stopped
    return 0;
  };
}

}  // namespace apsp::cli
