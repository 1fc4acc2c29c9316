#pragma once
// A plot legend that wraps onto further lines instead of dropping entries (issue 10: "phase 1" vanished from a
// legend at --scale 2). Entries are right-aligned on each line, in series order.
#include <imgui.h>

#include <string>
#include <vector>

namespace apsp::studio {

struct LegendEntry {
  std::string label;
  ImU32 color = 0;
  bool line = false;  ///< a line sample (line plots) instead of a square swatch (bar plots)
};

/// @brief Height the entries need between @p x_min and @p x_max (one line or more).
float legend_height(const std::vector<LegendEntry>& entries, float x_min, float x_max);
/// @brief Draws the entries from @p y down, each line right-aligned at @p x_max.
void draw_legend(ImDrawList* draw, const std::vector<LegendEntry>& entries, float x_min, float x_max, float y);

}  // namespace apsp::studio
