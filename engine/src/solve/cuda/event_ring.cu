#include "solve/cuda/event_ring.cuh"

#include <apsp/device/check.cuh>

namespace apsp::cuda {

void EventRing::set_reference(cudaStream_t stream) {
  if (!m_reference) m_reference = Event::create_timed();
  APSP_CUDA_CHECK(cudaEventRecord(m_reference.get(), stream));
  m_has_reference = true;
}

int EventRing::record(cudaStream_t stream) {
  int slot;
  if (!m_free.empty()) {
    slot = m_free.back();
    m_free.pop_back();
  } else {
    m_events.push_back(Event::create_timed());
    slot = static_cast<int>(m_events.size()) - 1;
  }
  APSP_CUDA_CHECK(cudaEventRecord(m_events[static_cast<std::size_t>(slot)].get(), stream));
  return slot;
}

void EventRing::add(const PhaseSample& sample, int start, int end) { m_pending.push_back(Pending{sample, start, end}); }

void EventRing::release(int slot) { m_free.push_back(slot); }

void EventRing::collect(bool wait, const std::function<void(const PhaseSample&)>& sink) {
  if (wait && !m_pending.empty())
    APSP_CUDA_CHECK(cudaEventSynchronize(m_events[static_cast<std::size_t>(m_pending.back().end)].get()));
  while (!m_pending.empty()) {
    Pending& p = m_pending.front();
    const cudaError_t status = cudaEventQuery(m_events[static_cast<std::size_t>(p.end)].get());
    if (status == cudaErrorNotReady) break;
    APSP_CUDA_CHECK(status);
    float ms = 0;
    APSP_CUDA_CHECK(cudaEventElapsedTime(&ms, m_events[static_cast<std::size_t>(p.start)].get(),
                                         m_events[static_cast<std::size_t>(p.end)].get()));
    PhaseSample s = p.sample;
    s.ms = ms;
    if (m_has_reference) {
      float offset_ms = 0;
      APSP_CUDA_CHECK(cudaEventElapsedTime(&offset_ms, m_reference.get(), m_events[static_cast<std::size_t>(p.start)].get()));
      s.start_us = 1000.0 * offset_ms;
    }
    release(p.start);
    release(p.end);
    m_pending.pop_front();
    sink(s);
  }
}

void EventRing::clear() {
  for (const Pending& p : m_pending) {
    release(p.start);
    release(p.end);
  }
  m_pending.clear();
}

}  // namespace apsp::cuda
