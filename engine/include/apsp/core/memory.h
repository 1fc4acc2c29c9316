#pragma once
/// @file memory.h
/// @brief Host memory queries used to refuse work before allocating: the smallest of what the kernel can hand
/// out (MemAvailable), what the address-space limit (ulimit -v) leaves and what the cgroup's memory limit leaves
/// (a container), so that a refusal (exit 4) comes before an OOM kill or a failed allocation.
#include <cstdint>
#include <optional>
#include <string>

namespace apsp {

/// @brief Where the figures are read from. The defaults are this process's; tests point @p root at a
/// directory of made-up files and give the address-space limit, so that the answer does not depend on the
/// machine.
struct MemorySources {
  /// Prefix of proc/meminfo, proc/self/status (VmSize), proc/self/cgroup and sys/fs/cgroup/...
  std::string root = "/";
  /// RLIMIT_AS's soft limit in bytes (UINT64_MAX: unlimited); nullopt: ask getrlimit().
  std::optional<std::uint64_t> address_space_limit;
};

/// @brief The limit that leaves the least memory.
enum class MemoryLimit {
  Unknown,       ///< nothing could be read: the figure is a large placeholder
  MemAvailable,  ///< /proc/meminfo's MemAvailable
  AddressSpace,  ///< RLIMIT_AS (ulimit -v) minus the address space already mapped (VmSize)
  Cgroup,        ///< a cgroup's memory limit minus its usage (page cache the kernel reclaims first not counted)
};

/// @brief Host memory this process may still allocate, and which limit says so.
struct HostMemory {
  std::uint64_t available = 0;
  MemoryLimit limit = MemoryLimit::Unknown;
  /// For MemoryLimit::Cgroup: the limit's file (".../memory.max", ".../memory.limit_in_bytes").
  std::string cgroup_file;

  /// @brief The words after the figure in a refusal: "available (MemAvailable)", "left under the address-space
  /// limit (ulimit -v)", "left under the cgroup memory limit (FILE)".
  std::string describe() const;
};

/// @brief The smallest of MemAvailable, the address-space limit's headroom and every enclosing cgroup's (v2
/// memory.max, v1 memory.limit_in_bytes) headroom, as read from @p sources. Never blocks (only small files).
HostMemory host_memory(const MemorySources& sources = {});

/// @brief host_memory().available: bytes of host memory available now (a large value if unknown).
std::uint64_t host_available_bytes();

/// @brief Throws OutOfMemoryError when @p required exceeds @p available (a figure the caller has, e.g. a GPU's).
void require_memory(const std::string& what_for, std::uint64_t required, std::uint64_t available);

/// @brief Throws OutOfMemoryError, naming the limit that binds, when @p required exceeds what host_memory()
/// leaves.
void require_host_memory(const std::string& what_for, std::uint64_t required);

}  // namespace apsp
