#pragma once
// apsp bench's part of the run history: one record per measured configuration (README "Run history"), the
// engine's sweep records (apsp/bench/sweep_records.h, shared with the studio's Sweep panel) appended here.
#include <apsp/history/run_record.h>
#include <apsp/io/output_paths.h>

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
/// `--json PATH`: @p records (one per configuration of @p report) with the sweep's context as benchmark JSON
/// (apsp/report/bench_json_writer.h), through AtomicFile; '-' is standard output.
void write_bench_json(const std::string& path, const std::vector<RunRecord>& records, const bench::SweepReport& report);
/// Before any run, refuses (UsageError) outputs that would fail or clash only after all the work: two on standard
/// output (one unreadable stream), two naming the same file, a directory or a write-protected file.
void refuse_bench_outputs(const std::vector<NamedPath>& outputs);

}  // namespace apsp::cli
