#pragma once
/// @file view.h
/// @brief Matrix -> heatmap codes: tile minimum, value range, colormap index. CPU and CUDA produce the same codes.
/// The geometry and the code values are core vocabulary (apsp/core/view_geometry.h).
#include <apsp/core/view_geometry.h>

#include <cstddef>
#include <cstdint>

namespace apsp {

/// @brief Finite value range of a view (INF excluded). has_finite false when every texel is INF.
struct ValueRange {
  std::int32_t lo = 0;
  std::int32_t hi = 0;
  bool has_finite = false;
};

/// @brief Range over @p count tile values; values >= @p inf are unreachable.
ValueRange finite_range(const std::int32_t* tiles, std::size_t count, std::int32_t inf);

/// @brief Colormap index of @p v: INF -> kViewInfCode; else (v - lo) * 255 / (hi - lo) in int64, clamped to
/// 0..255 (0 when hi == lo). The CUDA encoder uses the same integer formula, so images match bit for bit.
inline std::uint16_t encode_value(std::int32_t v, ValueRange r, std::int32_t inf) {
  if (v >= inf) return kViewInfCode;
  if (r.hi <= r.lo) return 0;
  std::int64_t idx = (static_cast<std::int64_t>(v) - r.lo) * 255 / (static_cast<std::int64_t>(r.hi) - r.lo);
  return static_cast<std::uint16_t>(idx < 0 ? 0 : (idx > 255 ? 255 : idx));
}

/// @brief Encodes every tile; with @p previous (may be null) sets kViewImprovedBit where tiles[i] < previous[i].
void encode_view(const std::int32_t* tiles, const std::int32_t* previous, std::size_t count, ValueRange r,
                 std::int32_t inf, std::uint16_t* codes);

}  // namespace apsp
