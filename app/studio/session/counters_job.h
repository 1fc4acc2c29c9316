#pragma once
// A hardware-counter profile (apsp/report/counters.h) on a thread of its own, with a solver of its own: the
// session's solver and its timings are untouched, and the frame loop never waits (counters replay kernels and
// take seconds). Start, cancel (between phases), and a snapshot the Counters tab reads every frame.
#include <apsp/graph/graph.h>
#include <apsp/report/counters.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace apsp::studio {

/// @brief What the UI sees of a profile.
struct CountersJobSnapshot {
  bool running = false;
  std::uint64_t generation = 0;  ///< counts started profiles
  int done = 0;                  ///< phases profiled so far
  int total = 0;
  std::optional<counters::CounterReport> report;  ///< set when the last profile ended with counters
  std::string error;                              ///< why the last profile did not run or stopped, "" otherwise
};

class CountersJob {
 public:
  /// @brief @p wake is called from the profile's thread when something changed (Platform::wake()).
  explicit CountersJob(std::function<void()> wake = {});
  ~CountersJob();  ///< cancels and joins
  CountersJob(const CountersJob&) = delete;
  CountersJob& operator=(const CountersJob&) = delete;

  /// @brief Profiles @p graph with @p request unless a profile is running (then returns false).
  bool start(std::shared_ptr<const Graph> graph, counters::CounterRequest request);
  /// @brief Stops after the phase in progress; the phases measured so far are kept.
  void cancel();
  CountersJobSnapshot snapshot() const;
  /// @brief Waits up to @p timeout for the running profile to end; true when none is running.
  bool wait_for(std::chrono::milliseconds timeout) const;

 private:
  void run(std::shared_ptr<const Graph> graph, counters::CounterRequest request);
  void changed();

  std::function<void()> m_wake;
  mutable std::mutex m_mutex;
  mutable std::condition_variable m_done;
  CountersJobSnapshot m_state;
  std::atomic<bool> m_cancel{false};
  std::thread m_thread;
};

}  // namespace apsp::studio
