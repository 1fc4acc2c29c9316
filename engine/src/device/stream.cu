#include <apsp/device/check.cuh>
#include <apsp/device/stream.cuh>

#include <utility>

namespace apsp::cuda {

Stream Stream::create(bool high_priority) {
  Stream s;
  int least = 0, greatest = 0;
  APSP_CUDA_CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  APSP_CUDA_CHECK(cudaStreamCreateWithPriority(&s.m_stream, cudaStreamNonBlocking, high_priority ? greatest : least));
  return s;
}

Stream::~Stream() {
  if (m_stream) (void)cudaStreamDestroy(m_stream);
}

Stream& Stream::operator=(Stream&& other) noexcept {
  if (this != &other) {
    if (m_stream) (void)cudaStreamDestroy(m_stream);
    m_stream = std::exchange(other.m_stream, nullptr);
  }
  return *this;
}

Event Event::create() {
  Event e;
  APSP_CUDA_CHECK(cudaEventCreateWithFlags(&e.m_event, cudaEventDisableTiming));
  return e;
}

Event Event::create_timed() {
  Event e;
  APSP_CUDA_CHECK(cudaEventCreate(&e.m_event));
  return e;
}

Event::~Event() {
  if (m_event) (void)cudaEventDestroy(m_event);
}

Event& Event::operator=(Event&& other) noexcept {
  if (this != &other) {
    if (m_event) (void)cudaEventDestroy(m_event);
    m_event = std::exchange(other.m_event, nullptr);
  }
  return *this;
}

}  // namespace apsp::cuda
