#pragma once
// The solver lives on one worker thread so the frame loop never waits for a step: the *_async calls queue jobs
// (load, configure, step, run to end, reset), the worker runs them one after another and publishes snapshots
// (cursor, profile, encoded heatmap codes) that the frame loop picks up without blocking.
#include <apsp/core/types.h>
#include <apsp/graph/graph.h>
#include <apsp/io/graph_source.h>
#include <apsp/profile/profile.h>
#include <apsp/solve/measure.h>
#include <apsp/solve/solver.h>
#include <apsp/view/view.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <apsp/teach/time_travel.h>

#include "session/device_view_channel.h"
#include "session/inspection.h"
#include "session/log.h"
#include "session/sparse_run.h"

namespace apsp::studio {

struct SolverConfig {
  std::string backend = "cpu-blocked";
  int block = 32;
  DType dtype = DType::I32;
  int gpus = 1;  ///< multi-GPU backends only; the session makes it 1 for the others
  int threads = 0;  ///< CPU backends: threads (--threads, the solver panel); 0: the session's default
  /// Sparse solvers (issue 13): the rows to solve, SourceSpec's text (--sources, the solver panel).
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
  ValueRange range;          ///< the range the codes were encoded with
  bool fixed_range = false;  ///< range was fixed by the user, not taken from this view
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
  Inspection inspection;  ///< classroom: the selected cell's relaxation, its paths, the timeline (issue 10)
  /// A sparse solver is active (issue 13): its rows, stepper and batches. has_solver is true then, with n the
  /// graph's, rounds 0 and no samples; the view is the S x n rows (host path).
  std::optional<SparseSnapshot> sparse;
};

/// @brief A failed job, kept for scripted runs that turn it into an exit status.
struct JobFailure {
  std::string message;
  int exit_code = 1;
};

class SolverSession {
 public:
  /// @param cpu_threads threads for CPU backends (0: all cores); the GUI leaves one core to the frame loop
  explicit SolverSession(Log& log, int view_budget = kDefaultViewBudget, int cpu_threads = 0);
  ~SolverSession();
  SolverSession(const SolverSession&) = delete;
  SolverSession& operator=(const SolverSession&) = delete;

  /// @brief Builds the graph, its distance matrix and a solver; on failure the previous graph stays loaded.
  /// @param block_from_graph no block was asked for: a graph that suggests one (classroom presets, a file's
  /// `# block: N`) opens with it (apsp/solve/block_size.h, opening_block_size()) instead of @p config's.
  void load_async(GraphSource source, SolverConfig config, bool block_from_graph = false);
  /// @brief New solver (backend, block, dtype) on the loaded graph, rewound to round 0.
  void configure_async(SolverConfig config);
  /// @brief @p count steps of granularity @p g (fewer when the solve finishes first).
  void step_async(Granularity g, int count = 1);
  /// @brief Round after round to the end, publishing the view as it goes; cancel() stops it between rounds.
  void run_to_end_async();
  /// @brief Times the current configuration exactly as `apsp bench` does: measure_solve() on the worker's
  /// solver (warm-up, repeats; no view updates, no queue throttling, no event polling in between), then
  /// publishes the finished state. Not cancellable part way (each run is one step(ToEnd)).
  void measure_async(MeasureOptions options = {});
  /// @brief Drops queued work, stops a running one after its current round, and rewinds to round 0.
  void reset_async();
  void cancel();
  void save_graph_async(std::string path);
  /// @brief Reads the current distances back (the only full host copy) and writes them to @p path.
  void save_distances_async(std::string path);
  /// @brief Encode views with @p range instead of each view's own finite range (nullopt: back to automatic),
  /// and re-encode the current view. Lets a class compare colours across rounds.
  void set_fixed_range_async(std::optional<ValueRange> range);
  /// @brief From now on, views of a CUDA solver are reduced on the GPU and handed to the frame loop through
  /// @p channel (nullptr: back to the host path). Republishes the current view.
  void set_device_view_async(std::shared_ptr<DeviceViewChannel> channel);
  /// @brief false: step and run-to-end jobs publish their view only when they end (no per-frame updates).
  void set_view_updates_async(bool on);

  // Classroom (issue 10): time travel, the selected cell. Each republishes the snapshot's inspection.
  /// @brief Back by @p count k-steps, phases or rounds, exactly (apsp/teach/time_travel.h).
  void back_async(teach::TravelUnit unit, int count = 1);
  /// @brief To the state after step @p index of the steps taken (0: the start), the timeline slider.
  void seek_async(std::size_t index);
  /// @brief Selects cell (i, j) for the inspector and the paths; i < 0 clears the selection.
  void select_async(int i, int j);

