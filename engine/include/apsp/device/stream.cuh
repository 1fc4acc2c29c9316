#pragma once
/// @file stream.cuh
/// @brief The one owning CUDA stream type and the one owning event type of the tree (RAII, copies deleted,
/// moves defined), for the engine's CUDA sources and CUDA-aware app code.
///
/// A CUDA header (it includes cuda_runtime.h); host headers (`*.h`) never include it.
#include <cuda_runtime.h>

namespace apsp::cuda {

/// @brief RAII cudaStream_t, non-blocking with respect to the legacy default stream; empty until create().
/// Created on the current device.
class Stream {
 public:
  Stream() = default;
  /// @param high_priority the device's greatest stream priority (its CTAs are scheduled first); otherwise the
  /// least, which is the default priority.
  static Stream create(bool high_priority = false);
  ~Stream();
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  Stream(Stream&& other) noexcept : m_stream(other.m_stream) { other.m_stream = nullptr; }
  Stream& operator=(Stream&& other) noexcept;
  cudaStream_t get() const { return m_stream; }
  explicit operator bool() const { return m_stream != nullptr; }

 private:
  cudaStream_t m_stream = nullptr;
};

/// @brief RAII cudaEvent_t; empty until create(). Created on the current device.
class Event {
 public:
  Event() = default;
  /// @brief An event without timing: orders work between streams (cudaEventDisableTiming).
  static Event create();
  /// @brief An event that can be timed with cudaEventElapsedTime.
  static Event create_timed();
  ~Event();
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  Event(Event&& other) noexcept : m_event(other.m_event) { other.m_event = nullptr; }
  Event& operator=(Event&& other) noexcept;
  cudaEvent_t get() const { return m_event; }
  explicit operator bool() const { return m_event != nullptr; }

 private:
  cudaEvent_t m_event = nullptr;
};

}  // namespace apsp::cuda
