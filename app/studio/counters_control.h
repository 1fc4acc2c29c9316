#pragma once
// The frame's side of the hardware-counter job (session/counters_job.h): starts a profile of the loaded graph
// with the active configuration (or says in the log why not), cancels it, takes its snapshot once a frame
// (logging a profile's end once) and writes the last profile's CSV.
#include <cstdint>
#include <functional>
#include <string>

#include "session/app_state.h"
#include "session/counters_job.h"
#include "session/log.h"

namespace apsp::studio {

class CountersControl {
 public:
  /// @brief @p unavailable: why counters cannot be read on this machine ("" when they can); @p wake is called
  /// from the profile's thread when it has news (Platform::wake()).
  CountersControl(Log& log, AppState& state, std::string unavailable, std::function<void()> wake);

  CountersJob& job() { return m_job; }
  /// @brief The snapshot the frame took (update()).
  const CountersJobSnapshot& snapshot() const { return m_snapshot; }
  const std::string& unavailable() const { return m_unavailable; }
  /// @brief Once a frame: the job's snapshot; logs a profile's end once.
  void update();
  /// @brief Profiles rounds @p rounds (counters::RoundSelection syntax) of the session's graph and configuration;
  /// no playback meanwhile. Logs why not when counters are unavailable or one runs; throws UsageError without a
  /// graph or while the session works.
  void start(const std::string& rounds);
  void cancel();
  /// @brief The CSV of the last profile's report (the export context and apsp profile --csv's columns). Throws
  /// UsageError when no profile has counters.
  void export_csv(const std::string& path) const;

 private:
  Log& m_log;
  AppState& m_state;
  std::string m_unavailable;
  CountersJob m_job;
  CountersJobSnapshot m_snapshot;
  std::uint64_t m_logged = 0;  ///< generation of the last profile whose end was logged
};

}  // namespace apsp::studio
