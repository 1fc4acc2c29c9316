#pragma once
// The sweep's charts: time against block size with the three phases stacked (the blocking-factor
// study), time against n, speed-up and efficiency against GPU count, GB/s per phase against block size. Built
// from a SweepReport; `apsp bench --chart` and the studio's Sweep panel draw the same ones.
#include <apsp/bench/sweep.h>

#include <string>
#include <vector>

#include "chart/chart.h"
#include "chart/chart_csv.h"
#include "chart/chart_png.h"

namespace apsp::chart {

enum class SweepChartKind {
  BlockPhases,  ///< "block": per (backend, GPUs, dtype, n) with two or more B: phase times stacked, wall time ticked
  TimeVsN,      ///< "n": one line per (backend, B, GPUs, dtype), log y
  GpuScaling,   ///< "gpus": speed-up per (backend, B, dtype, n) against GPU count, efficiency labelled, ideal dashed
  GbpsVsBlock,  ///< "gbps": per (backend, GPUs, dtype, n) with two or more B: GB/s of each phase
  SparseKnobs,  ///< "knobs": per sparse (backend, n, sources): time against threads per block, a line per concurrent
  Ladder,       ///< "ladder": when the sweep ran the optimization ladder (bench::is_ladder_report): a bar per step
};

/// @brief "block,n,gpus,gbps,knobs,ladder" (any subset, any order) -> kinds; "" -> empty (every kind that applies). Throws
/// UsageError naming the bad item.
std::vector<SweepChartKind> parse_chart_kinds(const std::string& text);

/// @brief The charts of @p kinds (empty: all kinds) that @p report has data for, in the order of the kinds.
/// A kind needs two or more values on its x axis; one that has none gives no chart.
std::vector<Chart> sweep_charts(const bench::SweepReport& report, const std::vector<SweepChartKind>& kinds = {});

}  // namespace apsp::chart
