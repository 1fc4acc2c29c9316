#pragma once
/// @file fault_injection.h
/// @brief A test facility: makes chosen failure points fail on purpose, down the same path as the real failure
/// (the same error type, the same clean-up), so that tests can prove what a user would see when a GPU runs out
/// of memory, NCCL does not start, a peer copy fails, the disk is full, the config directory is unwritable or an
/// input file shrinks while it is read.
///
/// Armed by the environment, `APSP_FAULT=name[:n],...` (read once, at the first hook reached), or by
/// set_faults() in tests. `name` fails every time its point is reached; `name:n` only the n-th time (1-based),
/// e.g. `device_alloc:3` = the third device allocation, one made while the matrix is already on the GPU.
/// Unset, every hook costs one relaxed atomic load.
#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

namespace apsp {

/// @brief The places a fault can be injected, each named as in APSP_FAULT.
enum class FaultPoint {
  DeviceAlloc,  ///< "device_alloc": a device allocation returns cudaErrorMemoryAllocation
  NcclInit,     ///< "nccl_init": ncclCommInitAll returns ncclSystemError
  PeerCopy,     ///< "peer_copy": a multi-GPU broadcast's cudaMemcpyPeerAsync returns cudaErrorPeerAccessUnsupported
  ExportWrite,  ///< "export_write": an export's write or its final flush fails with ENOSPC (full disk)
  ConfigWrite,  ///< "config_write": saving the studio's settings fails with EACCES (unwritable directory)
  HistoryWrite,  ///< "history_write": a run-history append writes half its line, as a disk that fills up mid-write
  InputTruncated,  ///< "input_truncated": a mapped input's second half reads past the end of its file (SIGBUS), as when
                   ///< another program truncates it mid-read (the file itself is not touched)
};

/// @brief "device_alloc", "nccl_init", ...
std::string_view to_string(FaultPoint point);

/// @brief Arms the faults of @p spec (APSP_FAULT syntax; "" disarms all) and restarts every hit count.
/// Throws UsageError naming the bad entry. Overrides the environment from now on.
void set_faults(const std::string& spec);

/// @brief How many times @p point was reached while some fault was armed (since the last set_faults()).
std::uint64_t fault_hits(FaultPoint point);

namespace fault_detail {
/// -1: the environment not read yet; 0: nothing armed; 1: some fault armed.
extern std::atomic<int> g_state;
bool fires_armed(FaultPoint point);
}  // namespace fault_detail

/// @brief True when the fault at @p point must happen now (counts the hit). Call it where the real failure
/// would be detected and take the real failure's path.
inline bool fault_fires(FaultPoint point) {
  return fault_detail::g_state.load(std::memory_order_relaxed) != 0 && fault_detail::fires_armed(point);
}

}  // namespace apsp
