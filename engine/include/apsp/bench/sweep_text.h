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
/// repeat, warmup, min_time (seconds), threads (a list: one configuration per value on the CPU), graph, and for
/// sparse solvers sources (as --sources), tpb, concurrent, batch and
/// chunk (their launch knobs); lists are comma-separated; missing keys keep SweepSpec's defaults. Throws
/// UsageError naming the key on an unknown key, an empty or malformed value, or a number out of the bounds of
/// apsp/core/option_limits.h.
SweepSpec parse_sweep_spec(const std::string& text);

/// @brief What a sweep's exports (results CSV, chart data CSV, ladder CSV) say about it: version, dtype list,
/// threads, graph spec, device, cpu, warmup, repeat (README "Export context"); a threads sweep adds
/// `threads_swept`, a min time `min_time_s`.
ExportContext sweep_export_context(const SweepReport& report);

/// @brief The results CSV, long form (docs/formats.md "Sweep results CSV"): leading `# key: value` comments
/// (sweep_export_context), a header line, then one row per timed run of each result, in order. The first 18
/// columns are those `apsp bench --csv` always wrote (backend, gpus, n, block, dtype, median_ms, min_ms,
/// updates_per_s, peak_pct, gbps_pivot, gbps_rowcol, gbps_independent, gbps_full, phase12_share, non_p3_share,
/// upload_ms, ratio_to_first, parallel_efficiency); then max_ms, spread_pct, best ("best", "tied" or empty:
/// mark_best's rule), noisy (0/1: spread above kNoisySpreadPct), ms_pivot, ms_rowcol, ms_independent, ms_full
/// (medians over the timed runs), repeats (the timed runs done), warmup, sources, threads_per_block, concurrent,
/// batch, chunk, edges_per_s and sources_per_s (sparse solvers' rates, whose updates_per_s cell is empty; empty
/// for the dense variants), threads (asked; 0: one per core), threads_resolved (the threads that ran), run_id
/// (@p run_ids[i] for result i, the run history's id), ms_PHASE_min / ms_PHASE_max for upload, pivot, rowcol,
/// independent, full — all of these the configuration's, repeated on each of its rows — then the run's own:
/// repeat (1..R), run_wall_ms, run_ms_PHASE. A cell that does not apply (no device peak, a phase that did not
/// occur, a knob the solver lacks, no run id) is empty.
std::string sweep_results_csv(const SweepReport& report, const std::vector<std::string>& run_ids = {});

}  // namespace apsp::bench
