#pragma once
// The data behind charts as CSV: one row per point, so any chart can be redrawn elsewhere.
#include <string>
#include <vector>

#include "chart/chart.h"

namespace apsp::chart {

/// @brief @p context_comments (the data's "# key: value" lines, csv_context_comments(); may be empty), then
/// "chart,series,x,y\n" and one row per (chart, series, category) with a value; missing values are left out.
/// Text fields are quoted when they hold a comma or a quote. y is printed with %.6g.
std::string charts_csv(const std::vector<Chart>& charts, const std::string& context_comments = {});

/// @brief charts_csv() written at @p path through the engine's AtomicFile. Throws apsp::Error.
void write_charts_csv(const std::string& path, const std::vector<Chart>& charts,
                      const std::string& context_comments = {});

}  // namespace apsp::chart
