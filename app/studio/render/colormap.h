#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace apsp::studio {

struct Rgb8 {
  std::uint8_t r = 0, g = 0, b = 0;
};

/// @brief A 256-entry colormap plus the INF colour (entry 256), as stored in assets/colormaps/NAME.txt.
struct Colormap {
  std::string name;
  std::array<Rgb8, 257> entries{};
  const Rgb8& inf() const { return entries[256]; }
};

/// @brief "viridis", "magma", "turbo", "gray" (the first is the default).
const std::vector<std::string>& colormap_names();

/// @brief Parses the asset format: '#' comments, then 257 lines "R G B". Throws apsp::Error naming @p source.
Colormap parse_colormap(std::string name, std::string_view text, std::string_view source);

/// @brief The copy built into the program, for when the data directory has none; throws apsp::UsageError
/// listing the valid names.
Colormap builtin_colormap(std::string_view name);

/// @brief colormaps/NAME.txt from the data directory (session/data_dir.h), else the built-in copy. Throws
/// apsp::UsageError for an unknown name, apsp::Error naming the file when the data file is unreadable or malformed.
Colormap load_colormap(std::string_view name);

}  // namespace apsp::studio
