#pragma once
/// @file bench_json_writer.h
/// @brief Runs as one benchmark JSON document (docs/formats.md "Benchmark JSON"; `apsp bench --json`,
/// `apsp runs show --json`): Google Benchmark's JSON layout, so its tools (compare.py) read it, holding every
/// timed run and the run records whole. apsp/history/bench_json.h reads it back.
#include <apsp/history/run_record.h>
#include <apsp/report/export_context.h>

#include <string>
#include <vector>

namespace apsp {

/// @brief The document for @p records, described by @p context:
/// - "context": Google Benchmark's keys (date and host_name of the first record, executable, num_cpus,
///   mhz_per_cpu, load_avg and library_build_type of the process writing) and "apsp": context_json(@p context);
/// - "benchmarks": per record (family_index its position), one "iteration" entry per timed run (real_time the
///   run's wall time in ms, cpu_time the same: CPU time is not measured; "<phase>_ms" each phase's time; "apsp"
///   the record without its per-run lists), then, where it has two runs or more, the "aggregate" entries mean,
///   median, stddev, cv, min and max over them ("apsp" holds the record's id).
/// A record without per-run times (an older history line) is written as one run of its median. Ends with a
/// newline.
std::string bench_json(const std::vector<RunRecord>& records, const ExportContext& context);

}  // namespace apsp
