// The ladder benchmark's pure parts: which steps, the sweep that runs them, and the table's arithmetic.
#include <apsp/bench/ladder.h>
#include <apsp/bench/sweep_text.h>
#include <apsp/core/errors.h>
#include <apsp/solve/ladder.h>

#include "csv_line.h"

#include <algorithm>
#include <cstdio>

namespace apsp::bench {

namespace {

int step_of(const std::string& backend) {
  const std::vector<std::string>& ladder = ladder_backends();
  const auto it = std::find(ladder.begin(), ladder.end(), backend);
  return it == ladder.end() ? 0 : static_cast<int>(it - ladder.begin()) + 1;
}

std::string ladder_names() {
  std::string s;
  for (const std::string& name : ladder_backends()) {
    if (!s.empty()) s += ", ";  // piece by piece: GCC 12's -Wrestrict false positive on "literal" + string
    s += name;
  }
  return s;
}

}  // namespace

std::vector<std::string> ladder_steps(const std::vector<std::string>& steps) {
  if (steps.empty()) return ladder_backends();
  for (const std::string& s : steps)
    if (step_of(s) == 0) throw UsageError("--ladder-steps: '" + s + "' is not a ladder step (" + ladder_names() + ")");
  std::vector<std::string> out;
  for (const std::string& name : ladder_backends())
    if (std::find(steps.begin(), steps.end(), name) != steps.end()) out.push_back(name);
  return out;
}

SweepSpec ladder_spec(const std::vector<std::string>& steps, int n, int block, DType dtype) {
  SweepSpec spec;
  spec.backends.clear();
  for (const std::string& name : ladder_steps(steps)) {
    // Their phase 3 is written for B = 64 only: pin it, so a ladder at another block still has every step.
    const bool only_64 = name == "cuda-staged" || name == "cuda-blocked-vec";
    spec.backends.push_back(only_64 ? name + ":64" : name);
  }
  spec.sizes = {n};
  spec.blocks = {block};
  spec.dtypes = {dtype};
  spec.gpus = {1};
  return spec;
}

bool is_ladder_report(const SweepReport& report) {
  const std::vector<SweepResult>& rs = report.results;
  if (rs.size() < 2) return false;
  int last_step = 0;
  for (const SweepResult& r : rs) {
    const int step = step_of(r.config.backend);
    if (step <= last_step) return false;  // not a step, or out of ladder order
    last_step = step;
    const SweepConfig& first = rs.front().config;
    if (r.config.n != first.n || r.config.dtype != first.dtype || r.config.gpus != first.gpus) return false;
  }
  return true;
}

std::vector<LadderRow> ladder_rows(const SweepReport& report, const std::vector<LadderMeasured>& measured) {
  std::vector<LadderRow> rows;
  for (std::size_t i = 0; i < report.results.size(); ++i) {
    const SweepResult& r = report.results[i];
    LadderRow row;
    row.step = step_of(r.config.backend);
    row.config = r.config;
    row.median_ms = r.time.median_ms;
    if (!rows.empty() && row.median_ms > 0) {
      row.speedup_previous = rows.back().median_ms / row.median_ms;
      row.speedup_first = rows.front().median_ms / row.median_ms;
    }
    row.updates_per_s = r.updates_per_s;
    row.peak_pct = r.peak_pct;
    double ms = 0, bytes = 0;
    for (const PhaseFigures& p : r.phases) {
      if (!is_compute(p.phase)) continue;
      ms += p.ms;
      bytes += static_cast<double>(p.bytes);
    }
    row.model_gb_per_s = ms > 0 ? bytes / (ms * 1e6) : 0;
    if (i < measured.size()) row.measured = measured[i];
    rows.push_back(row);
  }
  return rows;
}

std::string ladder_csv(const SweepReport& report, const std::vector<LadderRow>& rows,
                       const std::vector<std::string>& run_ids) {
  std::string out = csv_context_comments(sweep_export_context(report));
  out +=
      "step,backend,block,dtype,n,median_ms,speedup_previous,speedup_first,updates_per_s,peak_pct,model_gbps,"
      "dram_gbps,occupancy,min_ms,max_ms,spread_pct,run_id,repeat,run_wall_ms\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const LadderRow& r = rows[i];
    CsvLine step;
    step.integer(r.step).text(r.config.backend).integer(r.config.block).text(std::string(to_string(r.config.dtype)));
    step.integer(r.config.n).general(r.median_ms).general(r.speedup_previous).general(r.speedup_first);
    step.general(r.updates_per_s).general_if(r.peak_pct >= 0, r.peak_pct).general(r.model_gb_per_s);
    step.general_if(r.measured.dram_gb_per_s.has_value(), r.measured.dram_gb_per_s.value_or(0));
    step.general_if(r.measured.occupancy.has_value(), r.measured.occupancy.value_or(0));
    // The step's spread and every timed run (long form, as the sweep results CSV): one line per run.
    const std::vector<double> none;
    const std::vector<double>& runs = i < report.results.size() ? report.results[i].time.samples_ms : none;
    const TimeSpread spread = spread_of(runs.empty() ? std::vector<double>{r.median_ms} : runs);
    step.general(spread.min_ms).general(spread.max_ms).number(spread.spread_pct, 2);
    step.text(i < run_ids.size() && run_ids[i] != "-" ? run_ids[i] : std::string());
    if (runs.empty()) {  // rows without their report's runs: the median alone, as one run
      out += step.cells() + ",1," + CsvLine().general(r.median_ms).cells() + "\n";
      continue;
    }
    for (std::size_t run = 0; run < runs.size(); ++run) {
      CsvLine line = step;
      line.integer(static_cast<long long>(run + 1)).general(runs[run]);
      out += line.cells() + "\n";
    }
  }
  return out;
}

}  // namespace apsp::bench
