// The NCCL path of BandComm: one communicator per device, created together by ncclCommInitAll in this
// process, and one ncclBroadcast per band inside ncclGroupStart/End (one thread drives every device, so
// without the group the first call would wait for ranks that are never reached).
#include <apsp/core/errors.h>
#include <apsp/core/fault_injection.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include <apsp/device/process_group.h>

#include "device/band_comm.cuh"
#include <apsp/device/check.cuh>

#if APSP_WITH_NCCL
#include <nccl.h>
#endif

namespace apsp::cuda {

std::string_view to_string(CommPath path) { return path == CommPath::Nccl ? "nccl" : "peer"; }

bool nccl_compiled() {
#if APSP_WITH_NCCL
  return true;
#else
  return false;
#endif
}

#if APSP_WITH_NCCL

namespace {

[[noreturn]] void throw_nccl_error(ncclResult_t status, const char* expr, const char* file, int line) {
  const char* base = std::strrchr(file, '/');
  std::string what = std::string(base ? base + 1 : file) + ":" + std::to_string(line) + ": " + expr +
                     " failed: " + ncclGetErrorString(status);
  const char* last = ncclGetLastError(nullptr);
  if (last && *last) what += std::string(" (") + last + ")";
  throw Error(what);
}

#define APSP_NCCL_CHECK(expr)                                                                             \
  do {                                                                                                    \
    const ncclResult_t apsp_nccl_status_ = (expr);                                                        \
    if (apsp_nccl_status_ != ncclSuccess) throw_nccl_error(apsp_nccl_status_, #expr, __FILE__, __LINE__); \
  } while (0)

class NcclComm final : public BandComm {
 public:
  explicit NcclComm(const std::vector<int>& devices) : m_comms(devices.size(), nullptr) {
    std::vector<int> sorted = devices;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
      throw UsageError("multi-GPU over NCCL needs distinct devices (one rank per GPU)");
    // NVLink multicast (NVLS) stays off whatever the environment says; NCCL reads this at its first init.
    setenv("NCCL_NVLS_ENABLE", "0", 1);
    int current = 0;
    APSP_CUDA_CHECK(cudaGetDevice(&current));
    const ncclResult_t status = fault_fires(FaultPoint::NcclInit)
                                    ? ncclSystemError
                                    : ncclCommInitAll(m_comms.data(), static_cast<int>(devices.size()), devices.data());
    (void)cudaSetDevice(current);  // NCCL may leave another device current
    if (status != ncclSuccess) {
      m_comms.clear();
      throw_nccl_error(status, "ncclCommInitAll", __FILE__, __LINE__);
    }
  }

  ~NcclComm() override {
    // Every stream using the communicators has been synchronized by the owner. ncclCommDestroy of the
    // communicators of one ncclCommInitAll from one thread frees the shared resources with the last one.
    for (ncclComm_t c : m_comms)
      if (c) (void)ncclCommDestroy(c);
  }

  CommPath path() const override { return CommPath::Nccl; }

  void broadcast_async(int root, const void* src, const std::vector<void*>& dst, std::size_t bytes,
                       const std::vector<cudaStream_t>& streams) override {
    if (bytes == 0) return;
    APSP_NCCL_CHECK(ncclGroupStart());
    ncclResult_t failed = ncclSuccess;
    for (std::size_t b = 0; b < m_comms.size() && failed == ncclSuccess; ++b) {
      const void* send = static_cast<int>(b) == root ? src : dst[b];  // ignored on non-root ranks
      failed = ncclBroadcast(send, dst[b], bytes, ncclUint8, root, m_comms[b], streams[b]);
    }
    const ncclResult_t ended = ncclGroupEnd();  // always close the group, even after a failed call
    if (failed != ncclSuccess) throw_nccl_error(failed, "ncclBroadcast", __FILE__, __LINE__);
    if (ended != ncclSuccess) throw_nccl_error(ended, "ncclGroupEnd", __FILE__, __LINE__);
  }

 private:
  std::vector<ncclComm_t> m_comms;
};

}  // namespace

std::unique_ptr<BandComm> make_nccl_comm(const std::vector<int>& devices) {
  return std::make_unique<NcclComm>(devices);
}

}  // namespace apsp::cuda

namespace apsp {
std::vector<unsigned char> make_nccl_unique_id() {
  ncclUniqueId id;
  const ncclResult_t status = ncclGetUniqueId(&id);
  if (status != ncclSuccess) cuda::throw_nccl_error(status, "ncclGetUniqueId", __FILE__, __LINE__);
  const auto* bytes = reinterpret_cast<const unsigned char*>(id.internal);
  return std::vector<unsigned char>(bytes, bytes + sizeof(id.internal));
}
}  // namespace apsp

namespace apsp::cuda {

#else

std::unique_ptr<BandComm> make_nccl_comm(const std::vector<int>&) {
  throw UnavailableError("multi-GPU over NCCL: this build has no NCCL (use APSP_MULTI_GPU_COMM=peer)");
}

}  // namespace apsp::cuda

namespace apsp {
std::vector<unsigned char> make_nccl_unique_id() {
  throw UnavailableError("one process per GPU: this build has no NCCL");
}
}  // namespace apsp

namespace apsp::cuda {

#endif

}  // namespace apsp::cuda
