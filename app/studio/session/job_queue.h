#pragma once
// The session's one worker thread and its queue: jobs run one after another in the order posted, so a job
// never races another over the solver. A job that throws is a failure (logged by the owner's handler, kept for
// scripted runs); the queue goes on with the next job.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

namespace apsp::studio {

class JobQueue {
 public:
  /// @brief Runs on the worker thread when a job threw, with the job's name.
  using FailureHandler = std::function<void(const std::string& job, const std::exception& e)>;
  /// @brief Runs on the worker thread after every job, failed or not.
  using FinishedHandler = std::function<void()>;

  JobQueue(FailureHandler on_failure, FinishedHandler on_finished);
  /// @brief stop().
  ~JobQueue();
  JobQueue(const JobQueue&) = delete;
  JobQueue& operator=(const JobQueue&) = delete;

  void post(std::string what, std::function<void()> job);
  /// @brief Drops the queued jobs, raises the cancel flag for the running one and joins the thread. The owner
  /// calls it before its own state goes, while the running job may still publish through this queue.
  void stop();
  /// @brief Drops queued work and raises cancelled() until the running job ended (a job queued behind it
  /// lowers the flag again, so the jobs posted after the cancel run normally).
  void cancel();
  /// @brief The flag long jobs poll between their steps (engine loaders take it as their cancel pointer).
  const std::atomic<bool>& cancel_flag() const { return m_cancel; }
  bool cancelled() const { return m_cancel.load(); }

  void wait_idle();
  bool wait_idle_for(std::chrono::milliseconds timeout);
  bool idle() const;
  /// @brief Jobs waiting or running.
  std::size_t pending() const;
  /// @brief The running job's name; empty when none runs.
  std::string activity() const;

  /// @brief Called on the worker thread whenever the owner published something or a job finished; nullptr
  /// clears it, and once that call returned the old one is never called again.
  void set_wake_callback(std::function<void()> wake);
  void wake();

 private:
  void worker_main();
  bool idle_locked() const { return m_jobs.empty() && !m_running; }

  FailureHandler m_on_failure;
  FinishedHandler m_on_finished;
  mutable std::mutex m_mutex;
  std::condition_variable m_work;
  std::condition_variable m_idle;
  std::deque<std::pair<std::string, std::function<void()>>> m_jobs;
  std::string m_activity;
  bool m_running = false;
  bool m_stop = false;
  std::atomic<bool> m_cancel{false};
  std::mutex m_wake_mutex;  ///< held while the wake callback runs, so clearing it waits for a call in flight
  std::function<void()> m_wake_callback;
  std::thread m_thread;  // last: started once everything above exists
};

}  // namespace apsp::studio
