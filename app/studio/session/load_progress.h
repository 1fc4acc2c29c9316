#pragma once
// The steps of a load as they happen (read or generate, build, upload, warm-up, first view), for the status line
// while it runs and for the log line that sums it up. The worker writes, the frame loop reads a copy.
#include <apsp/solve/solver.h>

#include <chrono>
#include <mutex>
#include <string>
#include <vector>

namespace apsp::studio {

struct LoadStep {
  std::string name;          ///< "read", "generate", "build on the host", "upload", "warm-up", ...
  double ms = 0;             ///< its time once done
  std::uint64_t bytes = 0;   ///< what it moved, where that is known (the upload); 0: not said
  bool done = false;
};

/// @brief One load's steps: those done with their times, then at most one running.
struct LoadStatus {
  std::string what;                ///< the source's label
  std::vector<LoadStep> steps;     ///< in the order they ran
  bool running = false;            ///< false once the load ended (its steps stay until the next load)
  int planned = 0;                 ///< the steps the load expects in all, as the steps go (0: not said)
  std::chrono::steady_clock::time_point started;       ///< of the load
  std::chrono::steady_clock::time_point step_started;  ///< of the running step

  /// @brief The running step, or null.
  const LoadStep* current() const { return running && !steps.empty() && !steps.back().done ? &steps.back() : nullptr; }
  /// @brief Time of the steps done.
  double done_ms() const;
};

/// @brief "read 120 ms, build on the host 300 ms, upload 52 ms (64 MiB), first view 8 ms": the steps done.
std::string describe_steps(const LoadStatus& status);

class LoadProgress {
 public:
  /// @brief A new load of @p what: the last one's steps go.
  void begin(std::string what);
  /// @brief The load expects @p steps steps in all (for a progress bar's share).
  void plan(int steps);
  /// @brief @p name starts; the running step (if any) is done.
  void start(std::string name);
  /// @brief The running step is done, and replaced by @p parts when not empty (a step that is timed inside
  /// in more detail, such as a reset's build and upload).
  void end_step(std::vector<LoadStep> parts = {});
  /// @brief The load ended (built or failed): the running step is done and nothing runs.
  void finish();
  LoadStatus status() const;

 private:
  void end_running_locked(std::chrono::steady_clock::time_point now);

  mutable std::mutex m_mutex;
  LoadStatus m_status;
};

/// @brief Finishes a load's progress when its job leaves, built, failed or cancelled.
struct LoadEnd {
  LoadProgress& progress;
  ~LoadEnd() { progress.finish(); }
};

/// @brief A finished load's breakdown for the log's "loaded" line, as `apsp solve -v` gives it: "generate 1.2 s,
/// build on the host 300 ms, upload 52 ms (64 MiB), first view 8 ms; 1.6 s in all".
std::string describe_load(const LoadStatus& status);

/// @brief The build and upload steps of @p times, a reset's (Solver::load_times()).
std::vector<LoadStep> reset_steps(const Solver::LoadTimes& times);

}  // namespace apsp::studio
