#pragma once
// A sweep (apsp/bench/sweep.h) running on a thread of its own, so the frame loop never waits for it: start,
// cancel (between solves), and a snapshot of where it stands that the UI reads every frame.
#include <apsp/bench/sweep.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace apsp::studio {

/// @brief What the UI sees of a sweep.
struct SweepJobSnapshot {
  bool running = false;
  std::uint64_t generation = 0;  ///< counts started sweeps (a new one replaces the results)
  bench::SweepProgress progress;
  std::vector<bench::SweepResult> results;   ///< so far; the final ones (ratios, best) once finished
  std::optional<bench::SweepReport> report;  ///< set when the sweep ended (finished or cancelled)
  std::string error;                         ///< why it did not run (a bad spec), "" otherwise
};

class SweepJob {
 public:
  /// @brief @p wake is called (from the sweep's thread) whenever something changed, so an idle frame loop
  /// renders the news (Platform::wake()).
  explicit SweepJob(std::function<void()> wake = {});
  ~SweepJob();  ///< cancels and joins
  SweepJob(const SweepJob&) = delete;
  SweepJob& operator=(const SweepJob&) = delete;

  /// @brief Starts @p spec unless one is running (then returns false). A spec the sweep rejects ends at once
  /// with SweepJobSnapshot::error set.
  bool start(const bench::SweepSpec& spec);
  /// @brief Asks the running sweep to stop after the solve in progress; what is measured is kept.
  void cancel();
  SweepJobSnapshot snapshot() const;
  bool running() const;
  /// @brief Waits up to @p timeout for the running sweep to end; true when none is running.
  bool wait_for(std::chrono::milliseconds timeout) const;

 private:
  void run(bench::SweepSpec spec);
  void changed();

  std::function<void()> m_wake;
  mutable std::mutex m_mutex;
  mutable std::condition_variable m_done;
  SweepJobSnapshot m_state;
  std::atomic<bool> m_cancel{false};
  std::thread m_thread;
};

}  // namespace apsp::studio
