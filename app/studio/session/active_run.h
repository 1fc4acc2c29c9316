#pragma once
// The solve the session is running: a Floyd–Warshall solver with its classroom (DenseRun) or a sparse solver's
// rows (SparseActiveRun). The session's jobs ask the active run; none of them asks which kind it is.
#include <apsp/solve/measure.h>
#include <apsp/solve/solver.h>
#include <apsp/teach/time_travel.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "session/inspection.h"
#include "session/load_progress.h"
#include "session/log.h"
#include "session/session_types.h"
#include "session/view_publisher.h"

namespace apsp::studio {

/// @brief The wall times the snapshot reports: the last step job's, and the last whole run's from the start.
struct RunTimes {
  double last_step_ms = 0;
  double last_run_to_end_ms = 0;
  RunToEndTimes last_run;
};

/// @brief What a run uses of the session while one of its jobs runs (all on the worker thread).
struct RunContext {
  Log& log;
  ViewPublisher& views;
  const std::atomic<bool>& cancel;
  /// A new snapshot for the frame loop; with_view: also a new view of the run.
  std::function<void(bool with_view)> publish;
  int cpu_threads = 0;  ///< CPU threads of a configuration that names none (0: all cores)
  RunTimes& times;
  /// The running load's steps (read, build, upload, ...); writes outside a load are ignored.
  LoadProgress& load;

  bool cancelled() const { return cancel.load(); }
  int threads_for(const SolverConfig& config) const { return config.threads > 0 ? config.threads : cpu_threads; }
};

class ActiveRun {
 public:
  virtual ~ActiveRun() = default;

  /// @brief The configuration as it runs (block sizes and GPU counts made effective).
  virtual const SolverConfig& config() const = 0;
  /// @brief How the log names this solver ("cpu-blocked, block 32, i32").
  virtual std::string describe() const = 0;
  /// @brief The host bytes of its result (GraphSummary::matrix_bytes).
  virtual std::uint64_t result_bytes() const = 0;
  /// @brief It became the session's run (it takes or gives up the classroom).
  virtual void installed() = 0;

  /// @brief @p count steps of granularity @p g (fewer when it finishes first or is cancelled).
  virtual void step(Granularity g, int count) = 0;
  /// @brief To the end, publishing as it goes; a cancel stops it between rounds or batches.
  virtual void run_to_end() = 0;
  /// @brief Times the configuration as `apsp bench` does, on a solver of its own.
  virtual MeasureRecord measure(const MeasureOptions& options) = 0;
  /// @brief Back to the start on the same graph.
  virtual void reset() = 0;
  // Time travel (apsp/teach/time_travel.h): only where there is a history to travel.
  virtual void back(teach::TravelUnit unit, int count) = 0;
  virtual void seek(std::size_t index) = 0;
  /// @brief Runs @p body on the solver and its time travel (quiz questions move, step and read through them);
  /// with @p mark_last_step the view then marks what the step @p body took last changed, as after a step.
  /// UsageError where there is no history to travel (a sparse solver).
  virtual void travel_with(const std::function<void(Solver&, teach::TimeTravel&)>& body, bool mark_last_step) = 0;
  /// @brief A negative cycle stopped the solve: the classroom shows it.
  virtual void found_negative_cycle(NegativeCycleFinding /*cycle*/) {}
  /// @brief The selected cell's relaxation and paths, for the next snapshot; @p inspection stays as it was when
  /// they cannot be computed now.
  virtual void update_inspection(Inspection& inspection) { inspection = Inspection{}; }

  virtual void save_distances(const std::string& path) = 0;
  /// @brief A view of the current state; null when there is nothing to show.
  virtual std::shared_ptr<const ViewFrame> view() = 0;
  virtual void view_updates_changed(bool /*on*/) {}
  /// @brief Its part of the snapshot: cursor, size, samples, device, sparse rows.
  virtual void fill(SessionSnapshot& s) const = 0;
};

}  // namespace apsp::studio
