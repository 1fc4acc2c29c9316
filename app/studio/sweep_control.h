#pragma once
// The frame's side of the sweep job (session/sweep_job.h): starts and cancels it with a line in the log, takes
// its snapshot once a frame (logging a sweep's end once and recording its results in the run history) and writes
// the ended sweep's files.
#include <apsp/bench/sweep.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "session/app_state.h"
#include "session/commands.h"
#include "session/log.h"
#include "session/sweep_job.h"

namespace apsp::studio {

class SweepControl {
 public:
  /// @brief @p wake is called from the sweep's thread when it has news (Platform::wake()).
  SweepControl(Log& log, AppState& state, std::function<void()> wake);

  SweepJob& job() { return m_job; }
  /// @brief The snapshot the frame took (update()).
  const SweepJobSnapshot& snapshot() const { return m_snapshot; }
  /// @brief Once a frame: the job's snapshot; logs a sweep's end (or why it did not run) once.
  void update();
  /// @brief Starts @p spec, or says in the log that a sweep is already running.
  void start(const bench::SweepSpec& spec);
  void cancel();
  /// @brief @p files of the sweep that ended last (update()'s snapshot). Throws UsageError when none ended.
  void export_files(const CmdExportSweep& files);
  /// @brief @p files of @p report; an empty path is skipped. Throws.
  void export_files(const bench::SweepReport& report, const CmdExportSweep& files);

 private:
  Log& m_log;
  AppState& m_state;
  SweepJob m_job;
  SweepJobSnapshot m_snapshot;
  std::uint64_t m_logged = 0;  ///< generation of the last sweep whose end was logged
  /// The run-history ids of that sweep's results, in order ("-" where not recorded), for its results CSV.
  std::vector<std::string> m_run_ids;

  /// Appends the ended sweep's results to the run history (as apsp bench does) and keeps their ids.
  void record_runs(const bench::SweepReport& report);
};

}  // namespace apsp::studio
