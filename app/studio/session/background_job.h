#pragma once
// One piece of work on a thread of its own, so the frame loop never waits for it: start (unless one runs),
// cancel (the work polls the flag between its steps), and a copy of where it stands that the UI reads every
// frame. The sweep (sweep_job.h) and the hardware-counter profile (counters_job.h) are its two uses.
//
// Snapshot is what the UI sees; it has `bool running` and `std::uint64_t generation` (counts started jobs: a
// new one replaces the last one's results, and the frame logs each ending once).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

namespace apsp::studio {

template <class Snapshot>
class BackgroundJob {
 public:
  /// @brief What the work writes into the snapshot as it ends, under the same lock that clears `running`: the
  /// UI never sees an ended job's results while it still runs, nor a finished job without them.
  using Ending = std::function<void(Snapshot&)>;
  /// @brief The work, on the job's thread; it reports through update(), polls cancel_requested() and returns
  /// its Ending.
  using Work = std::function<Ending()>;

  /// @brief @p wake is called from the job's thread whenever something changed, so an idle frame loop renders
  /// the news (Platform::wake()).
  explicit BackgroundJob(std::function<void()> wake = {}) : m_wake(std::move(wake)) {}
  ~BackgroundJob() {  // cancels and joins
    cancel();
    if (m_thread.joinable()) m_thread.join();
  }
  BackgroundJob(const BackgroundJob&) = delete;
  BackgroundJob& operator=(const BackgroundJob&) = delete;

  /// @brief Starts @p work on a fresh snapshot (the next generation) unless a job is running (then false).
  bool start(Work work) {
    {
      std::lock_guard lock(m_mutex);
      if (m_state.running) return false;
    }
    if (m_thread.joinable()) m_thread.join();  // the previous job has ended; collect its thread
    {
      std::lock_guard lock(m_mutex);
      const std::uint64_t generation = m_state.generation + 1;
      m_state = Snapshot{};
      m_state.generation = generation;
      m_state.running = true;
    }
    m_cancel = false;
    m_thread = std::thread([this, work = std::move(work)] { finish(work()); });
    return true;
  }

  /// @brief Asks the running work to stop at its next check; what it measured so far is kept.
  void cancel() { m_cancel = true; }
  bool cancel_requested() const { return m_cancel.load(); }
  /// @brief The flag itself, for engine loops that poll an std::atomic<bool> (bench::SweepCallbacks::cancel).
  const std::atomic<bool>* cancel_flag() const { return &m_cancel; }

  Snapshot snapshot() const {
    std::lock_guard lock(m_mutex);
    return m_state;
  }
  bool running() const {
    std::lock_guard lock(m_mutex);
    return m_state.running;
  }
  /// @brief Waits up to @p timeout for the running job to end; true when none is running.
  bool wait_for(std::chrono::milliseconds timeout) const {
    std::unique_lock lock(m_mutex);
    return m_done.wait_for(lock, timeout, [this] { return !m_state.running; });
  }

  /// @brief From the work: @p change applied to the snapshot under its lock, then the wake-up.
  template <class Change>
  void update(Change&& change) {
    {
      std::lock_guard lock(m_mutex);
      change(m_state);
    }
    wake();
  }

 private:
  void finish(const Ending& ending) {
    {
      std::lock_guard lock(m_mutex);
      if (ending) ending(m_state);
      m_state.running = false;
    }
    m_done.notify_all();
    wake();
  }
  void wake() {
    if (m_wake) m_wake();
  }

  std::function<void()> m_wake;
  mutable std::mutex m_mutex;
  mutable std::condition_variable m_done;
  Snapshot m_state;
  std::atomic<bool> m_cancel{false};
  std::thread m_thread;
};

}  // namespace apsp::studio
