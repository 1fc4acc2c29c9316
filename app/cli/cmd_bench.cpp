// apsp bench: the engine's sweep (apsp/bench/sweep.h) over backends x block sizes x GPU counts x dtypes x n,
// printed as one table row per combination: min / median / max and spread of the timed runs, updates/s, % of
// the device's min-plus peak, GB/s per phase, the share of phases 1+2, the ratio to the first row of the same
// n, the parallel efficiency of multi-GPU rows, and the best row of each n marked. --csv writes the same rows,
// --json every timed run and the aggregates (bench_history.h),
// --chart / --chart-csv the sweep's charts (app/chart). Sparse solvers are rows of the same sweep:
// --sources picks their rows, --threads-per-block / --concurrent lists span cuda-dijkstra's knobs (the report's
// study: one row per combination).
#include <apsp/bench/sweep.h>
#include <apsp/bench/sweep_text.h>
#include <apsp/core/errors.h>
#include <apsp/core/format.h>
#include <apsp/core/option_limits.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/io/atomic_file.h>
#include <apsp/report/counters.h>
#include <apsp/device/device_info.h>
#include <apsp/solve/sparse_registry.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <set>

#include <apsp/core/version.h>
#include <apsp/graph/generators.h>
#include <apsp/history/run_facts.h>
#include <apsp/report/export_context.h>

#include "bench_history.h"
#include "ladder_counters.h"
#include "cli_common.h"
#include "cmd_bench_ladder.h"
#include "commands.h"
#if APSP_CLI_HAVE_CHARTS
#include <chart/sweep_charts.h>
#endif

