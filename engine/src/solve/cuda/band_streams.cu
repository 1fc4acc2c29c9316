#include "solve/cuda/band_streams.cuh"

#include <apsp/device/check.cuh>

namespace apsp::cuda {

BandStreams BandStreams::create(bool with_comm) {
  BandStreams b;
  b.m_main = Stream::create();
  b.m_aux = Stream::create(/*high_priority=*/true);
  if (with_comm) b.m_comm = Stream::create(/*high_priority=*/true);
  b.m_main_mark = Event::create();
  b.m_aux_mark = Event::create();
  if (with_comm) {
    b.m_send_mark = Event::create();
    b.m_comm_mark = Event::create();
  }
  b.m_rest_done = Event::create();
  return b;
}

void BandStreams::clear() { m_main_dirty = m_aux_dirty = m_comm_dirty = m_rest_pending = false; }

void BandStreams::aux_after_main() {
  if (!m_main_dirty) return;
  APSP_CUDA_CHECK(cudaEventRecord(m_main_mark.get(), m_main.get()));
  APSP_CUDA_CHECK(cudaStreamWaitEvent(m_aux.get(), m_main_mark.get(), 0));
  m_main_dirty = false;
}

void BandStreams::main_after_aux() {
  if (!m_aux_dirty) return;
  APSP_CUDA_CHECK(cudaEventRecord(m_aux_mark.get(), m_aux.get()));
  APSP_CUDA_CHECK(cudaStreamWaitEvent(m_main.get(), m_aux_mark.get(), 0));
  m_aux_dirty = false;
}

void BandStreams::main_after_comm() {
  if (!m_comm_dirty) return;
  APSP_CUDA_CHECK(cudaEventRecord(m_comm_mark.get(), m_comm.get()));
  APSP_CUDA_CHECK(cudaStreamWaitEvent(m_main.get(), m_comm_mark.get(), 0));
  m_comm_dirty = false;
}

void BandStreams::aux_after_comm() {
  APSP_CUDA_CHECK(cudaEventRecord(m_comm_mark.get(), m_comm.get()));
  APSP_CUDA_CHECK(cudaStreamWaitEvent(m_aux.get(), m_comm_mark.get(), 0));
}

void BandStreams::comm_after_aux() {
  APSP_CUDA_CHECK(cudaEventRecord(m_send_mark.get(), m_aux.get()));
  APSP_CUDA_CHECK(cudaStreamWaitEvent(m_comm.get(), m_send_mark.get(), 0));
}

void BandStreams::comm_after_main() {
  APSP_CUDA_CHECK(cudaEventRecord(m_main_mark.get(), m_main.get()));
  APSP_CUDA_CHECK(cudaStreamWaitEvent(m_comm.get(), m_main_mark.get(), 0));
}

void BandStreams::rest_done_on_main() {
  APSP_CUDA_CHECK(cudaEventRecord(m_rest_done.get(), m_main.get()));
  m_rest_pending = true;
}

void BandStreams::aux_after_rest() {
  if (m_rest_pending) APSP_CUDA_CHECK(cudaStreamWaitEvent(m_aux.get(), m_rest_done.get(), 0));
}

void BandStreams::synchronize() {
  APSP_CUDA_CHECK(cudaStreamSynchronize(m_main.get()));
  APSP_CUDA_CHECK(cudaStreamSynchronize(m_aux.get()));
  if (m_comm) APSP_CUDA_CHECK(cudaStreamSynchronize(m_comm.get()));
}

void BandStreams::drain() noexcept {
  if (m_main) (void)cudaStreamSynchronize(m_main.get());
  if (m_aux) (void)cudaStreamSynchronize(m_aux.get());
  if (m_comm) (void)cudaStreamSynchronize(m_comm.get());
}

}  // namespace apsp::cuda
