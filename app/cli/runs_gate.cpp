#include "runs_gate.h"

#include <apsp/core/errors.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/history/run_compare.h>
#include <apsp/history/run_key.h>
#include <apsp/history/runs_file.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

#include "runs_text.h"
#include "text_table.h"

namespace apsp::cli {

namespace {
/// "5%", "5 %" or "5": a percentage, 0 or more.
double parse_allowance(const std::string& text) {
  std::string number = text;
  while (!number.empty() && (number.back() == '%' || number.back() == ' ')) number.pop_back();
  char* end = nullptr;
  const double value = number.empty() ? NAN : std::strtod(number.c_str(), &end);
  if (!std::isfinite(value) || value < 0 || (end && *end != '\0'))
    throw UsageError("--max-regress: '" + printable_text(text) + "' is not a percentage of 0 or more (5%)");
  return value / 100.0;
}

/// The runs one side names: a file that exists is read as runs (apsp/history/runs_file.h load_runs_file),
/// anything else is a run id of @p history (a callable: the history is read only when an id needs it).
template <class History>
std::vector<RunRecord> runs_named(const std::string& name, History& history) {
  std::error_code ec;
  if (std::filesystem::exists(name, ec)) {
    RunsFile file = load_runs_file(name);
    for (const std::string& w : file.warnings)
      std::fprintf(stderr, "apsp runs gate: warning: %s\n", printable_text(w).c_str());
    return std::move(file.runs);
  }
  return {find_run(history(), name)};
}

/// Per configuration key, the last run of @p runs with it (the newest in a history or a file), in the order the
/// keys first appear.
struct ByKey {
  std::vector<std::string> keys;
  std::map<std::string, const RunRecord*> last;
};
ByKey by_key(const std::vector<RunRecord>& runs) {
  ByKey out;
  for (const RunRecord& r : runs) {
    const std::string key = run_key(r);
    if (!out.last.count(key)) out.keys.push_back(key);
    out.last[key] = &r;
  }
  return out;
}

struct Pair {
  const RunRecord* baseline;
  const RunRecord* candidate;
};

std::string percent(double fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g %%", fraction * 100.0);
  return buf;
}

std::string ratio_of(double value) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", value);
  return buf;
}

/// "independent 1.083 (1.062 .. 1.101)".
std::string row_text(const ComparisonRow& row) {
  const std::string interval = interval_text(row.stats);
  return row.what + " " + ratio_text(row.stats) + (interval == "-" ? "" : " (" + interval + ")");
}
}  // namespace

