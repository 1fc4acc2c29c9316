#pragma once
// Legends that wrap onto further lines instead of dropping entries (a "phase 1" entry once vanished from a
// legend at --scale 2). wrap_rows() is the wrapping every legend uses; the live plots' legend (below) puts its
// entries right-aligned on each line, in series order; a rendered chart's (chart_draw.h) left-aligned.
#include <imgui.h>

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace apsp::chart {

struct LegendEntry {
  std::string label;
  ImU32 color = 0;
  bool line = false;  ///< a line sample (line plots) instead of a square swatch (bar plots)
};

/// @brief Greedy rows of items of @p widths side by side, @p gap apart, within @p room: [first, last) index
/// ranges, each row holding at least one item.
std::vector<std::pair<std::size_t, std::size_t>> wrap_rows(const std::vector<float>& widths, float gap, float room);

/// @brief Height the entries need between @p x_min and @p x_max (one line or more).
float legend_height(const std::vector<LegendEntry>& entries, float x_min, float x_max);
/// @brief Draws the entries from @p y down, each line right-aligned at @p x_max.
void draw_legend(ImDrawList* draw, const std::vector<LegendEntry>& entries, float x_min, float x_max, float y);

}  // namespace apsp::chart
