#include "session/job_queue.h"

namespace apsp::studio {

JobQueue::JobQueue(FailureHandler on_failure, FinishedHandler on_finished)
    : m_on_failure(std::move(on_failure)), m_on_finished(std::move(on_finished)) {
  m_thread = std::thread([this] { worker_main(); });
}

JobQueue::~JobQueue() { stop(); }

void JobQueue::stop() {
  {
    std::lock_guard lock(m_mutex);
    m_stop = true;
    m_jobs.clear();
  }
  m_cancel = true;
  m_work.notify_all();
  if (m_thread.joinable()) m_thread.join();
}

void JobQueue::post(std::string what, std::function<void()> job) {
  {
    std::lock_guard lock(m_mutex);
    m_jobs.emplace_back(std::move(what), std::move(job));
  }
  m_work.notify_one();
}

void JobQueue::cancel() {
  {
    std::lock_guard lock(m_mutex);
    m_jobs.clear();
  }
  m_cancel = true;
  // The flag must be cleared only after the running job saw it: a job queued behind it does that.
  post("resume", [this] { m_cancel = false; });
}

void JobQueue::worker_main() {
  for (;;) {
    std::pair<std::string, std::function<void()>> job;
    {
      std::unique_lock lock(m_mutex);
      m_work.wait(lock, [&] { return m_stop || !m_jobs.empty(); });
      if (m_stop) return;
      job = std::move(m_jobs.front());
      m_jobs.pop_front();
      m_running = true;
      m_activity = job.first;
    }
    try {
      job.second();
    } catch (const std::exception& e) {
      m_on_failure(job.first, e);
    }
    {
      std::lock_guard lock(m_mutex);
      m_running = false;
      m_activity.clear();
    }
    m_on_finished();
    m_idle.notify_all();
    wake();
  }
}

void JobQueue::wait_idle() {
  std::unique_lock lock(m_mutex);
  m_idle.wait(lock, [&] { return idle_locked(); });
}

bool JobQueue::wait_idle_for(std::chrono::milliseconds timeout) {
  std::unique_lock lock(m_mutex);
  return m_idle.wait_for(lock, timeout, [&] { return idle_locked(); });
}

bool JobQueue::idle() const {
  std::lock_guard lock(m_mutex);
  return idle_locked();
}

std::size_t JobQueue::pending() const {
  std::lock_guard lock(m_mutex);
  return m_jobs.size() + (m_running ? 1 : 0);
}

std::string JobQueue::activity() const {
  std::lock_guard lock(m_mutex);
  return m_activity;
}

void JobQueue::set_wake_callback(std::function<void()> wake) {
  std::lock_guard lock(m_wake_mutex);
  m_wake_callback = std::move(wake);
}

void JobQueue::wake() {
  std::lock_guard lock(m_wake_mutex);
  if (m_wake_callback) m_wake_callback();
}

}  // namespace apsp::studio
