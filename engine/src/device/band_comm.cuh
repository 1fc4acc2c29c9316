#pragma once
// Broadcast of one buffer from the band that owns it to every band's copy, on the bands' own streams: the
// multi-GPU solver's only communication (the pivot row panel each round, row k for k-steps). Two paths:
// NCCL (nccl_comm.cu, one communicator per device from ncclCommInitAll) and CUDA peer copies (peer_comm.cu),
// both compiled in and chosen at run time.
#include <cuda_runtime.h>

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace apsp::cuda {

enum class CommPath { Nccl, Peer };

/// @brief "nccl" / "peer".
std::string_view to_string(CommPath path);

/// @brief One broadcast group over the bands; band b lives on device devices[b].
class BandComm {
 public:
  virtual ~BandComm() = default;
  virtual CommPath path() const = 0;

  /// @brief Enqueues the copy of @p bytes from @p src (device memory of band @p root) into dst[b] of every
  /// band b (dst[root] may equal src). Band b's part goes on streams[b], which the caller has ordered after
  /// everything that makes src ready (root) or still reads dst[b] (the others). Afterwards, work enqueued on
  /// streams[b] sees dst[b] complete, and work enqueued on streams[root] may overwrite src.
  virtual void broadcast_async(int root, const void* src, const std::vector<void*>& dst, std::size_t bytes,
                               const std::vector<cudaStream_t>& streams) = 0;
};

/// @brief True when the engine was built with NCCL (APSP_WITH_NCCL).
bool nccl_compiled();

/// @brief NCCL communicators for @p devices (distinct ordinals) through ncclCommInitAll. Sets
/// NCCL_NVLS_ENABLE=0 first: NVLink multicast is never used. Throws UnavailableError without NCCL, UsageError
/// for repeated devices, apsp::Error with NCCL's message when initialization fails.
std::unique_ptr<BandComm> make_nccl_comm(const std::vector<int>& devices);

/// @brief Peer copies (cudaMemcpyPeerAsync), with peer access enabled where the devices allow it (otherwise
/// the runtime stages the copy through the host). Devices may repeat (several bands on one GPU, for tests).
std::unique_ptr<BandComm> make_peer_comm(const std::vector<int>& devices);

}  // namespace apsp::cuda
