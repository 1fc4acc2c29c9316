#pragma once
// The solver lives on one worker thread so the frame loop never waits for a step: the *_async calls queue jobs
// (load, configure, step, run to end, reset), the worker runs them one after another and publishes snapshots
// (cursor, profile, encoded heatmap codes) that the frame loop picks up without blocking.
// The rooms behind this facade: the queue and its thread (job_queue.h), the solve being run (active_run.h: a
// Floyd–Warshall DenseRun or a SparseActiveRun, built by run_factory.h), the views (view_publisher.h) and the
// classroom (classroom_worker.h). Every job asks the active run; errors that stop a solve are handled here once.
#include <apsp/core/types.h>
#include <apsp/graph/graph.h>
#include <apsp/io/graph_source.h>
#include <apsp/profile/profile.h>
#include <apsp/solve/measure.h>
#include <apsp/solve/solver.h>
#include <apsp/teach/quiz.h>
#include <apsp/teach/time_travel.h>
#include <apsp/view/view.h>

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "session/active_run.h"
#include "session/classroom_worker.h"
#include "session/device_view_channel.h"
#include "session/inspection.h"
#include "session/job_queue.h"
#include "session/log.h"
#include "session/session_types.h"
#include "session/sparse_run.h"
#include "session/view_publisher.h"

namespace apsp::studio {

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
  /// @brief "fix colours" (ViewPublisher::fix_colours): on, views use the lesson's range where known, else
  /// @p current frozen; off, each view's own range. Re-encodes the current view.
  void fix_colours_async(bool fix, std::optional<ValueRange> current);
  /// @brief From now on, views of a CUDA solver are reduced on the GPU and handed to the frame loop through
  /// @p channel (nullptr: back to the host path). Republishes the current view.
  void set_device_view_async(std::shared_ptr<DeviceViewChannel> channel);
  /// @brief false: step and run-to-end jobs publish their view only when they end (no per-frame updates).
  void set_view_updates_async(bool on);

  // Classroom: time travel, the selected cell. Each republishes the snapshot's inspection.
  /// @brief Back by @p count k-steps, phases or rounds, exactly (apsp/teach/time_travel.h).
  void back_async(teach::TravelUnit unit, int count = 1);
  /// @brief To the state after step @p index of the steps taken (0: the start), the timeline slider.
  void seek_async(std::size_t index);
  /// @brief Selects cell (i, j) for the inspector and the paths; i < 0 clears the selection.
  void select_async(int i, int j);
  /// @brief Runs @p body on the worker with the Floyd–Warshall solver and its time travel (the quiz: each
  /// question moves there, takes its step and reads the matrices), then republishes; with @p mark_last_step
  /// the view marks the cells the last step changed (the quiz's reveal). Fails the job (UsageError) for a sparse
  /// solver.
  void travel_async(std::string what, std::function<void(Solver&, teach::TimeTravel&)> body,
                    bool mark_last_step = true);

  // Predict mode (session/predict_state.h): the quiz's step and its record.
  /// @brief Takes @p q's step (from q.at), marks @p a, explains the wrong cells and adds it to the record.
  void reveal_async(teach::QuizQuestion q, teach::QuizAnswer a);
  /// @brief Starts the record and the score over.
  void reset_quiz_async();

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
  // Every member below the queue is touched only by the worker thread, except m_snapshot and m_failure (m_mutex).
  void post(std::string what, std::function<void()> job);
  /// @brief The active run; UsageError when no graph is loaded.
  ActiveRun& active_run();
  /// @brief @p run becomes the session's solve (it replaces the previous one, which is dropped).
  void install(std::unique_ptr<ActiveRun> run);
  /// @brief Runs @p body; when a negative cycle or a RangeError stops the solve, the snapshot says so (and with
  /// @p classroom_sees_cycle the classroom shows the cycle) before the error fails the job.
  void guard_solve(const std::function<void()>& body, bool classroom_sees_cycle = true);
  /// @brief Recomputes the classroom's inspection (relaxation, paths, timeline) for the next publish.
  void inspect();
  /// @brief A new snapshot for the frame loop; with @p with_view also a new view of the active run.
  void publish(bool with_view);
  void fail(const std::string& context, const std::exception& e);

  Log& m_log;
  std::unique_ptr<JobQueue> m_jobs;  // stopped (its thread joined) by the destructor before any member goes
  ViewPublisher m_views;
  RunTimes m_times;
  LoadProgress m_load;  // the steps of the running (or last) load; read by snapshot() from any thread
  RunContext m_context;
  std::shared_ptr<const Graph> m_graph;  // shared read-only with the snapshot (the graph view draws its edges)
  GraphSummary m_summary;
  std::unique_ptr<ActiveRun> m_run;
  ClassroomWorker m_classroom;  // after m_run: its TimeTravel goes before the solver it wraps
  Inspection m_inspection;      // the last one computed, published with every snapshot
  std::string m_stopped;        // why the solve stopped (SessionSnapshot::stopped)
  std::optional<MeasureRecord> m_measure;
  std::shared_ptr<const QuizResults> m_quiz;  // predict mode's record, replaced (never changed) by each reveal

  mutable std::mutex m_mutex;
  SessionSnapshot m_snapshot;
  std::optional<JobFailure> m_failure;
};

}  // namespace apsp::studio
