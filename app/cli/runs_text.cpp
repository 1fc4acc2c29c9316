#include "runs_text.h"

#include <apsp/core/format.h>
#include <apsp/core/untrusted_text.h>

#include <cstdio>

#include "text_table.h"

namespace apsp::cli {

std::string interval_text(const SampleComparison& c) {
  if (!c.has_interval) return "-";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3f .. %.3f", c.low, c.high);
  return buf;
}

std::string ratio_text(const SampleComparison& c) {
  if (c.median_a <= 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", c.ratio);
  return buf;
}

std::string comparison_table(const std::vector<ComparisonRow>& rows, const CompareOptions& options) {
  using Align = TextTable::Align;
  TextTable table({Align::Left, Align::Right, Align::Right, Align::Right, Align::Right, Align::Left});
  table.add_row({"phase", "median A", "median B", "B/A", "interval", "verdict"});
  for (const ComparisonRow& row : rows) {
    std::string verdict(to_string(row.stats.verdict));
    if (row.stats.count_a < options.min_repeats || row.stats.count_b < options.min_repeats)
      verdict += " (repeats " + std::to_string(row.stats.count_a) + " / " + std::to_string(row.stats.count_b) + ")";
    table.add_row({printable_text(row.what), format_duration_ms(row.a_ms), format_duration_ms(row.b_ms),
                   ratio_text(row.stats), interval_text(row.stats), verdict});
  }
  return table.str();
}

std::string verdict_legend(const CompareOptions& options) {
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "B/A: ratio of the medians of the repeats; interval: bootstrap %.0f %% of that ratio; same: inside "
                "+-%.0f %%; fewer than %d repeats: unsure",
                options.confidence * 100, options.tolerance * 100, options.min_repeats);
  return buf;
}

}  // namespace apsp::cli
