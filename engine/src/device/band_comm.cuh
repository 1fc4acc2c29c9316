#pragma once
// Broadcast of one buffer from the band that owns it to every band's copy, on the bands' own streams: the
// multi-GPU solver's communication (the pivot row panel each round, row k for k-steps), plus, between the
// processes of a multi-process solve, the maximum of one flag (so that every rank stops at the same round).
// Three paths: NCCL in one process (nccl_comm.cu, one communicator per device from ncclCommInitAll), NCCL
// with one rank per process (ncclCommInitRank), and CUDA peer copies (peer_comm.cu); chosen at run time.
//
// Bands are numbered in the global layout; a process holds some of them (all in one process, band `rank` in
// a multi-process solve): the vectors below have one entry per local band, in band order.
#include <cuda_runtime.h>

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace apsp {
struct ProcessGroup;
}

namespace apsp::cuda {

enum class CommPath { Nccl, Peer };

/// @brief "nccl" / "peer".
std::string_view to_string(CommPath path);

/// @brief One broadcast group over the bands of a layout.
class BandComm {
 public:
  virtual ~BandComm() = default;
  virtual CommPath path() const = 0;

  /// @brief Enqueues the copy of @p bytes from @p src (device memory of band @p root, a global band number;
  /// ignored where that band is not local) into dst[b] of every local band b (dst of the root may equal src).
  /// Band b's part goes on streams[b], which the caller has ordered after everything that makes src ready
  /// (root) or still reads dst[b] (the others). Afterwards, work enqueued on streams[b] sees dst[b] complete,
  /// and work enqueued on the root's stream may overwrite src.
  virtual void broadcast_async(int root, const void* src, const std::vector<void*>& dst, std::size_t bytes,
                               const std::vector<cudaStream_t>& streams) = 0;

  /// @brief Replaces values[b] (one int32 in device memory per local band) by the maximum over every band of
  /// the layout, on streams[b], ordered like broadcast_async. NCCL paths only (throws UsageError on peer).
  virtual void max_async(const std::vector<int*>& values, const std::vector<cudaStream_t>& streams) = 0;
};

/// @brief True when the engine was built with NCCL (APSP_WITH_NCCL).
bool nccl_compiled();

/// @brief NCCL communicators for @p devices (distinct ordinals) through ncclCommInitAll. Sets
/// NCCL_NVLS_ENABLE=0 first: NVLink multicast is never used. Throws UnavailableError without NCCL, UsageError
/// for repeated devices, apsp::Error with NCCL's message when initialization fails.
std::unique_ptr<BandComm> make_nccl_comm(const std::vector<int>& devices);

/// @brief One NCCL rank of @p group's communicator (ncclCommInitRank(world, nccl_id, rank), which waits
/// until every rank has joined) on the current device, holding band group.rank. NCCL_NVLS_ENABLE=0 as above.
/// Throws UnavailableError without NCCL, UsageError for an id of the wrong size, apsp::Error with NCCL's
/// message when initialization fails.
std::unique_ptr<BandComm> make_nccl_rank_comm(const ProcessGroup& group);

/// @brief Peer copies (cudaMemcpyPeerAsync), with peer access enabled where the devices allow it (otherwise
/// the runtime stages the copy through the host). Devices may repeat (several bands on one GPU, for tests).
std::unique_ptr<BandComm> make_peer_comm(const std::vector<int>& devices);

}  // namespace apsp::cuda
