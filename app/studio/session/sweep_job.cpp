#include "session/sweep_job.h"

namespace apsp::studio {

SweepJob::SweepJob(std::function<void()> wake) : m_wake(std::move(wake)) {}

SweepJob::~SweepJob() {
  m_cancel = true;
  if (m_thread.joinable()) m_thread.join();
}

bool SweepJob::start(const bench::SweepSpec& spec) {
  {
    std::lock_guard lock(m_mutex);
    if (m_state.running) return false;
  }
  if (m_thread.joinable()) m_thread.join();  // the previous sweep has ended; collect its thread
  {
    std::lock_guard lock(m_mutex);
    const std::uint64_t generation = m_state.generation + 1;
    m_state = SweepJobSnapshot{};
    m_state.generation = generation;
    m_state.running = true;
  }
  m_cancel = false;
  m_thread = std::thread([this, spec] { run(spec); });
  return true;
}

void SweepJob::cancel() { m_cancel = true; }

SweepJobSnapshot SweepJob::snapshot() const {
  std::lock_guard lock(m_mutex);
  return m_state;
}

bool SweepJob::running() const {
  std::lock_guard lock(m_mutex);
  return m_state.running;
}

bool SweepJob::wait_for(std::chrono::milliseconds timeout) const {
  std::unique_lock lock(m_mutex);
  return m_done.wait_for(lock, timeout, [this] { return !m_state.running; });
}

void SweepJob::changed() {
  if (m_wake) m_wake();
}

void SweepJob::run(bench::SweepSpec spec) {
  bench::SweepCallbacks callbacks;
  callbacks.cancel = &m_cancel;
  callbacks.progress = [this](const bench::SweepProgress& p) {
    {
      std::lock_guard lock(m_mutex);
      m_state.progress = p;
    }
    changed();
  };
  callbacks.result = [this](const bench::SweepResult& r) {
    {
      std::lock_guard lock(m_mutex);
      m_state.results.push_back(r);
    }
    changed();
  };
  std::optional<bench::SweepReport> report;
  std::string error;
  try {
    report = bench::run_sweep(spec, callbacks);
  } catch (const std::exception& e) {
    error = e.what();
  }
  {
    std::lock_guard lock(m_mutex);
    if (report) m_state.results = report->results;
    m_state.report = std::move(report);
    m_state.error = std::move(error);
    m_state.running = false;
  }
  m_done.notify_all();
  changed();
}

}  // namespace apsp::studio
