#pragma once
// apsp bench's part of the run history: one record per measured configuration (README "Run history"), the
// engine's sweep records (apsp/bench/sweep_records.h, shared with the studio's Sweep panel) appended here.
#include <apsp/history/run_record.h>

#include <string>
#include <vector>

namespace apsp::bench {
struct SweepReport;
}  // namespace apsp::bench

namespace apsp::cli {

/// The run history's records of a sweep @p report (`apsp bench`, `apsp bench --ladder`): one per
/// configuration measured, each with the CPU threads its configuration asked for.
std::vector<RunRecord> bench_records(const bench::SweepReport& report);
/// Appends every record unless @p no_history or APSP_HISTORY=off; returns the ids written, in order ("-" for a
/// record that was not written), for the CSV's run_id column.
std::vector<std::string> record_bench_runs(const std::vector<RunRecord>& records, bool no_history);

}  // namespace apsp::cli
