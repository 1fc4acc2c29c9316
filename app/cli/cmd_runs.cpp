// apsp runs: the run history (docs/tuning.md "Run history"). `list` prints one run a line, its id first; `show ID`
// prints everything a record holds with a per-phase table; `compare A B` puts two runs of one configuration side
// by side with the ratios B/A, their intervals and verdicts; `gate` exits non-zero on a confirmed regression.
// IDs may be shortened to any unique prefix; "last" is the newest run.
#include <apsp/core/errors.h>
#include <apsp/core/format.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/history/run_compare.h>
#include <apsp/history/run_context.h>
#include <apsp/history/run_key.h>
#include <apsp/history/runs_file.h>
#include <apsp/report/bench_json_writer.h>

#include <algorithm>
#include <cstdio>
#include <memory>

#include "cli_common.h"
#include "commands.h"
#include "runs_gate.h"
#include "runs_text.h"
#include "text_table.h"

namespace apsp::cli {

namespace {
struct RunsArgs {
  std::string a;
  std::string b;
  std::string baseline;
  bool allow_mismatch = false;
  GateArgs gate;
  bool json = false;
};

/// The history, its skipped lines reported on stderr (one warning each, naming file:line).
std::vector<RunRecord> load_history() {
  const std::filesystem::path path = runs_file_path();
  RunsFile file = read_runs(path);
  for (const std::string& w : file.warnings) std::fprintf(stderr, "apsp runs: warning: %s\n", printable_text(w).c_str());
  return std::move(file.runs);
}

/// A history field as printed: the file is anyone's to edit, so its text goes through printable_text() (no raw
/// control characters reach the terminal). The temporary lives until the end of the printf that uses it.
const char* shown(const std::string& field, std::string&& storage = {}) {
  storage = printable_text(field);
  return storage.c_str();
}

std::string graph_of(const RunRecord& r) { return r.graph.empty() ? "-" : r.graph; }

/// "12.3 ms" or "12.3 ms (11.9 .. 13.0 ms, 5 runs)" where repeats were timed.
/// `apsp solve`'s end-to-end phases ("read 1.2 s, build 3.4 s, ..., end to end 9.9 s"); "" in older records.
std::string stages_text(const RunRecord& r) {
  std::string text;
  for (const RunStage& s : r.stages)
    text += (text.empty() ? "" : ", ") + printable_text(s.stage) + " " + format_duration_ms(s.ms);
  return text;
}

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
    if (baseline) row.push_back(r.id == baseline->id ? "baseline" : format_change_against(*baseline, r));
    table.add_row(std::move(row));
  }
  table.print(stdout);
}

void print_show(const RunRecord& r) {
  std::printf("id:        %s\n", shown(r.id));
  std::printf("date:      %s\n", shown(r.date));
  std::printf("source:    %s (apsp %s)\n", shown(r.source), shown(r.version));
  std::printf("host:      %s\n", shown(r.host));
  std::printf("cpu:       %s, threads %s\n", r.cpu_model.empty() ? "unknown" : shown(r.cpu_model),
              threads_text(r.threads_asked, r.threads).c_str());
  if (!r.isa.empty()) std::printf("isa:       %s\n", shown(r.isa));
  if (!r.commit.empty()) std::printf("commit:    %s\n", shown(r.commit));
  if (!r.build.empty()) std::printf("build:     %s\n", shown(r.build));
  for (const RunDevice& d : r.devices)
    std::printf("gpu:       %s, %d SMs, %.0f MHz, driver %d.%d\n", shown(d.name), d.sm_count, d.sm_clock_khz / 1e3,
                d.driver_version / 1000, d.driver_version % 1000 / 10);
  std::printf("backend:   %s, block %d, %d GPU%s, %s\n", shown(r.backend), r.block, r.gpus, r.gpus == 1 ? "" : "s",
              shown(r.dtype));
  std::printf("graph:     %s, n = %d%s%s\n", shown(graph_of(r)), r.n, r.graph_hash.empty() ? "" : ", ",
              shown(r.graph_hash));
  if (!r.sources.empty()) std::printf("sources:   %s\n", shown(r.sources));
  if (!r.phase2.empty()) std::printf("phase 2:   %s\n", shown(r.phase2));
  std::printf("wall:      %s\n", wall_with_spread(r).c_str());
  if (!r.stages.empty()) std::printf("phases:    %s\n", stages_text(r).c_str());
  // A sparse solver's rate is its own work's (no min-plus updates): edges relaxed per second of the median.
  if (r.edges > 0 && r.wall_ms > 0)
    std::printf("rate:      %s edges/s (%lld edges relaxed per run)\n",
                si(static_cast<double>(r.edges) / (r.wall_ms * 1e-3)).c_str(), static_cast<long long>(r.edges));
  if (!r.round_ms.empty()) {
    std::vector<double> sorted = r.round_ms;
    std::sort(sorted.begin(), sorted.end());
    std::printf("rounds:    %zu, compute per round %s .. %s (median %s)\n", sorted.size(),
                format_duration_ms(sorted.front()).c_str(), format_duration_ms(sorted.back()).c_str(),
                format_duration_ms(sorted[sorted.size() / 2]).c_str());
  }
  // Per phase the median of the repeats and their range (min .. max of samples_ms; one run: none).
  using Align = TextTable::Align;
  TextTable table({Align::Left, Align::Right, Align::Right, Align::Right, Align::Right, Align::Right, Align::Right});
  table.add_row({"phase", "median", "min .. max", "share", "bytes", "updates", "GB/s"});
  const double compute = r.compute_ms();
  for (const RunPhaseTotal& p : r.phases) {
    const bool is_compute = p.phase == "pivot" || p.phase == "rowcol" || p.phase == "independent" || p.phase == "full";
    char share[16] = "-";
    if (is_compute && compute > 0) std::snprintf(share, sizeof share, "%.1f%%", 100.0 * p.ms / compute);
    std::string range = "-";
    if (p.samples_ms.size() > 1) {
      const auto [lo, hi] = std::minmax_element(p.samples_ms.begin(), p.samples_ms.end());
      range = format_duration_ms(*lo) + " .. " + format_duration_ms(*hi);
    }
    char rate[32];
    std::snprintf(rate, sizeof rate, "%.2f", p.ms > 0 ? static_cast<double>(p.bytes) / (p.ms * 1e6) : 0.0);
    table.add_row({printable_text(p.phase), format_duration_ms(p.ms), range, share, std::to_string(p.bytes),
                   std::to_string(p.updates), rate});
  }
  table.add_row({"compute", format_duration_ms(compute)});
  std::printf("\n");
  table.print(stdout);
}

