#pragma once
// The data behind charts as CSV: one row per point, so any chart can be redrawn elsewhere.
#include <string>
#include <vector>

#include "chart/chart.h"

namespace apsp::chart {

/// @brief "chart,series,x,y\n" then one row per (chart, series, category) with a value; missing values are left
/// out. Text fields are quoted when they hold a comma or a quote. y is printed with %.6g.
std::string charts_csv(const std::vector<Chart>& charts);

/// @brief charts_csv() written at @p path through the engine's AtomicFile. Throws apsp::Error.
void write_charts_csv(const std::string& path, const std::vector<Chart>& charts);

}  // namespace apsp::chart
