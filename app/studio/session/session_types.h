#pragma once
// What the session shows the frame loop: its configuration, the loaded graph's summary, the encoded view and
// the snapshot that carries them (SolverSession::snapshot()). Plain data, no threads.
#include <apsp/core/errors.h>
#include <apsp/core/types.h>
#include <apsp/graph/graph.h>
#include <apsp/io/graph_source.h>
#include <apsp/profile/profile.h>
#include <apsp/solve/measure.h>
#include <apsp/solve/solver.h>
#include <apsp/view/view.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "session/inspection.h"
#include "session/load_progress.h"
#include "session/sparse_run.h"

namespace apsp::studio {

struct QuizResults;  // session/quiz_job.h

struct SolverConfig {
  std::string backend = "cpu-blocked";
  int block = 32;
  DType dtype = DType::I32;
  int gpus = 1;  ///< multi-GPU backends only; the session makes it 1 for the others
  int threads = 0;  ///< CPU backends: threads (--threads, the solver panel); 0: the session's default
  /// Sparse solvers: the rows to solve, SourceSpec's text (--sources, the solver panel).
  std::string sources = "all";
};

/// @brief A measure run: the configuration timed as `apsp bench` times it (apsp/solve/measure.h).
struct MeasureRecord {
  SolverConfig config;
  int n = 0;
  int threads = 0;  ///< the CPU threads the solver ran with (0: all cores)
  MeasureOptions options;
  MeasureResult result;
};

struct GraphSummary {
  GraphSource source;
  std::int32_t n = 0;
  std::int64_t m = 0;
  std::int32_t weight_min = 0;
  std::int32_t weight_max = 0;
  std::uint64_t matrix_bytes = 0;  ///< the padded distance matrix for the active block size and dtype
  double load_seconds = 0;
  int suggested_block = 0;  ///< the block the graph suggests (classroom preset, `# block: N`); 0: none
};

/// @brief One encoded heatmap, ready for HeatmapTexture::upload_codes().
struct ViewFrame {
  std::uint64_t serial = 0;
  ViewGeometry geometry;
  ValueRange range;  ///< the range the codes were encoded with
  /// Where the range comes from: this view's own values, the range frozen by "fix colours" on a graph without a
  /// lesson range, or the whole lesson's range (session/lesson_range.h).
  enum class RangeSource { Step, Frozen, Lesson } range_source = RangeSource::Step;
  std::int32_t inf = kInf32;
  std::vector<std::int32_t> tiles;   ///< tile minimum per texel (tooltip values)
  std::vector<std::uint16_t> codes;  ///< view.h codes, improved bit relative to the previous frame
  std::size_t improved = 0;          ///< texels improved since the previous frame
  Cursor cursor;
  /// Device path: tiles, codes and range stay on the GPU (DeviceViewChannel); the frame loop takes the
  /// update from the channel and writes the texture through CUDA–GL interop.
  bool on_device = false;
  double host_encode_ms = 0;  ///< host path: worker time of the tile read-back, range and encoding
};

/// @brief A complete run to the end as its own samples time it (CUDA events on GPUs, clocks on the CPU), so that
/// it compares with `apsp bench` column by column: the rounds, the span from the first phase's start to the last
/// phase's end (the device's wall time; the run's host wall time is last_run_to_end_ms), and each phase's summed
/// time (bench's ms_pivot, ms_rowcol, ms_independent: every stream, every GPU).
struct RunToEndTimes {
  int rounds = 0;
  double span_ms = 0;
  double busy_ms = 0;  ///< of the span, the time some compute phase ran (compute_busy_ms: overlaps once, gaps not)
  double pivot_ms = 0;
  double rowcol_ms = 0;
  double independent_ms = 0;
  double full_ms = 0;
};

struct SessionSnapshot {
  std::uint64_t version = 0;
  bool has_graph = false;
  GraphSummary graph;
  /// The loaded graph's edges, read-only and shared with the worker (the graph view draws them); replaced,
  /// never changed, by the next load.
  std::shared_ptr<const Graph> loaded_graph;
  bool has_solver = false;
  SolverConfig config;
  Cursor cursor;
  int n = 0;
  int rounds = 0;
  std::vector<PhaseSample> samples;
  std::shared_ptr<const ViewFrame> view;
  bool busy = false;         ///< a job is running or queued
  std::string activity;      ///< what the running job does, for the status line
  /// The running load's steps (or the last load's, running false; none before the first); null only in a
  /// snapshot the session did not make.
  std::shared_ptr<const LoadStatus> load;
  double last_step_ms = 0;   ///< wall time of the last step job (its steps, until the GPU finished them)
  int cuda_device = -1;      ///< CUDA device the heatmap is drawn from (holding the matrix, or gathering the
                             ///< view tiles of a multi-GPU run); -1 for CPU variants
  bool gpu_solver = false;   ///< the solver runs on CUDA (one GPU or several): its steps return before the work ends
  bool view_updates = true;  ///< false: long jobs publish the view only at their end (solve-time comparisons)
  double last_run_to_end_ms = 0;  ///< wall time of the last complete run to the end (the interactive figure)
  RunToEndTimes last_run;         ///< that run's rounds and device-side times (what bench's columns compare with)
  std::optional<MeasureRecord> measure;  ///< the last measure run of this graph (cleared by a load)
  /// Why the solve stopped short of a usable result ("RangeError: ...", "negative cycle: ..."); the cursor may
  /// say finished, but these distances are not answers. Empty otherwise; a load, configure or reset clears it.
  std::string stopped;
  Inspection inspection;  ///< classroom: the selected cell's relaxation, its paths, the timeline
  std::shared_ptr<const QuizResults> quiz;  ///< predict mode: the questions revealed (session/quiz_job.h); null: none
  /// A sparse solver is active: its rows, stepper and batches. has_solver is true then, with n the
  /// graph's, rounds 0 and no samples; the view is the S x n rows (host path).
  std::optional<SparseSnapshot> sparse;
};

/// @brief A failed job or export, kept for scripted runs that turn it into an exit status: the one table of
/// both programs (apsp::exit_code), so that the same error exits the same from the studio as from apsp.
struct JobFailure {
  std::string message;
  int exit_code = exit_status::kFailure;

  static JobFailure of(const std::exception& e) { return JobFailure{e.what(), apsp::exit_code(e)}; }
};

}  // namespace apsp::studio
