#pragma once
// apsp bench's part of the run history: one record per measured configuration (README "Run history").
// Kept apart from cmd_bench's loop so the sweep runner can hand its results here the same way.
#include <apsp/history/run_context.h>
#include <apsp/history/run_record.h>

#include <string>
#include <vector>

namespace apsp {
class ProfileLog;
namespace bench {
struct PhaseFigures;
struct SweepReport;
}
}  // namespace apsp

namespace apsp::cli {

/// What bench knows about one configuration it measured.
struct BenchRun {
  std::string backend;
  bool gpu_backend = false;
  int block = 0;
  int gpus = 1;
  std::string dtype;
  int threads = 0;
  int n = 0;
  std::string graph;             ///< the generator spec with n
  std::vector<double> times_ms;  ///< the timed repeats (warm-up excluded)
  RunContext context;            ///< the sweep's, with this configuration's GPU clocks, sources and phase 2
};

/// A record (source "bench") for @p run: wall time the median of the repeats, spread their min and max,
/// per-phase totals and rounds from @p last_profile (the last repeat's; bench_records then sets each phase's
/// median and repeats).
RunRecord bench_run_record(const BenchRun& run, const ProfileLog& last_profile);
/// Each phase of @p record gets the median and every timed run's time of the same phase in @p phases.
void set_phase_repeats(RunRecord& record, const std::vector<bench::PhaseFigures>& phases);
/// The run history's records of a sweep @p report (`apsp bench`, `apsp bench --ladder`): one per
/// configuration measured, with @p threads the CPU threads asked for.
std::vector<RunRecord> bench_records(const bench::SweepReport& report, int threads);
/// Appends every record unless @p no_history or APSP_HISTORY=off; returns the ids written, in order ("-" for a
/// record that was not written), for the CSV's run_id column.
std::vector<std::string> record_bench_runs(const std::vector<RunRecord>& records, bool no_history);

}  // namespace apsp::cli
