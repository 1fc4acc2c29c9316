#pragma once
// Charts as a PNG without a window or GL: an ImGui context of its own with its font atlas in CPU memory, the
// charts drawn into its background draw list, and the resulting triangles rasterized on the CPU (raster.h).
#include <functional>
#include <string>
#include <vector>

#include "chart/chart.h"
#include "chart/raster.h"  // RgbaImage

namespace apsp::chart {

/// @brief Panel size of one chart in a rendered image.
inline constexpr int kPanelWidth = 720;
inline constexpr int kPanelHeight = 420;

/// @brief @p charts in a grid of @p columns (fewer when there are fewer charts), each kPanelWidth x
/// kPanelHeight. Leaves the caller's current ImGui context current. Deterministic: the same charts give the same
/// pixels.
RgbaImage render_charts(const std::vector<Chart>& charts, int columns = 2);

/// @brief A @p width x @p height white image of whatever @p draw puts into a background draw list of an offscreen
/// ImGui context of its own (default font); what render_charts() and the roofline use. Leaves the caller's current
/// context current.
RgbaImage render_offscreen(int width, int height, const std::function<void(ImDrawList*)>& draw);
/// @brief As above, drawn over @p background (the image keeps its size) instead of a white image.
RgbaImage render_offscreen(RgbaImage background, const std::function<void(ImDrawList*)>& draw);

/// @brief render_charts() written as a PNG at @p path through the engine's AtomicFile. Throws apsp::Error.
void write_charts_png(const std::string& path, const std::vector<Chart>& charts, int columns = 2);

/// @brief PNG bytes of @p image (RGB, alpha dropped).
std::string encode_png(const RgbaImage& image);

/// @brief encode_png(@p image) written at @p path through the engine's AtomicFile. Throws apsp::Error.
void write_png(const std::string& path, const RgbaImage& image);

}  // namespace apsp::chart
