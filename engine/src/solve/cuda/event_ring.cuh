#pragma once
// Pending CUDA-event pairs of the profile: samples are read only once their end event has completed, so the
// GUI never stalls on a long kernel to fill its plots.
#include <apsp/device/stream.cuh>
#include <apsp/profile/profile.h>

#include <deque>
#include <functional>
#include <vector>

namespace apsp::cuda {

class EventRing {
 public:
  EventRing() = default;
  EventRing(const EventRing&) = delete;
  EventRing& operator=(const EventRing&) = delete;

  /// @brief Records the time reference of the samples that follow on @p stream (call it on an idle device, at
  /// load: then every device's reference stands for about the same host instant, and their axes line up).
  void set_reference(cudaStream_t stream);
  /// @brief Records an event on @p stream and returns its slot.
  int record(cudaStream_t stream);
  /// @brief Queues @p sample, to be timed as the interval between the events in slots @p start and @p end.
  void add(const PhaseSample& sample, int start, int end);
  /// @brief Hands every sample whose end event has completed (in issue order) to @p sink; with @p wait,
  /// waits for the last one first. Recycles the events. Fills each sample's ms and, after set_reference(),
  /// start_us.
  void collect(bool wait, const std::function<void(const PhaseSample&)>& sink);
  /// @brief Drops every pending sample (after a reset); the caller has synchronized the stream.
  void clear();
  std::size_t pending() const { return m_pending.size(); }

 private:
  struct Pending {
    PhaseSample sample;
    int start;
    int end;
  };
  void release(int slot);
  std::vector<Event> m_events;  ///< timed events, reused through m_free
  std::vector<int> m_free;
  std::deque<Pending> m_pending;
  Event m_reference;  ///< start_us is measured from it; created by the first set_reference()
  bool m_has_reference = false;
};

}  // namespace apsp::cuda