namespace apsp::cli {

namespace {
struct BenchArgs {
  std::string backends = "cpu-naive,cpu-blocked";
  std::string sizes = "1024";
  std::string blocks = "64";
  std::string dtypes = "i32";
  int repeat = 3;
  int warmup = 1;
  double min_time_s = 0;
  std::string threads = "0";
  std::string gpus = "1";
  std::string graph = "er:p=0.05,seed=1,w=1:100";
  std::string csv;
  std::string json;
  std::string chart;
  std::string chart_csv;
  std::string chart_kinds;
  bool no_history = false;
  // Sparse solvers.
  std::string sources = "all";
  std::string threads_per_block = std::to_string(SparseSolverOptions{}.threads_per_block);
  std::string concurrent = std::to_string(SparseSolverOptions{}.concurrent);
  std::string batch = std::to_string(SparseSolverOptions{}.batch);  // cuda-batched-bf
  std::string chunk = std::to_string(SparseSolverOptions{}.chunk);
  // The optimization ladder (cmd_bench_ladder.cpp).
  bool ladder = false;
  std::string ladder_steps;
  LadderFlags ladder_flags;
  std::string ladder_counters;  // --counters ROUNDS: the ladder's measured DRAM GB/s and occupancy
};

/// "i32,i16" -> the dtypes; "" when @p text is such a list, else why not (a CLI11 validator message).
std::string read_dtype_list(const std::string& text, std::vector<DType>* out) {
  const std::vector<std::string> items = split_list(text);
  if (items.empty()) return "expected a comma-separated list of i32, i16";
  for (const std::string& item : items) {
    if (item != "i32" && item != "i16") return "'" + user_value_in_message(item) + "' is not a dtype (i32, i16)";
    if (out) out->push_back(parse_dtype(item));
  }
  return {};
}

/// The block sizes the header names: the --block list for the variants that follow it, and the block each
/// "NAME:B" variant pins (an all-pinned run never uses the --block list, so it does not name it).
std::vector<int> blocks_run(const bench::SweepSpec& spec) {
  std::set<int> blocks;
  bool unpinned = false;
  for (const std::string& item : spec.backends) {
    const std::size_t colon = item.find(':');
    if (colon == std::string::npos) {
      unpinned = true;
    } else {
      blocks.insert(parse_int_list(item.substr(colon + 1), "--backend " + item, limits::kMinBlock, limits::kMaxBlock).front());
    }
  }
  if (unpinned) blocks.insert(spec.blocks.begin(), spec.blocks.end());
  return {blocks.begin(), blocks.end()};
}

CLI::Validator dtype_list_check() {
  return CLI::Validator([](std::string& text) { return read_dtype_list(text, nullptr); }, "LIST of i32|i16");
}

std::string gbps_cell(const bench::SweepResult& r) {
  char buf[96];
  if (r.gb_per_s(Phase::Full) > 0)
    std::snprintf(buf, sizeof buf, "full %.1f", r.gb_per_s(Phase::Full));
  else
    std::snprintf(buf, sizeof buf, "%.1f / %.1f / %.1f", r.gb_per_s(Phase::Pivot), r.gb_per_s(Phase::PivotRowCol),
                  r.gb_per_s(Phase::Independent));
  return buf;
}

std::string join(const std::vector<int>& v) {
  std::string s;
  for (int x : v) s += (s.empty() ? "" : ",") + std::to_string(x);
  return s;
}

/// The thread counts --threads takes: a list, each item as `apsp solve --threads` takes one.
CLI::Validator thread_list_check() {
  CLI::Validator check = int_list_check(0, limits::max_threads());
  check.description("LIST of INT in [0 - " + std::to_string(limits::kThreadsPerCore) + " per core]");
  return check;
}

/// The threads cell: the count asked for, "auto" for one per core.
std::string threads_cell(int threads) { return threads > 0 ? std::to_string(threads) : "auto"; }

/// The best row's marker: '*' the best of its n, '=' tied for it (mark_best's rule).
char best_marker(const bench::SweepResult& r) {
  if (!r.best) return ' ';
  return r.tied ? '=' : '*';
}

void print_header(std::FILE* out) {
  std::fprintf(out, "  %-13s %4s %4s %5s %4s %6s %9s %9s %9s %7s %10s %7s %24s %7s %7s %8s %7s  %s\n", "backend", "B",
               "gpus", "dtype", "thr", "n", "min", "median", "max", "spread", "updates/s", "% peak",
               "GB/s p1 / p2 / p3", "p1+p2", "non-p3", "ratio", "scaling", "note");
}

void print_row(std::FILE* out, const bench::SweepResult& r) {
  char peak[16] = "-", scaling[16] = "-", spread[16];
  if (r.peak_pct >= 0) std::snprintf(peak, sizeof peak, "%.1f", r.peak_pct);
  if (r.efficiency >= 0) std::snprintf(scaling, sizeof scaling, "%.1f%%", 100 * r.efficiency);
  std::snprintf(spread, sizeof spread, "%.1f%%", r.time.spread_pct);
  const std::string note =
      r.time.noisy() ? "noisy: spread > " + std::to_string(static_cast<int>(apsp::kNoisySpreadPct)) + " %" : "";
  const bench::SweepConfig& c = r.config;
  if (c.sparse()) {  // no block, no phases: the knobs and the rows solved in their place
    char knobs[48] = "-";
    if (c.concurrent > 0) std::snprintf(knobs, sizeof knobs, "tpb %d, K %d", c.threads_per_block, c.concurrent);
    if (c.chunk > 0)
      std::snprintf(knobs, sizeof knobs, "tpb %d, S %s, W %d", c.threads_per_block,
                    c.batch > 0 ? std::to_string(c.batch).c_str() : "auto", c.chunk);
    // No min-plus updates, so no updates/s and no % of the dense peak: its own rates, in the note.
    std::fprintf(out,
                 "%c %-13s %4s %4d %5s %4s %6d %9s %9s %9s %7s %10s %7s %24s %7s %7s %7.2fx %7s  %lld sources, %s "
                 "edges/s, %s sources/s%s%s\n",
                 best_marker(r), c.backend.c_str(), "-", c.gpus, std::string(to_string(c.dtype)).c_str(),
                 threads_cell(c.threads).c_str(), c.n, format_duration_ms(r.time.min_ms).c_str(),
                 format_duration_ms(r.time.median_ms).c_str(), format_duration_ms(r.time.max_ms).c_str(), spread, "-",
                 "-", knobs, "-", "-", r.ratio, "-", static_cast<long long>(c.sources), si(r.edges_per_s).c_str(),
                 si(r.sources_per_s).c_str(),
                 note.empty() ? "" : "; ", note.c_str());
    return;
  }
  std::fprintf(out, "%c %-13s %4d %4d %5s %4s %6d %9s %9s %9s %7s %10s %7s %24s %6.1f%% %6.1f%% %7.2fx %7s  %s\n",
              best_marker(r), c.backend.c_str(), c.block, c.gpus, std::string(to_string(c.dtype)).c_str(),
              threads_cell(c.threads).c_str(), c.n,
              format_duration_ms(r.time.min_ms).c_str(), format_duration_ms(r.time.median_ms).c_str(),
              format_duration_ms(r.time.max_ms).c_str(), spread, si(r.updates_per_s).c_str(), peak,
              gbps_cell(r).c_str(), 100 * r.phase12_share, 100 * r.non_p3_share, r.ratio, scaling, note.c_str());
}

/// One line on stderr, redrawn in place; only on a terminal (piped output stays clean).
class SweepProgressLine {
 public:
  SweepProgressLine() : m_enabled(isatty(STDERR_FILENO) == 1) {}
  void update(const bench::SweepProgress& p) {
    if (!m_enabled) return;
    const auto now = std::chrono::steady_clock::now();
    if (m_drawn && now - m_last < std::chrono::milliseconds(100) && p.runs_done < p.runs_total) return;
    m_last = now;
    m_drawn = true;
    const std::string eta = p.eta_s >= 0 ? format_duration_ms(1e3 * p.eta_s) : "?";
    std::fprintf(stderr, "\r\033[Kbench: %d/%d configurations, %3.0f %%, elapsed %s, ETA %s  %s", p.configs_done,
                 p.configs_total, 100 * p.fraction(), format_duration_ms(1e3 * p.elapsed_s).c_str(), eta.c_str(),
                 bench::describe(p.current).c_str());
  }
  void finish() {
    if (m_drawn) std::fprintf(stderr, "\r\033[K");
    m_drawn = false;
  }

