#pragma once
// The GIF frames' palette: a fixed 6 x 7 x 6 colour cube (252 colours; green gets the extra level because the
// eye tells greens apart best), each channel rounded to its nearest level. Fixed rather than per-frame median
// cut, so every frame of a run uses the same palette and the same pixel always maps to the same index:
// deterministic, and a run's slides never flicker between palettes. Pure; shared with the tests' GIF checker.
#include <array>
#include <cstdint>

namespace apsp::studio::gif_palette {

inline constexpr int kRedLevels = 6;
inline constexpr int kGreenLevels = 7;
inline constexpr int kBlueLevels = 6;
inline constexpr int kColours = kRedLevels * kGreenLevels * kBlueLevels;  // 252, padded to 256 in the file

/// @brief The level (0 .. levels-1) nearest to the 8-bit value @p v.
constexpr int level_of(std::uint8_t v, int levels) { return (v * (levels - 1) + 127) / 255; }
/// @brief The 8-bit value of @p level.
constexpr std::uint8_t value_of(int level, int levels) {
  return static_cast<std::uint8_t>((level * 255 + (levels - 1) / 2) / (levels - 1));
}

/// @brief Palette index of the colour nearest to (r, g, b) in the cube.
constexpr std::uint8_t index_of(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  return static_cast<std::uint8_t>((level_of(r, kRedLevels) * kGreenLevels + level_of(g, kGreenLevels)) * kBlueLevels +
                                   level_of(b, kBlueLevels));
}

/// @brief The colour of palette entry @p index (entries past kColours are black).
constexpr std::array<std::uint8_t, 3> colour_of(int index) {
  if (index < 0 || index >= kColours) return {0, 0, 0};
  const int b = index % kBlueLevels, g = (index / kBlueLevels) % kGreenLevels, r = index / (kBlueLevels * kGreenLevels);
  return {value_of(r, kRedLevels), value_of(g, kGreenLevels), value_of(b, kBlueLevels)};
}

}  // namespace apsp::studio::gif_palette
