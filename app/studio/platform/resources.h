#pragma once
// Files under shaders/ and assets/ that CMake embeds into the binary, so the app runs from any directory.
#include <string>
#include <string_view>
#include <vector>

namespace apsp::studio {

/// @brief Contents of an embedded file by its source path ("shaders/heatmap.frag", "assets/colormaps/viridis.txt").
/// Throws apsp::Error when no such file was embedded.
std::string_view embedded_file(std::string_view path);

/// @brief Every embedded path, in build order.
std::vector<std::string_view> embedded_files();

}  // namespace apsp::studio