 private:
  bool m_enabled;
  bool m_drawn = false;
  std::chrono::steady_clock::time_point m_last{};
};

/// One line per (backend, reason): a whole unavailable backend is one line, not one per combination.
void print_skipped(std::FILE* out, const std::vector<bench::SkippedConfig>& skipped) {
  std::vector<std::pair<std::string, std::vector<const bench::SkippedConfig*>>> groups;
  for (const bench::SkippedConfig& s : skipped) {
    const std::string key = s.config.backend + "\n" + s.reason;
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == key; });
    if (it == groups.end()) it = groups.insert(groups.end(), {key, {}});
    it->second.push_back(&s);
  }
  for (const auto& [key, members] : groups) {
    const bench::SkippedConfig& first = *members.front();
    if (members.size() == 1) {
      std::fprintf(out, "skipped %s: %s\n", bench::describe(first.config).c_str(), first.reason.c_str());
      continue;
    }
    std::set<int> blocks, gpus, sizes;
    std::set<std::string> dtypes;
    for (const bench::SkippedConfig* m : members) {
      blocks.insert(m->config.block);
      gpus.insert(m->config.gpus);
      sizes.insert(m->config.n);
      dtypes.insert(std::string(to_string(m->config.dtype)));
    }
    auto ints = [](const std::set<int>& v) { return join(std::vector<int>(v.begin(), v.end())); };
    std::string dt;
    for (const std::string& d : dtypes) dt += (dt.empty() ? "" : ",") + d;
    std::fprintf(out, "skipped %zu combinations of %s (B %s, gpus %s, %s, n %s): %s\n", members.size(),
                first.config.backend.c_str(), ints(blocks).c_str(), ints(gpus).c_str(), dt.c_str(), ints(sizes).c_str(),
                first.reason.c_str());
  }
}

/// The results CSV (engine sweep_text.h: context comments, one row per configuration) with each row's run id.
void write_csv(const std::string& path, const bench::SweepReport& report, const std::vector<std::string>& run_ids) {
  AtomicFile f(output_path(path));
  f.write(bench::sweep_results_csv(report, run_ids));
  f.commit();
}
}  // namespace

