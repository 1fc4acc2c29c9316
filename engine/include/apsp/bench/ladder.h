#pragma once
/// @file ladder.h
/// @brief The optimization ladder as a benchmark: the sweep (sweep.h) over the ladder's steps in
/// order on one graph, and the table `apsp bench --ladder` prints and the studio charts: per step its time,
/// speed-up over the previous step and over the first, updates/s, % of the min-plus peak, modeled GB/s, and
/// the measured DRAM GB/s and occupancy where a hardware-counter profiler supplied them.
#include <apsp/bench/sweep.h>

#include <optional>
#include <string>
#include <vector>

namespace apsp::bench {

/// @brief What hardware counters measured for one step; absent values print as "-". The seam for a counter
/// profiler (CUPTI): fill it per result and pass it to ladder_rows().
struct LadderMeasured {
  std::optional<double> dram_gb_per_s;  ///< DRAM bytes read + written / kernel time
  std::optional<double> occupancy;      ///< achieved occupancy, 0..1
};

/// @brief One step of the ladder table.
struct LadderRow {
  int step = 0;  ///< 1-based position in the ladder (the full ladder's numbering, also when steps are chosen)
  SweepConfig config;
  double median_ms = 0;
  double speedup_previous = 1;  ///< median of the row above / this median (1 for the first row)
  double speedup_first = 1;     ///< median of the first row / this median
  double updates_per_s = 0;
  double peak_pct = -1;         ///< -1: no device peak known
  double model_gb_per_s = 0;    ///< modeled bytes of every compute phase / their summed event time
  LadderMeasured measured;
};

/// @brief The ladder's steps to run: every step of ladder_backends() in order when @p steps is empty, else
/// the named ones in ladder order. Throws UsageError naming an item that is not a ladder step.
std::vector<std::string> ladder_steps(const std::vector<std::string>& steps);

/// @brief A sweep of @p steps (ladder_steps()) on one graph of @p n vertices: each step at block @p block
/// (cuda-staged and cuda-blocked-vec pinned to 64, the only block they offer), dtype @p dtype, one GPU.
SweepSpec ladder_spec(const std::vector<std::string>& steps, int n, int block, DType dtype);

/// @brief Whether @p report measured a ladder: two or more results, each a ladder step, in ladder order, of one
/// n, dtype and GPU count (what ladder_spec() runs; the charts and the studio's replay buttons apply then).
bool is_ladder_report(const SweepReport& report);

/// @brief The table of @p report's results in order; @p measured[i] (when given) goes with result i.
std::vector<LadderRow> ladder_rows(const SweepReport& report, const std::vector<LadderMeasured>& measured = {});

/// @brief The ladder CSV of `apsp bench --ladder --csv` and the studio's ladder sweep (docs/formats.md "Ladder
/// CSV"): the sweep's context comments, a header line, then one line per timed run of each row (@p rows from
/// ladder_rows(@p report); the step's columns repeated, then repeat and run_wall_ms). Values that do not apply
/// (no device peak, counters not collected, no run id: @p run_ids[i] for row i, "-" or absent) are empty.
std::string ladder_csv(const SweepReport& report, const std::vector<LadderRow>& rows,
                       const std::vector<std::string>& run_ids = {});

}  // namespace apsp::bench
