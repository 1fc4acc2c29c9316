#pragma once
// The optimization ladder's charts: a bar per step, for `apsp bench --ladder --chart` and the
// studio's Sweep panel when it ran the ladder.
#include <apsp/bench/ladder.h>

#include <vector>

#include "chart/chart.h"

namespace apsp::chart {

/// @brief Two bar charts of @p rows in order: the median time of each step (labelled with its speed-up over the
/// step before), and its % of the min-plus peak (only when the peak is known). Empty when @p rows is.
std::vector<Chart> ladder_charts(const std::vector<bench::LadderRow>& rows);

}  // namespace apsp::chart