int run_gate(const GateArgs& args) {
  const double allowance = parse_allowance(args.max_regress);
  std::optional<std::vector<RunRecord>> history_storage;
  auto history = [&]() -> const std::vector<RunRecord>& {
    if (!history_storage) {
      RunsFile file = read_runs(runs_file_path());
      for (const std::string& w : file.warnings)
        std::fprintf(stderr, "apsp runs gate: warning: %s\n", printable_text(w).c_str());
      history_storage = std::move(file.runs);
    }
    return *history_storage;
  };
  const std::vector<RunRecord> baseline = runs_named(args.baseline, history);
  std::vector<RunRecord> candidate;
  const bool newest_of_history = args.candidate.empty();
  if (newest_of_history) {
    // The history's newest run of each baseline configuration, the baseline's own runs left out.
    std::set<std::string> keys, ids;
    for (const RunRecord& r : baseline) {
      keys.insert(run_key(r));
      ids.insert(r.id);
    }
    for (const RunRecord& r : history())
      if (keys.count(run_key(r)) && !ids.count(r.id)) candidate.push_back(r);
  } else {
    candidate = runs_named(args.candidate, history);
  }

  const ByKey base = by_key(baseline), cand = by_key(candidate);
  std::vector<Pair> pairs;
  std::vector<std::string> only_baseline, only_candidate;
  for (const std::string& key : base.keys) {
    const auto it = cand.last.find(key);
    if (it != cand.last.end())
      pairs.push_back({base.last.at(key), it->second});
    else
      only_baseline.push_back(describe_configuration(*base.last.at(key)));
  }
  if (!newest_of_history)
    for (const std::string& key : cand.keys)
      if (!base.last.count(key)) only_candidate.push_back(describe_configuration(*cand.last.at(key)));
  // One configuration on each side and they differ: name every differing field, as `runs compare` does.
  if (pairs.empty() && base.keys.size() == 1 && cand.keys.size() == 1) {
    const RunRecord& a = *base.last.begin()->second;
    const RunRecord& b = *cand.last.begin()->second;
    if (!args.allow_mismatch)
      throw UsageError("baseline " + printable_text(a.id) + " and candidate " + printable_text(b.id) +
                       " are different configurations: " + printable_text(describe_differences(key_differences(a, b))) +
                       " (--allow-mismatch compares them anyway)");
    pairs.push_back({&a, &b});
    only_baseline.clear();
    only_candidate.clear();
  }
  if (pairs.empty())
    throw UsageError("nothing to compare: no candidate run has a configuration of the baseline " +
                     printable_text(args.baseline) + (newest_of_history ? " in the history" : ""));

  const CompareOptions options;
  using Align = TextTable::Align;
  TextTable table({Align::Left, Align::Left, Align::Left, Align::Left});
  std::vector<std::string> regressions, unsure, load_warnings;
  for (const Pair& p : pairs) {
    const std::vector<ComparisonRow> rows = compare_runs(*p.baseline, *p.candidate, options);
    // The gate judges the totals (compute sum, wall time): a phase alone is judged too often on a busy machine
    // (a small phase, a few rows tested at once), and a lost overlap shows only in the wall time. The phase
    // confirmed slower by the most (highest low end) is named as the one that led a regression.
    const ComparisonRow* regressed = nullptr;
    const ComparisonRow* leading_phase = nullptr;
    const ComparisonRow* slower_total = nullptr;
    const ComparisonRow* doubtful_total = nullptr;
    const ComparisonRow* compute = nullptr;
    for (const ComparisonRow& row : rows) {
      const bool total = row.what == "compute" || row.what == "wall";
      const bool is_slower = row.stats.verdict == Verdict::Slower;
      if (row.what == "compute") compute = &row;
      if (total && is_slower && row.stats.low > 1.0 + allowance && !regressed) regressed = &row;
      if (total && is_slower && !slower_total) slower_total = &row;
      if (total && row.stats.verdict == Verdict::Unsure && !doubtful_total) doubtful_total = &row;
      if (!total && is_slower && (!leading_phase || row.stats.low > leading_phase->stats.low)) leading_phase = &row;
    }
    const std::string name = printable_text(describe_configuration(*p.candidate));
    const std::string phase_note = leading_phase ? ", phase " + row_text(*leading_phase) + " slower" : "";
    std::string status;
    std::string detail = compute ? row_text(*compute) : "";
    if (regressed) {
      status = "REGRESSION";
      detail = row_text(*regressed) + (leading_phase ? ", led by " + row_text(*leading_phase) : "");
      regressions.push_back(name + ": " + detail);
    } else if (doubtful_total) {
      status = "unsure";
      detail = row_text(*doubtful_total) + phase_note;
      unsure.push_back(name + ": " + doubtful_total->what);
    } else if (slower_total) {
      status = "slower (within " + percent(allowance) + ")";
      detail = row_text(*slower_total) + phase_note;
    } else {
      status = std::string(to_string(compute ? compute->stats.verdict : Verdict::Unsure));
      detail += phase_note;
    }
    table.add_row({status, name, detail, printable_text(p.baseline->id) + " -> " + printable_text(p.candidate->id)});
    if (const std::string load = load_difference(*p.baseline, *p.candidate); !load.empty())
      load_warnings.push_back(name + ": " + load);
  }
  table.print(stdout);
  for (const std::string& w : load_warnings) std::printf("warning: %s\n", w.c_str());
  for (const std::string& c : only_baseline)
    std::printf("only in the baseline (not compared): %s\n", printable_text(c).c_str());
  for (const std::string& c : only_candidate)
    std::printf("only in the candidate (not compared): %s\n", printable_text(c).c_str());
  std::fflush(stdout);
  const std::string compared = std::to_string(pairs.size()) + " configuration" + (pairs.size() == 1 ? "" : "s");
  if (!regressions.empty())
    throw RegressionError("confirmed regression beyond " + percent(allowance) +
                          " (B/A of the compute or wall time, its interval's low end above " +
                          ratio_of(1.0 + allowance) + "): " + regressions.front() +
                          (regressions.size() > 1 ? " and " + std::to_string(regressions.size() - 1) + " more" : "") +
                          " (" + compared + " compared)");
  std::string summary = "apsp runs gate: pass: " + compared + ", no confirmed regression beyond " + percent(allowance);
  if (!unsure.empty())
    summary += "; unsure (too noisy or too few repeats to tell): " + unsure.front() +
               (unsure.size() > 1 ? " and " + std::to_string(unsure.size() - 1) + " more" : "");
  std::printf("%s\n", summary.c_str());
  return 0;
}

}  // namespace apsp::cli