Action add_bench(CLI::App& app) {
  auto a = std::make_shared<BenchArgs>();
  CLI::Option* backend_flag = app.add_option(
         "--backend", a->backends,
         "Comma-separated variants, each optionally NAME:BLOCK (pins its block); ratios are to the first row of each n")
      ->capture_default_str();
  app.add_option("--n", a->sizes, "Comma-separated matrix sizes")
      ->capture_default_str()
      ->check(int_list_check(1, limits::kMaxVertices));
  app.add_option("--block", a->blocks,
                 "Comma-separated block sizes B (combinations a variant does not offer are skipped)")
      ->capture_default_str()
      ->check(int_list_check(limits::kMinBlock, limits::kMaxBlock));
  app.add_option("--dtype", a->dtypes, "Comma-separated dtypes: i32, i16")
      ->capture_default_str()
      ->check(dtype_list_check());
  app.add_option("--repeat", a->repeat, "Timed runs per configuration (min / median / max and spread are reported)")
      ->capture_default_str()
      ->check(CLI::Range(1, limits::kMaxRepeat));
  app.add_option("--warmup", a->warmup, "Untimed runs first")
      ->capture_default_str()
      ->check(CLI::Range(0, limits::kMaxWarmup));
  app.add_option("--threads", a->threads,
                 "Comma-separated CPU thread counts (0: one per core; at most 4 per core); a row per value for the "
                 "CPU backends, GPU backends run once with the first")
      ->capture_default_str()
      ->check(thread_list_check());
  app.add_option("--min-time", a->min_time_s,
                 "After --repeat runs, repeat each configuration until its timed runs add up to SECONDS (at most " +
                     std::to_string(kMinTimeMaxRuns) + " timed runs, or --repeat if more)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, limits::kMaxMinTimeS));
  app.add_option("--gpus", a->gpus, "Comma-separated GPU counts (above 1 only for multi-GPU variants)")
      ->capture_default_str()
      ->check(int_list_check(1, limits::kMaxGpus));
  app.add_option("--graph", a->graph, "Generator spec without n (n comes from --n)")->capture_default_str();
  app.add_option("--csv", a->csv, "Write the rows as CSV ('-': standard output)");
  app.add_option("--json", a->json,
                 "Write every timed run and the aggregates as JSON in Google Benchmark's layout ('-': standard output)");
  app.add_flag("--no-history", a->no_history, "Do not append the runs to the run history (also: APSP_HISTORY=off)");
  // Sparse solvers.
  app.add_option("--sources", a->sources,
                 "Rows the sparse solvers compute: all, A:B or a list (Floyd-Warshall variants solve all n)")
      ->capture_default_str();
  app.add_option("--threads-per-block", a->threads_per_block,
                 "cuda-dijkstra: comma-separated threads per block (multiples of 32; a row per value)")
      ->capture_default_str()
      ->check(int_list_check(limits::kMinThreadsPerBlock, limits::kMaxThreadsPerBlock));
  app.add_option("--concurrent", a->concurrent, "cuda-dijkstra: comma-separated sources in flight (a row per value)")
      ->capture_default_str()
      ->check(int_list_check(1, limits::kMaxConcurrent));
  app.add_option("--batch", a->batch, "cuda-batched-bf: comma-separated sources per batch (0: automatic; a row per value)")
      ->capture_default_str()
      ->check(int_list_check(0, limits::kMaxBatch));
  app.add_option("--chunk", a->chunk, "cuda-batched-bf: comma-separated sources per warp (32, 64, 128; a row per value)")
      ->capture_default_str()
      ->check(int_list_check(32, 128));
  app.add_option("--chart", a->chart, "Write the sweep's charts as one PNG (one panel per chart)");
  app.add_option("--chart-csv", a->chart_csv, "Write the charts' data as CSV (chart,series,x,y)");
  app.add_option("--chart-kind", a->chart_kinds,
                 "Charts to draw: block (phases stacked against B), n, gpus (speed-up, efficiency), gbps (GB/s per "
                 "phase against B), knobs (a sparse solver's time against threads per block, a line per --concurrent), "
                 "ladder (a bar per step, when the backends are ladder steps in order); default: each whose axis has two "
                 "or more values");
  // The optimization ladder.
  app.add_flag("--ladder", a->ladder,
               "Run the optimization ladder in order on one graph (one --n, --block, --dtype; needs a GPU) and print "
               "its table: time, speed-up over the step before and the first, updates/s, % peak, GB/s");
  app.add_option("--ladder-steps", a->ladder_steps, "With --ladder: the steps to run (comma-separated; default all)");
  add_ladder_flags(app, a->ladder_flags);
  app.add_option("--counters", a->ladder_counters,
                 "With --ladder: profile these rounds (LIST, every:N, all) of every step with hardware counters after "
                 "the timed runs, for the DRAM GB/s and occupancy columns (replays kernels: slow)");
  return [a, backend_flag]() {
    refuse_bench_outputs({{"--csv", a->csv}, {"--json", a->json}, {"--chart", a->chart}, {"--chart-csv", a->chart_csv}});
    if (a->ladder) {
      if (backend_flag->count() > 0)
        throw UsageError("--backend: --ladder runs the ladder's steps (choose them with --ladder-steps)");
      LadderBenchRequest q;
      q.sizes = a->sizes;
      q.blocks = a->blocks;
      q.dtypes = a->dtypes;
      q.steps = a->ladder_steps;
      q.graph = a->graph;
      q.repeat = a->repeat;
      q.warmup = a->warmup;
      q.min_time_s = a->min_time_s;
      q.csv = a->csv;
      q.json = a->json;
      q.chart = a->chart;
      q.no_history = a->no_history;
      q.flags = a->ladder_flags;
      if (!a->ladder_counters.empty()) {
        counters::RoundSelection::parse(a->ladder_counters, "--counters");  // one line on a bad list, before any run
        if (const std::string why = counters::counters_unavailable_reason(); !why.empty())
          throw UnavailableError("--counters: " + why);
        q.counters = [rounds = a->ladder_counters](const bench::SweepReport& report) {
          return ladder_counters(report, rounds);
        };
      }
      return run_bench_ladder(q);
    }
    if (!a->ladder_steps.empty()) throw UsageError("--ladder-steps: only with --ladder");
    if (!a->ladder_counters.empty()) throw UsageError("--counters: only with --ladder (apsp profile profiles any run)");
    bench::SweepSpec spec;
    spec.backends = split_list(a->backends);
    if (spec.backends.empty()) throw UsageError("--backend: give at least one variant");
    spec.sizes = parse_int_list(a->sizes, "--n", 1, limits::kMaxVertices);
    spec.blocks = parse_int_list(a->blocks, "--block", limits::kMinBlock, limits::kMaxBlock);
    spec.gpus = parse_int_list(a->gpus, "--gpus", 1, limits::kMaxGpus);
    spec.dtypes.clear();
    if (const std::string why = read_dtype_list(a->dtypes, &spec.dtypes); !why.empty())
      throw UsageError("--dtype: " + why);
    for (const std::string& item : spec.backends) {  // NAME:BLOCK within the block limits, before any work
      const std::size_t colon = item.find(':');
      if (colon != std::string::npos)
        parse_int_list(item.substr(colon + 1), "--backend " + item, limits::kMinBlock, limits::kMaxBlock);
    }
    spec.sources = a->sources;
    spec.threads_per_block =
        parse_int_list(a->threads_per_block, "--threads-per-block", limits::kMinThreadsPerBlock, limits::kMaxThreadsPerBlock);
    for (int tpb : spec.threads_per_block)
      if (tpb % 32 != 0) throw UsageError("--threads-per-block: " + std::to_string(tpb) + " is not a multiple of 32");
    spec.concurrent = parse_int_list(a->concurrent, "--concurrent", 1, limits::kMaxConcurrent);
    spec.batch = parse_int_list(a->batch, "--batch", 0, limits::kMaxBatch);
    spec.chunk = parse_int_list(a->chunk, "--chunk", 32, 128);
    for (int c : spec.chunk)
      if (c != 32 && c != 64 && c != 128) throw UsageError("--chunk: " + std::to_string(c) + " is not 32, 64 or 128");
    spec.graph = a->graph;
    spec.repeat = a->repeat;
    spec.warmup = a->warmup;
    spec.min_time_s = a->min_time_s;
    spec.threads = parse_int_list(a->threads, "--threads", 0, limits::max_threads());
    SolverOptions ladder_options;
    a->ladder_flags.apply(ladder_options);
    spec.cells_per_thread = ladder_options.cells_per_thread;
    spec.phase2 = ladder_options.phase2;
#if APSP_CLI_HAVE_CHARTS
    const std::vector<chart::SweepChartKind> kinds = chart::parse_chart_kinds(a->chart_kinds);
#else
    for (const auto& [flag, value] : {std::pair<const char*, const std::string*>{"--chart", &a->chart},
                                      {"--chart-csv", &a->chart_csv},
                                      {"--chart-kind", &a->chart_kinds}}) {
      if (!value->empty())
        throw UnavailableError(std::string(flag) + ": this apsp was built without charts (Dear ImGui, stb)");
    }
#endif
    // Nothing runnable (no device, no variant offering the blocks asked): one line, before the header.
    const bench::SweepPlan plan = bench::plan_sweep(spec, list_backends(), cuda_device_count(), list_sparse_backends());
    if (plan.runs.empty()) {
      const bench::SkippedConfig& s = plan.skipped.front();
      throw UnavailableError("nothing to run: " + bench::describe(s.config) + ": " + s.reason);
    }
    std::string dtypes;
    for (DType d : spec.dtypes) dtypes += (dtypes.empty() ? "" : ",") + std::string(to_string(d));
    std::FILE* table = is_stdout(a->csv) || is_stdout(a->json) ? stderr : stdout;  // the file alone on stdout
    char min_time[64] = "";
    if (spec.min_time_s > 0) std::snprintf(min_time, sizeof min_time, ", more up to %g s of them", spec.min_time_s);
    std::fprintf(table,
                 "apsp bench: block %s, gpus %s, dtype %s, threads %s, %d warm-up + %d timed runs%s "
                 "(min / median / max), graph %s\n",
                 join(blocks_run(spec)).c_str(), join(spec.gpus).c_str(), dtypes.c_str(), join(spec.threads).c_str(),
                 spec.warmup, spec.repeat, min_time, spec.graph.c_str());
    std::fflush(table);
    SweepProgressLine progress;
    bench::SweepCallbacks callbacks;
    callbacks.progress = [&](const bench::SweepProgress& p) { progress.update(p); };
    const bench::SweepReport report = bench::run_sweep(spec, callbacks);
    progress.finish();
    if (report.results.empty()) {
      if (report.first_failure) std::rethrow_exception(report.first_failure);
      const bench::SkippedConfig& s = report.skipped.front();
      throw UnavailableError("nothing to run: " + bench::describe(s.config) + ": " + s.reason);
    }
    print_header(table);
    for (const bench::SweepResult& r : report.results) print_row(table, r);
    std::fprintf(table,
        "* the best (lowest median) of its n, its min..max clear of every other's; = tied for best (min..max "
        "overlaps the lowest median's); spread = (max - min) / median; times are wall times of the solve, upload "
        "excluded; thr: CPU threads asked\n");
    for (const std::string& line : bench::best_lines(report.results)) std::fprintf(table, "best %s\n", line.c_str());
    print_skipped(table, report.skipped);
    std::fflush(table);
    const std::vector<RunRecord> records = bench_records(report);
    const std::vector<std::string> run_ids = record_bench_runs(records, a->no_history);
    if (!a->csv.empty()) write_csv(a->csv, report, run_ids);
    if (!a->json.empty()) write_bench_json(a->json, records, report);
#if APSP_CLI_HAVE_CHARTS
    if (!a->chart.empty() || !a->chart_csv.empty()) {
      const std::vector<chart::Chart> charts = chart::sweep_charts(report, kinds);
      if (charts.empty())
        std::fprintf(stderr, "apsp bench: no chart applies (each needs two or more values on its axis)\n");
      if (!a->chart.empty() && !charts.empty()) chart::write_charts_png(a->chart, charts);
      if (!a->chart_csv.empty())
        chart::write_charts_csv(a->chart_csv, charts, csv_context_comments(bench::sweep_export_context(report)));
    }
#endif
    if (report.first_failure) std::rethrow_exception(report.first_failure);
    return 0;
  };
}

}  // namespace apsp::cli
