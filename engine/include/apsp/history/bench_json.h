#pragma once
/// @file bench_json.h
/// @brief Reading the benchmark JSON that `apsp bench --json` and `apsp runs show --json` write (docs/formats.md
/// "Benchmark JSON"; the writer is apsp/report/bench_json_writer.h): Google Benchmark's layout, so its tools
/// read it, with one "iteration" entry per timed run and an "apsp" object holding the run record. A baseline
/// file for a compare or a gate comes back as the records it was written from.
#include <apsp/history/run_record.h>

#include <string>
#include <string_view>
#include <vector>

namespace apsp {

/// @brief The entry name of @p record's configuration, the same for each of its runs:
/// "cuda-tuned/B:64/gpus:1/i32/n:8192" for a GPU run, "cpu-blocked/B:64/threads:2/i32/n:1024" for a CPU run
/// (resolved threads), with "/sources:TEXT" appended for a sparse solver's rows.
std::string bench_entry_name(const RunRecord& record);

/// @brief The records of a benchmark JSON document @p text, in the order of their configurations
/// (family_index), every timed run kept: the record from an iteration entry's "apsp" object, its wall times
/// from the entries' real_time and each phase's times from their "<phase>_ms" fields, in repetition order; the
/// medians, min and max recomputed from them. Aggregate entries are not read (they follow from the runs).
/// Throws InputError naming @p origin and the JSON path ("baseline.json: benchmarks[3].real_time: not a
/// number") on anything it cannot read.
std::vector<RunRecord> parse_bench_json(std::string_view text, const std::string& origin);

}  // namespace apsp
