#pragma once
/// @file run_compare.h
/// @brief Two runs side by side: per phase, the compute total and the wall time, the medians of their
/// repeats, the ratio B/A with its interval and a verdict (apsp/history/sample_compare.h). One computation for
/// `apsp runs compare`, `apsp runs gate`, `apsp runs list --baseline` and the studio's History panel.
#include <apsp/history/run_record.h>
#include <apsp/history/sample_compare.h>

#include <string>
#include <vector>

namespace apsp {

/// @brief One line of a comparison: a phase, "compute" (the compute phases' sum) or "wall".
struct ComparisonRow {
  std::string what;
  double a_ms = 0;   ///< median of A's repeats
  double b_ms = 0;   ///< median of B's repeats
  double ratio = 0;  ///< b_ms / a_ms; 0 when a_ms is 0
  SampleComparison stats;  ///< the interval of the ratio and the verdict
};

/// @brief A run's repeats of one row: a phase's samples_ms, the compute phases' per-repeat sums, or the wall
/// samples; the single figure (ms, compute_ms(), wall_ms) where a record kept no repeats.
std::vector<double> row_samples(const RunRecord& r, const std::string& what);

/// @brief Every phase either run has (in the engine's phase order), then "compute", then "wall".
std::vector<ComparisonRow> compare_runs(const RunRecord& a, const RunRecord& b, const CompareOptions& options = {});
/// @brief (run / baseline - 1) * 100 of the compute time (the compute phases' sum, measured alike by the CLI,
/// bench and the studio; the wall time when a record has no phases): "+12.3 %" means @p run is slower.
double percent_change(const RunRecord& baseline, const RunRecord& run);
/// @brief "+12.3 %" / "-4.0 %" / "-" (no baseline time).
std::string format_percent_change(const RunRecord& baseline, const RunRecord& run);
/// @brief format_percent_change() for a run of the baseline's key, else "differs: n, threads asked" (the key
/// fields that differ): a percentage between two configurations would read as a speed-up.
std::string format_change_against(const RunRecord& baseline, const RunRecord& run);

}  // namespace apsp
