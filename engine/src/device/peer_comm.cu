// The CUDA peer-copy path of BandComm: each receiving band pulls the buffer on its own stream with
// cudaMemcpyPeerAsync after an event recorded on the root's stream, and the root's stream waits for every
// copy before it may touch the source again. Peer access is enabled once per device pair where the devices
// allow it (NVLink / PCIe P2P); otherwise the runtime stages the copy through host memory.
#include <apsp/core/errors.h>
#include <apsp/core/fault_injection.h>

#include <mutex>
#include <set>
#include <utility>

#include "device/band_comm.cuh"
#include <apsp/device/check.cuh>
#include <apsp/device/stream.cuh>
#include "device/buffer.cuh"

namespace apsp::cuda {

namespace {

/// Enables access from @p device to @p peer's memory. The setting belongs to the process's contexts, so it is
/// never turned off again (another solver may use it) and each pair is enabled once per process: asking again
/// returns cudaErrorPeerAccessAlreadyEnabled, harmless but reported by compute-sanitizer as an API error.
/// A pair enabled by someone else (NCCL) still answers that way once, which is accepted.
void enable_peer_access(int device, int peer) {
  static std::mutex mutex;
  static std::set<std::pair<int, int>> enabled;
  const std::lock_guard<std::mutex> lock(mutex);
  if (enabled.count({device, peer})) return;
  int can = 0;
  APSP_CUDA_CHECK(cudaDeviceCanAccessPeer(&can, device, peer));
  if (can) {
    APSP_CUDA_CHECK(cudaSetDevice(device));
    const cudaError_t status = cudaDeviceEnablePeerAccess(peer, 0);
    if (status == cudaErrorPeerAccessAlreadyEnabled)
      (void)cudaGetLastError();
    else
      APSP_CUDA_CHECK(status);
  }
  enabled.insert({device, peer});
}

class PeerComm final : public BandComm {
 public:
  explicit PeerComm(const std::vector<int>& devices) : m_devices(devices) {
    int current = 0;
    APSP_CUDA_CHECK(cudaGetDevice(&current));
    for (std::size_t a = 0; a < devices.size(); ++a)
      for (std::size_t b = 0; b < devices.size(); ++b)
        if (devices[a] != devices[b]) enable_peer_access(devices[a], devices[b]);
    for (int d : devices) {
      APSP_CUDA_CHECK(cudaSetDevice(d));
      m_ready.push_back(Event::create());
      m_done.push_back(Event::create());
    }
    APSP_CUDA_CHECK(cudaSetDevice(current));
  }

  CommPath path() const override { return CommPath::Peer; }

  void max_async(const std::vector<int*>&, const std::vector<cudaStream_t>&) override {
    throw UsageError("multi-GPU over peer copies: no maximum across processes (one process per GPU uses NCCL)");
  }

  void broadcast_async(int root, const void* src, const std::vector<void*>& dst, std::size_t bytes,
                       const std::vector<cudaStream_t>& streams) override {
    if (bytes == 0) return;
    const std::size_t r = static_cast<std::size_t>(root);
    APSP_CUDA_CHECK(cudaSetDevice(m_devices[r]));
    APSP_CUDA_CHECK(cudaEventRecord(m_ready[r].get(), streams[r]));
    for (std::size_t b = 0; b < m_devices.size(); ++b) {
      if (b == r) continue;
      APSP_CUDA_CHECK(cudaSetDevice(m_devices[b]));
      APSP_CUDA_CHECK(cudaStreamWaitEvent(streams[b], m_ready[r].get(), 0));
      const cudaError_t copied = fault_fires(FaultPoint::PeerCopy)
                                     ? cudaErrorPeerAccessUnsupported
                                     : cudaMemcpyPeerAsync(dst[b], m_devices[b], src, m_devices[r], bytes, streams[b]);
      if (copied != cudaSuccess) throw_cuda_error(copied, "cudaMemcpyPeerAsync", __FILE__, __LINE__);
      APSP_CUDA_CHECK(cudaEventRecord(m_done[b].get(), streams[b]));
    }
    APSP_CUDA_CHECK(cudaSetDevice(m_devices[r]));
    if (dst[r] != src) APSP_CUDA_CHECK(cudaMemcpyAsync(dst[r], src, bytes, cudaMemcpyDeviceToDevice, streams[r]));
    for (std::size_t b = 0; b < m_devices.size(); ++b)
      if (b != r) APSP_CUDA_CHECK(cudaStreamWaitEvent(streams[r], m_done[b].get(), 0));
  }

 private:
  std::vector<int> m_devices;
  std::vector<Event> m_ready;  ///< per band: the root's source is ready (recorded on the root's stream)
  std::vector<Event> m_done;   ///< per band: this band's copy has landed
};

}  // namespace

std::unique_ptr<BandComm> make_peer_comm(const std::vector<int>& devices) {
  return std::make_unique<PeerComm>(devices);
}

}  // namespace apsp::cuda
