#pragma once
// Internal: a memcpy spread over OpenMP threads, for copying GPU results out of pinned staging buffers into
// the (pageable) result: one thread copies about 10 GB/s, far below what a PCIe 5 link delivers.
#include <cstddef>

namespace apsp::detail {

/// Copies @p bytes from @p src to @p dst (not overlapping) in 1 MiB pieces over up to @p threads threads
/// (0: OpenMP's default); small copies stay on the calling thread.
void parallel_copy(void* dst, const void* src, std::size_t bytes, int threads = 0);

}  // namespace apsp::detail