  /// @brief Blocks until every queued job has run (scripted use only: the GUI never waits).
  void wait_idle();
  /// @brief wait_idle() for at most @p timeout; true once idle. Lets a scripted run poll a stop request.
  bool wait_idle_for(std::chrono::milliseconds timeout);
  /// @brief Called on the worker thread whenever it published a snapshot or finished a job (log lines come
  /// with one or the other), so that a frame loop sleeping on input wakes up to show it. Cleared with
  /// nullptr; once that call returns the old one is never called again.
  void set_wake_callback(std::function<void()> wake);
  bool idle() const;
  /// @brief Jobs waiting or running.
  std::size_t pending() const;

  SessionSnapshot snapshot() const;
  std::optional<JobFailure> take_failure();

 private:
  struct Worker;  // state touched only by the worker thread
  void post(std::string what, std::function<void(Worker&)> job);
  void worker_main();
  /// @brief A new snapshot for the frame loop; with @p with_view also a new view of the matrix, by the host or
  /// the device path.
  void publish(Worker& w, bool with_view);
  /// @brief What both view paths set first: serial, geometry, INF, range mode, cursor.
  std::shared_ptr<ViewFrame> new_view_frame(Worker& w) const;
  /// @brief Host path: tiles read back, range and codes computed here.
  std::shared_ptr<const ViewFrame> view_from_host(Worker& w) const;
  /// @brief Device path: the reduction enqueued through the channel; the frame carries no tiles or codes.
  std::shared_ptr<const ViewFrame> view_from_device(Worker& w) const;
  /// @brief One step; first keeps the state before it (for the improved bit) when a view may follow
  /// (@p will_publish: a capture costs a pass over the matrix, a noticeable share of a round at large n).
  void step_once(Worker& w, Granularity g, bool will_publish);
  bool view_due(const Worker& w, std::chrono::steady_clock::time_point last_publish, double interval_share) const;
  void fail(const std::string& context, const std::exception& e);
  /// @brief Recomputes the classroom's inspection (relaxation, paths, timeline) for the next publish.
  void inspect(Worker& w);
  /// @brief The solve stopped at an error (negative cycle, RangeError): says so in the snapshot.
  void stop(Worker& w, std::string why);
  // Sparse solvers (issue 13): the same jobs on a SparseRun instead of a Solver.
  void load_sparse(Worker& w, const GraphSource& source, const SolverConfig& config);
  void configure_sparse(Worker& w, const SolverConfig& config);
  /// @brief Makes @p run the active solve (the Floyd–Warshall solver and its classroom state go).
  void install_sparse(Worker& w, std::unique_ptr<SparseRun> run, const SolverConfig& config);
  /// @brief Steps of the teaching stepper: Round finishes the current source, KStep and Phase settle one
  /// vertex, ToEnd runs the real solver.
  void sparse_step(Worker& w, Granularity g, int count);
  void sparse_run_to_end(Worker& w);
  /// @brief Host path: the S x n rows with the rows not computed yet as kViewPendingCode.
  std::shared_ptr<const ViewFrame> view_from_sparse(Worker& w) const;
  /// @brief CPU threads for @p config: its own count, else the session's default.
  int threads_for(const SolverConfig& config) const { return config.threads > 0 ? config.threads : m_cpu_threads; }
  /// @brief Keeps at most about one frame of GPU work queued ahead (CUDA steps only enqueue).
  void throttle(Worker& w);
  void wake_frame_loop();

  Log& m_log;
  int m_view_budget;
  int m_cpu_threads;
  std::unique_ptr<Worker> m_worker;

  mutable std::mutex m_mutex;
  std::condition_variable m_wake;
  std::condition_variable m_idle;
  std::deque<std::pair<std::string, std::function<void(Worker&)>>> m_jobs;
  bool m_running_job = false;
  bool m_stop = false;
  std::atomic<bool> m_cancel{false};
  SessionSnapshot m_snapshot;
  std::optional<JobFailure> m_failure;
  std::mutex m_wake_mutex;  ///< held while the wake callback runs, so clearing it waits for a call in flight
  std::function<void()> m_wake_callback;
  std::thread m_thread;
};

}  // namespace apsp::studio
