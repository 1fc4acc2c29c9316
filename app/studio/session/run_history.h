#pragma once
// The studio's side of the run history (README "Run history", app/studio/README.md "History"): the runs read
// at start, each finished GUI run appended (once, when the solve reached its end with a usable result and the
// worker is idle), and the baseline every run is compared against. Written by the App alone.
#include <apsp/history/run_record.h>
#include <apsp/device/device_info.h>

#include <string>
#include <vector>

namespace apsp::studio {

class Log;
struct SessionSnapshot;

struct RunHistoryState {
  bool enabled = true;           ///< false: --no-history or APSP_HISTORY=off (nothing is appended)
  std::vector<RunRecord> runs;   ///< oldest first: the file's runs, then this session's
  std::string baseline_id;       ///< kept in the settings; "" for none
  std::string last_recorded_id;  ///< the run the last export names ("" before one finished)
};

/// @brief What a GUI run is: a record from the snapshot's samples. Wall time: the busiest device's compute
/// time (the GUI's own wall clock includes the pauses a user made between steps). @p devices: the facts the App
/// read at start (querying CUDA again from the frame loop would stall a frame).
RunRecord gui_run_record(const SessionSnapshot& snapshot, int cpu_threads, const std::vector<DeviceInfo>& devices);

/// @brief Watches snapshots and appends a record when a solve reaches its end.
class RunRecorder {
 public:
  /// @brief Reads the runs file into @p state (skipped lines become warnings in @p log).
  void load(RunHistoryState& state, Log& log) const;
  /// @brief Call once per frame: appends (and adds to @p state) a run that just finished.
  void update(const SessionSnapshot& snapshot, int cpu_threads, const std::vector<DeviceInfo>& devices,
              RunHistoryState& state, Log& log);

 private:
  bool m_recorded = false;  ///< the current solve's end was already recorded
};

}  // namespace apsp::studio
