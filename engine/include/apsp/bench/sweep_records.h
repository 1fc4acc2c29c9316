#pragma once
/// @file sweep_records.h
/// @brief A sweep's part of the run history (README "Run history"): one record per measured configuration,
/// its wall time the median of the timed runs with every run kept, each phase's median and every run's time.
/// `apsp bench`, `apsp bench --ladder` and the studio's Sweep panel record the same records.
#include <apsp/bench/sweep.h>
#include <apsp/history/run_record.h>

#include <string>
#include <vector>

namespace apsp::bench {

/// @brief Each phase of @p record gets the median and every timed run's time of the same phase in @p phases.
void set_phase_repeats(RunRecord& record, const std::vector<PhaseFigures>& phases);

/// @brief The records of @p report's results, in order, with @p source ("bench", "sweep") and each configuration's
/// CPU threads asked for; per-round times from each result's last timed run.
std::vector<RunRecord> sweep_run_records(const SweepReport& report, const std::string& source);

}  // namespace apsp::bench
