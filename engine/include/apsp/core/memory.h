#pragma once
/// @file memory.h
/// @brief Host memory queries used to refuse work before allocating.
#include <cstdint>
#include <string>

namespace apsp {

/// @brief Bytes of host memory available now (MemAvailable from /proc/meminfo; a large value if unknown).
std::uint64_t host_available_bytes();

/// @brief Throws OutOfMemoryError when @p required exceeds @p available.
void require_memory(const std::string& what_for, std::uint64_t required, std::uint64_t available);

}  // namespace apsp
