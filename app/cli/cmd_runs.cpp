// apsp runs: the run history (README "Run history"). `list` prints one run a line, its id first; `show ID`
// prints everything a record holds with a per-phase table; `compare A B` puts two runs side by side with the
// ratios B/A. IDs may be shortened to any unique prefix; "last" is the newest run.
#include <apsp/core/errors.h>
#include <apsp/core/format.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/history/run_compare.h>
#include <apsp/history/runs_file.h>
#include <apsp/report/bench_json_writer.h>

#include <algorithm>
#include <cstdio>
#include <memory>

#include "commands.h"
#include "text_table.h"

namespace apsp::cli {

namespace {
struct RunsArgs {
  std::string a;
  std::string b;
  std::string baseline;
  bool json = false;
};

/// The history, its skipped lines reported on stderr (one warning each, naming file:line).
std::vector<RunRecord> load_history() {
  const std::filesystem::path path = runs_file_path();
  RunsFile file = read_runs(path);
  for (const std::string& w : file.warnings) std::fprintf(stderr, "apsp runs: warning: %s\n", printable_text(w).c_str());
  return std::move(file.runs);
}

/// @p text right-aligned in @p width columns (display_width: "µs" is one column).
std::string right(const std::string& text, int width) {
  return std::string(static_cast<std::size_t>(std::max(0, width - display_width(text))), ' ') + text;
}

/// A history field as printed: the file is anyone's to edit, so its text goes through printable_text() (no raw
/// control characters reach the terminal). The temporary lives until the end of the printf that uses it.
const char* shown(const std::string& field, std::string&& storage = {}) {
  storage = printable_text(field);
  return storage.c_str();
}

std::string graph_of(const RunRecord& r) { return r.graph.empty() ? "-" : r.graph; }

/// "12.3 ms" or "12.3 ms (11.9 .. 13.0 ms, 5 runs)" where repeats were timed.
std::string wall_with_spread(const RunRecord& r) {
  std::string text = format_duration_ms(r.wall_ms);
  if (r.repeats > 1)
    text += " (" + format_duration_ms(r.wall_min_ms) + " .. " + format_duration_ms(r.wall_max_ms) + ", " +
            std::to_string(r.repeats) + " runs)";
  return text;
}

void print_list(const std::vector<RunRecord>& runs, const RunRecord* baseline) {
  using Align = TextTable::Align;
  TextTable table({Align::Left, Align::Left, Align::Left, Align::Left, Align::Left, Align::Left, Align::Left,
                   Align::Left, Align::Left, Align::Right, Align::Left});
  for (const RunRecord& r : runs) {
    std::vector<std::string> row = {printable_text(r.id),           printable_text(r.date),
                                    printable_text(r.source),       printable_text(r.backend),
                                    "B=" + std::to_string(r.block), "gpus=" + std::to_string(r.gpus),
                                    printable_text(r.dtype),        "n=" + std::to_string(r.n),
                                    printable_text(graph_of(r)),    format_duration_ms(r.wall_ms)};
    if (baseline) row.push_back(r.id == baseline->id ? "baseline" : format_percent_change(*baseline, r));
    table.add_row(std::move(row));
  }
  table.print(stdout);
}

void print_show(const RunRecord& r) {
  std::printf("id:        %s\n", shown(r.id));
  std::printf("date:      %s\n", shown(r.date));
  std::printf("source:    %s (apsp %s)\n", shown(r.source), shown(r.version));
  std::printf("host:      %s\n", shown(r.host));
  std::printf("cpu:       %s, %d threads\n", r.cpu_model.empty() ? "unknown" : shown(r.cpu_model), r.threads);
  for (const RunDevice& d : r.devices)
    std::printf("gpu:       %s, %d SMs, %.0f MHz, driver %d.%d\n", shown(d.name), d.sm_count, d.sm_clock_khz / 1e3,
                d.driver_version / 1000, d.driver_version % 1000 / 10);
  std::printf("backend:   %s, block %d, %d GPU%s, %s\n", shown(r.backend), r.block, r.gpus, r.gpus == 1 ? "" : "s",
              shown(r.dtype));
  std::printf("graph:     %s, n = %d%s%s\n", shown(graph_of(r)), r.n, r.graph_hash.empty() ? "" : ", ",
              shown(r.graph_hash));
  std::printf("wall:      %s\n", wall_with_spread(r).c_str());
  if (!r.round_ms.empty()) {
    std::vector<double> sorted = r.round_ms;
    std::sort(sorted.begin(), sorted.end());
    std::printf("rounds:    %zu, compute per round %s .. %s (median %s)\n", sorted.size(),
                format_duration_ms(sorted.front()).c_str(), format_duration_ms(sorted.back()).c_str(),
                format_duration_ms(sorted[sorted.size() / 2]).c_str());
  }
  std::printf("\n%-12s %12s %7s %16s %16s %10s\n", "phase", "time", "share", "bytes", "updates", "GB/s");
  const double compute = r.compute_ms();
  for (const RunPhaseTotal& p : r.phases) {
    const bool is_compute = p.phase == "pivot" || p.phase == "rowcol" || p.phase == "independent" || p.phase == "full";
    char share[16] = "-";
    if (is_compute && compute > 0) std::snprintf(share, sizeof share, "%.1f%%", 100.0 * p.ms / compute);
    std::printf("%-12s %s %7s %16llu %16llu %10.2f\n", shown(p.phase), right(format_duration_ms(p.ms), 12).c_str(),
                share, static_cast<unsigned long long>(p.bytes), static_cast<unsigned long long>(p.updates),
                p.ms > 0 ? static_cast<double>(p.bytes) / (p.ms * 1e6) : 0.0);
  }
  std::printf("%-12s %s\n", "compute", right(format_duration_ms(compute), 12).c_str());
}

void print_compare(const RunRecord& a, const RunRecord& b) {
  auto describe = [](const char* label, const RunRecord& r) {
    std::printf("%s: %s  %s B=%d gpus=%d %s n=%d %s, wall %s\n", label, shown(r.id), shown(r.backend), r.block,
                r.gpus, shown(r.dtype), r.n, shown(graph_of(r)), wall_with_spread(r).c_str());
  };
  describe("A", a);
  describe("B", b);
  std::printf("\n%-12s %12s %12s %8s\n", "phase", "A", "B", "B/A");
  for (const ComparisonRow& row : compare_runs(a, b)) {
    char ratio[16] = "-";
    if (row.a_ms > 0) std::snprintf(ratio, sizeof ratio, "%.3f", row.ratio);
    std::printf("%-12s %s %s %8s\n", shown(row.what), right(format_duration_ms(row.a_ms), 12).c_str(),
                right(format_duration_ms(row.b_ms), 12).c_str(), ratio);
  }
}
}  // namespace

Action add_runs(CLI::App& app) {
  auto a = std::make_shared<RunsArgs>();
  app.require_subcommand(1);
  app.footer(
      "\nThe history: $XDG_DATA_HOME/apsp-studio/runs.jsonl (else ~/.local/share/apsp-studio/runs.jsonl).\n"
      "IDs may be shortened to a unique prefix; 'last' is the newest run.");
  CLI::App* list = app.add_subcommand("list",
                                      "One run a line, its id first (date, source, backend, block, GPUs, "
                                      "dtype, n, graph, wall time)");
  list->add_option("--baseline", a->baseline, "Add each run's compute-time change against this run (+: slower)");
  CLI::App* show = app.add_subcommand("show", "Everything a run holds, with a per-phase table");
  show->add_option("id", a->a, "Run id (or a unique prefix, or 'last')")->required();
  show->add_flag("--json", a->json, "Print the run as benchmark JSON (Google Benchmark's layout, every timed run)");
  CLI::App* compare = app.add_subcommand("compare", "Two runs side by side: per-phase times and the ratios B/A");
  compare->add_option("a", a->a, "Run A (the reference)")->required();
  compare->add_option("b", a->b, "Run B")->required();
  return [a, list, show, compare]() {
    const std::vector<RunRecord> runs = load_history();
    if (list->parsed()) {
      if (runs.empty()) {
        std::fprintf(stderr, "apsp runs: no runs in %s\n", runs_file_path().c_str());
        return 0;
      }
      print_list(runs, a->baseline.empty() ? nullptr : &find_run(runs, a->baseline));
    } else if (show->parsed()) {
      const RunRecord& run = find_run(runs, a->a);
      if (a->json) {
        std::fputs(bench_json({run}, export_context(run)).c_str(), stdout);
      } else {
        print_show(run);
      }
    } else if (compare->parsed()) {
      print_compare(find_run(runs, a->a), find_run(runs, a->b));
    }
    return 0;
  };
}

}  // namespace apsp::cli
