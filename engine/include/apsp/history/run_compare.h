#pragma once
/// @file run_compare.h
/// @brief Two runs side by side: per-phase times with the ratio B/A, the compute total and the wall time.
/// One computation for `apsp runs compare`, `apsp runs list --baseline` and the studio's History panel.
#include <apsp/history/run_record.h>

#include <string>
#include <vector>

namespace apsp {

/// @brief One line of a comparison: a phase, "compute" (the compute phases' sum) or "wall".
struct ComparisonRow {
  std::string what;
  double a_ms = 0;
  double b_ms = 0;
  double ratio = 0;  ///< b_ms / a_ms; 0 when a_ms is 0
};

/// @brief Every phase either run has (in the engine's phase order), then "compute", then "wall".
std::vector<ComparisonRow> compare_runs(const RunRecord& a, const RunRecord& b);
/// @brief (run / baseline - 1) * 100 of the compute time (the compute phases' sum, measured alike by the CLI,
/// bench and the studio; the wall time when a record has no phases): "+12.3 %" means @p run is slower.
double percent_change(const RunRecord& baseline, const RunRecord& run);
/// @brief "+12.3 %" / "-4.0 %" / "-" (no baseline time).
std::string format_percent_change(const RunRecord& baseline, const RunRecord& run);

}  // namespace apsp
