// The NCCL paths of BandComm. In one process: one communicator per device, created together by
// ncclCommInitAll, and one ncclBroadcast per band inside ncclGroupStart/End (one thread drives every device,
// so without the group the first call would wait for ranks that are never reached). One process per GPU:
// this process's rank of a communicator from ncclCommInitRank; the band number is the NCCL rank.
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

/// NVLink multicast (NVLS) stays off whatever the environment says; NCCL reads this at its first init.
void disable_nvls() { setenv("NCCL_NVLS_ENABLE", "0", 1); }

class NcclComm final : public BandComm {
 public:
  explicit NcclComm(const std::vector<int>& devices) : m_comms(devices.size(), nullptr) {
    std::vector<int> sorted = devices;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
      throw UsageError("multi-GPU over NCCL needs distinct devices (one rank per GPU)");
    disable_nvls();
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

  void max_async(const std::vector<int*>& values, const std::vector<cudaStream_t>& streams) override {
    APSP_NCCL_CHECK(ncclGroupStart());
    ncclResult_t failed = ncclSuccess;
    for (std::size_t b = 0; b < m_comms.size() && failed == ncclSuccess; ++b)
      failed = ncclAllReduce(values[b], values[b], 1, ncclInt32, ncclMax, m_comms[b], streams[b]);
    const ncclResult_t ended = ncclGroupEnd();
    if (failed != ncclSuccess) throw_nccl_error(failed, "ncclAllReduce", __FILE__, __LINE__);
    if (ended != ncclSuccess) throw_nccl_error(ended, "ncclGroupEnd", __FILE__, __LINE__);
  }

 private:
  std::vector<ncclComm_t> m_comms;
};

/// One rank per process: the collectives are issued by every process in the same order (the solver's step
/// loop is the same on every rank), each process for its one band.
class NcclRankComm final : public BandComm {
 public:
  explicit NcclRankComm(const ProcessGroup& group) : m_rank(group.rank) {
    ncclUniqueId id;
    if (group.nccl_id.size() != sizeof(id.internal))
      throw UsageError("one process per GPU: the NCCL id has " + std::to_string(group.nccl_id.size()) +
                       " bytes, NCCL needs " + std::to_string(sizeof(id.internal)));
    if (group.world < 1 || group.rank < 0 || group.rank >= group.world)
      throw UsageError("one process per GPU: rank " + std::to_string(group.rank) + " of " +
                       std::to_string(group.world) + " is not a rank");
    std::memcpy(id.internal, group.nccl_id.data(), sizeof(id.internal));
    disable_nvls();
    const ncclResult_t status = fault_fires(FaultPoint::NcclInit) ? ncclSystemError
                                                                  : ncclCommInitRank(&m_comm, group.world, id, group.rank);
    if (status != ncclSuccess) {
      m_comm = nullptr;
      throw_nccl_error(status, "ncclCommInitRank", __FILE__, __LINE__);
    }
  }

  ~NcclRankComm() override {
    if (m_comm) (void)ncclCommDestroy(m_comm);
  }

  CommPath path() const override { return CommPath::Nccl; }

  void broadcast_async(int root, const void* src, const std::vector<void*>& dst, std::size_t bytes,
                       const std::vector<cudaStream_t>& streams) override {
    if (bytes == 0) return;
    const void* send = root == m_rank ? src : dst[0];  // ignored on non-root ranks
    APSP_NCCL_CHECK(ncclBroadcast(send, dst[0], bytes, ncclUint8, root, m_comm, streams[0]));
  }

  void max_async(const std::vector<int*>& values, const std::vector<cudaStream_t>& streams) override {
    APSP_NCCL_CHECK(ncclAllReduce(values[0], values[0], 1, ncclInt32, ncclMax, m_comm, streams[0]));
  }

 private:
  int m_rank = 0;
  ncclComm_t m_comm = nullptr;
};

}  // namespace

std::unique_ptr<BandComm> make_nccl_comm(const std::vector<int>& devices) {
  return std::make_unique<NcclComm>(devices);
}

std::unique_ptr<BandComm> make_nccl_rank_comm(const ProcessGroup& group) {
  return std::make_unique<NcclRankComm>(group);
}

}  // namespace apsp::cuda

namespace apsp {
std::vector<unsigned char> make_nccl_unique_id() {
  // NCCL makes an id without a GPU, but no rank could use it: refuse where the solve would fail anyway.
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    (void)cudaGetLastError();
    throw UnavailableError("one process per GPU: no CUDA device");
  }
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

std::unique_ptr<BandComm> make_nccl_rank_comm(const ProcessGroup&) {
  throw UnavailableError("one process per GPU: this build has no NCCL");
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
