#pragma once
/// @file parallel_ranges.h
/// @brief Splits [0, count) into contiguous ranges run on threads, for the host fills that touch every cell of
/// an n x n matrix (the build, the range scan, CSV formatting) and would otherwise use one core.
#include <cstdint>
#include <functional>

namespace apsp {

/// @brief Calls @p body(begin, end) on up to @p threads contiguous ranges covering [0, @p count) in order,
/// each on its own thread (the first on the caller's), and returns once all finished. @p threads <= 0: one per
/// core. Ranges hold at least @p min_per_range items, so small counts run on the caller alone. The first
/// exception a range throws is rethrown after every range ended.
void for_each_range(std::int64_t count, int threads, std::int64_t min_per_range,
                    const std::function<void(std::int64_t begin, std::int64_t end)>& body);

/// @brief The threads for_each_range uses for @p threads (<= 0: one per core).
int range_threads(int threads);

}  // namespace apsp
