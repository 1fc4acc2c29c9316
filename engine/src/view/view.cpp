#include <apsp/view/view.h>

#include <algorithm>

namespace apsp {

ValueRange finite_range(const std::int32_t* tiles, std::size_t count, std::int32_t inf) {
  ValueRange r;
  for (std::size_t i = 0; i < count; ++i) {
    const std::int32_t v = tiles[i];
    if (v >= inf) continue;
    if (!r.has_finite) {
      r.lo = r.hi = v;
      r.has_finite = true;
    } else {
      r.lo = std::min(r.lo, v);
      r.hi = std::max(r.hi, v);
    }
  }
  return r;
}

void encode_view(const std::int32_t* tiles, const std::int32_t* previous, std::size_t count, ValueRange r,
                 std::int32_t inf, std::uint16_t* codes) {
  for (std::size_t i = 0; i < count; ++i) {
    std::uint16_t c = encode_value(tiles[i], r, inf);
    if (previous && tiles[i] < previous[i]) c |= kViewImprovedBit;
    codes[i] = c;
  }
}

}  // namespace apsp
