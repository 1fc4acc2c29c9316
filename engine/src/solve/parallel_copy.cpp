#include "solve/parallel_copy.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace apsp::detail {

void parallel_copy(void* dst, const void* src, std::size_t bytes, int threads) {
  constexpr std::size_t kPiece = std::size_t{1} << 20;
  if (bytes == 0) return;  // an empty range may come with null pointers, which memcpy must not see
  if (bytes <= 4 * kPiece) {
    std::memcpy(dst, src, bytes);
    return;
  }
  const auto pieces = static_cast<std::int64_t>((bytes + kPiece - 1) / kPiece);
  auto* d = static_cast<unsigned char*>(dst);
  const auto* s = static_cast<const unsigned char*>(src);
#ifdef _OPENMP
  const int team = threads > 0 ? threads : omp_get_max_threads();
#pragma omp parallel for schedule(static) num_threads(std::max(1, team))
#else
  (void)threads;
#endif
  for (std::int64_t p = 0; p < pieces; ++p) {
    const std::size_t offset = static_cast<std::size_t>(p) * kPiece;
    std::memcpy(d + offset, s + offset, std::min(kPiece, bytes - offset));
  }
}

}  // namespace apsp::detail
