#pragma once
// Text shared by `apsp runs compare` and `apsp runs gate`: a comparison's interval and the table of rows.
#include <apsp/history/run_compare.h>

#include <string>
#include <vector>

namespace apsp::cli {

/// "1.012 .. 1.034", or "-" without an interval (fewer than the minimum repeats on a side).
std::string interval_text(const SampleComparison& c);
/// "1.023" or "-" (no time for A).
std::string ratio_text(const SampleComparison& c);
/// A table: phase, median A, median B, B/A, interval, verdict (repeats A/B where a side has too few).
std::string comparison_table(const std::vector<ComparisonRow>& rows, const CompareOptions& options);
/// The line under a table that says how the verdicts were reached.
std::string verdict_legend(const CompareOptions& options);

}  // namespace apsp::cli
