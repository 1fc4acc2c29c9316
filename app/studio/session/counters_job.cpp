#include "session/counters_job.h"

#include <apsp/core/errors.h>

#include <exception>

namespace apsp::studio {

CountersJob::CountersJob(std::function<void()> wake) : m_wake(std::move(wake)) {}

CountersJob::~CountersJob() {
  cancel();
  if (m_thread.joinable()) m_thread.join();
}

bool CountersJob::start(std::shared_ptr<const Graph> graph, counters::CounterRequest request) {
  {
    std::lock_guard lock(m_mutex);
    if (m_state.running) return false;
    m_state.running = true;
    ++m_state.generation;
    m_state.done = m_state.total = 0;
    m_state.report.reset();
    m_state.error.clear();
  }
  if (m_thread.joinable()) m_thread.join();  // the previous profile's thread has ended (running was false)
  m_cancel = false;
  m_thread = std::thread([this, graph = std::move(graph), request = std::move(request)]() mutable {
    run(std::move(graph), std::move(request));
  });
  return true;
}

void CountersJob::cancel() { m_cancel = true; }

CountersJobSnapshot CountersJob::snapshot() const {
  std::lock_guard lock(m_mutex);
  return m_state;
}

bool CountersJob::wait_for(std::chrono::milliseconds timeout) const {
  std::unique_lock lock(m_mutex);
  return m_done.wait_for(lock, timeout, [&] { return !m_state.running; });
}

void CountersJob::changed() {
  if (m_wake) m_wake();
}

void CountersJob::run(std::shared_ptr<const Graph> graph, counters::CounterRequest request) {
  std::optional<counters::CounterReport> report;
  std::string error;
  try {
    if (!graph) throw UsageError("no graph loaded");
    const DistanceMatrix initial = to_distance_matrix(*graph, request.options.block, request.options.dtype);
    report = counters::collect_counters(request, initial, [this](int done, int total) {
      {
        std::lock_guard lock(m_mutex);
        m_state.done = done;
        m_state.total = total;
      }
      changed();
      return !m_cancel.load();
    });
    if (m_cancel) error = "cancelled: the phases profiled so far are shown";
  } catch (const std::exception& e) {
    error = e.what();
  }
  {
    std::lock_guard lock(m_mutex);
    m_state.running = false;
    m_state.report = std::move(report);
    m_state.error = std::move(error);
  }
  m_done.notify_all();
  changed();
}

}  // namespace apsp::studio
