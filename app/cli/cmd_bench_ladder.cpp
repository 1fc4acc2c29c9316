// apsp bench --ladder: the optimization ladder in order on one graph through the engine's sweep (the one
// timing loop, measure_solve), printed as the course reports' table: step, backend, time, speed-up over the
// step before and over the first, updates/s, % of the min-plus peak, modeled GB/s, and measured DRAM GB/s and
// occupancy when a counter profiler is connected (LadderBenchRequest::counters), "-" otherwise.
#include "cmd_bench_ladder.h"

#include <apsp/bench/sweep.h>
#include <apsp/core/errors.h>
#include <apsp/core/format.h>
#include <apsp/core/option_limits.h>
#include <apsp/io/atomic_file.h>
#include <apsp/device/device_info.h>
#include <apsp/solve/ladder.h>

#include <unistd.h>

#include <cstdio>

#include "bench_history.h"
#include "cli_common.h"
#if APSP_CLI_HAVE_CHARTS
#include <chart/chart_png.h>
#include <chart/ladder_chart.h>
#endif

namespace apsp::cli {

namespace {

int only_one(const std::string& text, const char* flag, int lo, int hi) {
  const std::vector<int> values = parse_int_list(text, flag, lo, hi);
  if (values.size() != 1) throw UsageError(std::string(flag) + ": --ladder runs one graph: give one value");
  return values.front();
}

std::string optional_cell(const std::optional<double>& v, const char* format) {
  if (!v) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, format, *v);
  return buf;
}

void print_table(std::FILE* out, const std::vector<bench::LadderRow>& rows) {
  std::fprintf(out, "  %-4s %-20s %12s %9s %9s %10s %7s %10s %10s %9s\n", "step", "backend", "time", "vs prev",
               "vs first", "updates/s", "% peak", "GB/s model", "DRAM GB/s", "occupancy");
  for (const bench::LadderRow& r : rows) {
    char peak[16] = "-";
    if (r.peak_pct >= 0) std::snprintf(peak, sizeof peak, "%.1f", r.peak_pct);
    const std::optional<double> occupancy_pct =
        r.measured.occupancy ? std::optional<double>(100 * *r.measured.occupancy) : std::nullopt;
    std::fprintf(out, "  %-4d %-20s %12s %8.2fx %8.2fx %10s %7s %10.1f %10s %9s\n", r.step, r.config.backend.c_str(),
                 format_duration_ms(r.median_ms).c_str(), r.speedup_previous, r.speedup_first,
                 si(r.updates_per_s).c_str(), peak, r.model_gb_per_s,
                 optional_cell(r.measured.dram_gb_per_s, "%.1f").c_str(), optional_cell(occupancy_pct, "%.0f %%").c_str());
  }
}

}  // namespace

int run_bench_ladder(const LadderBenchRequest& q) {
  if (cuda_device_count() == 0) throw UnavailableError("--ladder: the ladder runs on a GPU: " + cuda_unavailable_reason());
  const int n = only_one(q.sizes, "--n", 1, limits::kMaxVertices);
  const int block = only_one(q.blocks, "--block", limits::kMinBlock, limits::kMaxBlock);
  const std::vector<std::string> dtypes = split_list(q.dtypes);
  if (dtypes.size() != 1 || (dtypes.front() != "i32" && dtypes.front() != "i16"))
    throw UsageError("--dtype: --ladder runs one dtype: give i32 or i16");
  const DType dtype = parse_dtype(dtypes.front());
#if !APSP_CLI_HAVE_CHARTS
  if (!q.chart.empty()) throw UnavailableError("--chart: this apsp was built without charts (Dear ImGui, stb)");
#endif
  bench::SweepSpec spec = bench::ladder_spec(split_list(q.steps), n, block, dtype);
  spec.graph = q.graph;
  spec.repeat = q.repeat;
  spec.warmup = q.warmup;
  spec.min_time_s = q.min_time_s;
  SolverOptions ladder_options;
  q.flags.apply(ladder_options);
  spec.cells_per_thread = ladder_options.cells_per_thread;
  spec.phase2 = ladder_options.phase2;

  std::FILE* table = is_stdout(q.csv) || is_stdout(q.json) ? stderr : stdout;  // the file alone on stdout
  std::fprintf(table,
               "apsp bench --ladder: n %d, block %d, %s, cells per thread %d, phase 2 %s, %d warm-up + %d timed runs "
               "(median), graph %s\n",
               n, block, std::string(to_string(dtype)).c_str(), spec.cells_per_thread, to_string(spec.phase2),
               spec.warmup, spec.repeat, spec.graph.c_str());
  std::fflush(table);
  // A progress line on stderr, redrawn in place, only on a terminal (piped output stays clean).
  const bool terminal = isatty(STDERR_FILENO) == 1;
  bench::SweepCallbacks callbacks;
  callbacks.progress = [&](const bench::SweepProgress& p) {
    if (!terminal || p.runs_done == p.runs_total) return;
    std::fprintf(stderr, "\r\033[Kladder: %d/%d runs, now %s", p.runs_done, p.runs_total,
                 bench::describe(p.current).c_str());
  };
  const bench::SweepReport report = bench::run_sweep(spec, callbacks);
  if (terminal) std::fprintf(stderr, "\r\033[K");
  if (report.results.empty()) {
    if (report.first_failure) std::rethrow_exception(report.first_failure);
    const bench::SkippedConfig& s = report.skipped.front();
    throw UnavailableError("nothing to run: " + bench::describe(s.config) + ": " + s.reason);
  }
  const std::vector<bench::LadderMeasured> measured = q.counters ? q.counters(report) : std::vector<bench::LadderMeasured>{};
  const std::vector<bench::LadderRow> rows = bench::ladder_rows(report, measured);
  print_table(table, rows);
  std::fprintf(table, "time: median wall time of the solve, upload excluded; GB/s model: modeled bytes / phase event "
                      "time; DRAM GB/s and occupancy: hardware counters (not collected: -)\n");
  for (const bench::SkippedConfig& s : report.skipped)
    std::fprintf(table, "skipped %s: %s\n", bench::describe(s.config).c_str(), s.reason.c_str());
  std::fflush(table);

  const std::vector<RunRecord> records = bench_records(report);
  const std::vector<std::string> run_ids = record_bench_runs(records, q.no_history);
  if (!q.csv.empty()) {
    AtomicFile f(output_path(q.csv));
    f.write(bench::ladder_csv(report, rows, run_ids));
    f.commit();
  }
  if (!q.json.empty()) write_bench_json(q.json, records, report);
#if APSP_CLI_HAVE_CHARTS
  if (!q.chart.empty()) chart::write_charts_png(q.chart, chart::ladder_charts(rows));
#endif
  if (report.first_failure) std::rethrow_exception(report.first_failure);
  return 0;
}

}  // namespace apsp::cli
