#pragma once
// What a run of the studio does with its App, start to end: load the launch graph and take the scripted steps
// (--advance ...), open the window or EGL context, then either a batch run (--quit, --headless: a few frames,
// the scripted outputs, exit) or an interactive one (frames until the window closes; the scripted outputs once
// it settled). Writes --stats-json and --log-file at the end, and measures the solve itself for the stats
// (--run-to-end, --stats-view-off). SIGINT / SIGTERM (apsp/core/stop_signal.h): a batch run cancels its
// solve after the round in progress and writes none of its outputs; an interactive one closes the window as
// the close button does; both exit 128 + signal.
#include <optional>
#include <vector>

#include "app.h"
#include "options.h"
#include "session/quiz_job.h"
#include "session/run_stats.h"

namespace apsp::studio {

class RunDriver {
 public:
  RunDriver(App& app, const StudioOptions& options) : m_app(app), m_options(options) {}
  /// @brief Runs to the end; returns the process exit status.
  int run();

 private:
  /// @brief The launch graph (the demo instead of a saved graph that no longer loads) and the scripted steps.
  int load_launch_graph();
  /// @brief --edit then --save-graph (run_driver_edit.cpp), before the steps; returns an exit status.
  int apply_scripted_graph_edits();
  /// @brief --select, --back, --back-phases, --back-k (after the advances); returns an exit status.
  int apply_classroom_flags();
  /// @brief --predict and its answers as Commands for the first frame (run_driver_predict.cpp); exit status 2
  /// with one line for an answer that does not fit the question.
  int apply_predict_flags();
  /// @brief --predict-results: the revealed questions and the score (throws when none was revealed).
  void write_predict_results();
  /// @brief --lesson in a batch run: opens it and renders frames until its stop is reached; returns the exit status
  /// (the graph's load error, a bad file or a stop outside the graph: one line on stderr).
  int open_launch_lesson();
  int run_batch();
  void run_interactive();
  /// @brief The session's queued work, or until a stop request, which cancels it (after the round in
  /// progress); throws InterruptedError then.
  void wait_idle_or_stop();
  /// @brief Batch runs: renders frames until the session has nothing left to do (or, stopped, cancels and
  /// throws InterruptedError).
  void frames_until_idle();
  /// @brief --heatmap-png, --timings-csv, --distances, and --screenshot's outcome; returns the exit status.
  int write_scripted_outputs();
  /// @brief --sweep in a batch run: starts it, waits without rendering (frames would take CPU from the
  /// measured solves; a stop request cancels it), renders one frame with the results, writes --sweep-csv and
  /// --sweep-chart. Returns the exit status (2 when nothing could run, the failure's status when every
  /// configuration failed).
  int run_sweep_batch();
  /// @brief --counters ROUNDS in a batch run: profiles the loaded graph (session/counters_job.h), waits, writes
  /// --counters-csv; without a GPU or CUPTI one line on stderr and exit status 2 (the other outputs still written).
  int run_counters_batch();
  /// @brief The ended sweep's --sweep-csv / --sweep-chart; returns the exit status.
  int write_sweep_outputs();
  /// @brief --export-frames / --gif: frames until the slides reached the end of the run (or a stop request).
  void run_slides();
  /// @brief --stats-view-off: the same solve again with view updates off, then on, timed by the worker.
  void measure_view_off();
  RunStats collect_stats() const;
  void log_frame_summary();
  /// @brief --stats-json, --trace, --explain-json and --log-file; returns @p status, or the first failure's
  /// status (apsp::exit_code) after a success.
  int write_exit_files(int status);
  /// @brief A run that captures the window (--screenshot, --gui-screenshot, --export-frames, --gif) needs the
  /// memory to read a frame back and encode it: throws OutOfMemoryError (exit 4), naming the size and the
  /// limit, before any graph is loaded or window made.
  void require_capture_memory() const;

  /// @brief The session's failure, if any, as one line on stderr; returns its exit status, except for a
  /// negative cycle, kept in m_stopped_by_cycle (0 returned): the run still writes its screenshot and frames.
  int report_failure(SolverSession& session);

  App& m_app;
  /// The solve stopped at a negative cycle: the run's exit status at the end; --distances is not written.
  std::optional<JobFailure> m_stopped_by_cycle;
  const StudioOptions& m_options;
  // The solve's own times (worker wall time, until the GPU finished), for --stats-json.
  std::optional<double> m_solve_first_ms;
  std::optional<double> m_solve_view_on_ms;
  std::optional<double> m_solve_view_off_ms;
  std::vector<double> m_solve_view_on_runs;
  std::vector<double> m_solve_view_off_runs;
  std::shared_ptr<QuizResults> m_quiz;  ///< --quiz played: --quiz-results is written at exit
};

}  // namespace apsp::studio