void print_compare(const RunRecord& a, const RunRecord& b, bool allow_mismatch) {
  const std::vector<KeyDifference> differences = key_differences(a, b);
  if (!differences.empty() && !allow_mismatch)
    throw UsageError("runs " + printable_text(a.id) + " and " + printable_text(b.id) +
                     " are different configurations: " + printable_text(describe_differences(differences)) +
                     " (--allow-mismatch compares them anyway)");
  auto describe = [](const char* label, const RunRecord& r) {
    std::printf("%s: %s  %s%s%s, wall %s\n", label, shown(r.id), shown(describe_configuration(r)),
                r.commit.empty() ? "" : ", commit ", shown(r.commit), wall_with_spread(r).c_str());
    if (!r.stages.empty()) std::printf("   phases: %s\n", stages_text(r).c_str());
  };
  describe("A", a);
  describe("B", b);
  if (!differences.empty()) std::printf("differs: %s\n", shown(describe_differences(differences)));
  if (const std::string load = load_difference(a, b); !load.empty()) std::printf("warning: %s\n", load.c_str());
  const CompareOptions options;
  std::printf("\n%s%s\n", comparison_table(compare_runs(a, b, options), options).c_str(),
              verdict_legend(options).c_str());
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
  list->add_option("--baseline", a->baseline,
                   "Add each run's compute-time change against this run (+: slower; 'differs: FIELDS' for a run of "
                   "another configuration)");
  CLI::App* show = app.add_subcommand("show", "Everything a run holds, with a per-phase table");
  show->add_option("id", a->a, "Run id (or a unique prefix, or 'last')")->required();
  show->add_flag("--json", a->json, "Print the run as benchmark JSON (Google Benchmark's layout, every timed run)");
  CLI::App* compare = app.add_subcommand(
      "compare",
      "Two runs of one configuration side by side: per phase, compute and wall the medians of the repeats, "
      "the ratio B/A, its bootstrap interval and a verdict (same, faster, slower, unsure)");
  compare->add_option("a", a->a, "Run A (the reference)")->required();
  compare->add_option("b", a->b, "Run B")->required();
  compare->add_flag("--allow-mismatch", a->allow_mismatch,
                    "Compare runs of different configurations (refused otherwise, naming the fields that differ)");
  CLI::App* gate = app.add_subcommand(
      "gate",
      "Exit 5 on a confirmed regression (the interval of the compute or wall time's B/A above 1 + --max-regress), "
      "naming the configuration and the phase that led it; exit 0 with a one-line summary otherwise (unsure is "
      "said, not failed)");
  gate->add_option("--baseline", a->gate.baseline, "The reference: a run id, or a runs file (the history's JSON lines, or apsp bench --json)")
      ->required();
  gate->add_option("--candidate", a->gate.candidate,
                   "The runs to judge: a run id or a runs file, as --baseline (default: the history's newest run of each "
                   "baseline configuration); configurations are matched by their full key");
  gate->add_option("--max-regress", a->gate.max_regress, "Slowdown allowed before the gate fails")
      ->default_str("5%");
  gate->add_flag("--allow-mismatch", a->gate.allow_mismatch,
                 "With one configuration on each side, compare them though their keys differ");
  return [a, list, show, compare, gate]() {
    if (gate->parsed()) return run_gate(a->gate);
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
      print_compare(find_run(runs, a->a), find_run(runs, a->b), a->allow_mismatch);
    }
    return 0;
  };
}

}  // namespace apsp::cli
