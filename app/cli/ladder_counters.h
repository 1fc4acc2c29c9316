#pragma once
// `apsp bench --ladder --counters ROUNDS`: the ladder table's measured DRAM GB/s and occupancy, from the CUPTI
// profiler (apsp/report/counters.h) run on each step's configuration after the timed sweep.
#include <apsp/bench/ladder.h>

#include <string>
#include <vector>

namespace apsp::cli {

/// @brief Per result of @p report (ladder steps, in order): the DRAM bytes read + written over the kernel time of
/// the profiled phases of @p rounds (a RoundSelection text), and their kernel-time-weighted achieved occupancy.
/// Throws UnavailableError (no CUPTI, no GPU, no permission) and UsageError (a bad round list) as
/// collect_counters() does.
std::vector<bench::LadderMeasured> ladder_counters(const bench::SweepReport& report, const std::string& rounds);

}  // namespace apsp::cli
