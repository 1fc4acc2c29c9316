#pragma once
/// @file sweep_text.h
/// @brief A sweep as text: the studio's `--sweep SPEC` and the results CSV that `apsp bench --csv` and
/// `apsp-studio --sweep-csv` both write.
#include <apsp/bench/sweep.h>
#include <apsp/report/export_context.h>

#include <string>
#include <vector>

namespace apsp::bench {

/// @brief Parses "backend=cpu-blocked;block=8,16,32;n=256,512;repeat=3": `;`-separated key=value pairs, the
/// value up to the next `;` (so graph specs keep their commas and `=`). Keys: backend, block, gpus, dtype, n,
/// repeat, warmup, threads, graph, and for sparse solvers sources (as --sources), tpb, concurrent, batch and
/// chunk (their launch knobs); lists are comma-separated; missing keys keep SweepSpec's defaults. Throws
/// UsageError naming the key on an unknown key, an empty or malformed value, or a number out of the bounds of
/// apsp/core/option_limits.h.
SweepSpec parse_sweep_spec(const std::string& text);

/// @brief What every export of a whole sweep says about it (apsp/report/export_context.h): one context for all
/// its runs, as what varies by run (backend, block, n, GPUs, run id) is in the rows or entries.
ExportContext sweep_export_context(const SweepReport& report);

/// @brief The results CSV: leading `# key: value` comments with what the rows do not carry (version, dtype list,
/// threads, graph spec, device, cpu, warmup, repeat; README "Export context"), a header line, then one row per
/// result in order. The first 18 columns are those
/// `apsp bench --csv` always wrote (backend, gpus, n, block, dtype, median_ms, min_ms, updates_per_s, peak_pct,
/// gbps_pivot, gbps_rowcol, gbps_independent, gbps_full, phase12_share, non_p3_share, upload_ms, ratio_to_first,
/// parallel_efficiency); then max_ms, spread_pct, best (0/1), noisy (0/1: spread above kNoisySpreadPct),
/// ms_pivot, ms_rowcol, ms_independent, ms_full (event time of the last timed run), repeats, warmup, run_id
/// (@p run_ids[i] for result i, the run history's id; "-" where none was recorded).
std::string sweep_results_csv(const SweepReport& report, const std::vector<std::string>& run_ids = {});

}  // namespace apsp::bench
