#pragma once
// Draws a Chart into an ImDrawList: title, axes with ticks, bars or lines, point labels, legend. Needs a current
// ImGui context (fonts); works the same in the studio's windows and offscreen (chart_png.h).
#include <imgui.h>

#include <string>

#include "chart/chart.h"

namespace apsp::chart {

/// @brief Where the plot area of a chart drawn into [min, max] lies (the axes' box), and its bars.
struct ChartLayout {
  ImVec2 plot_min;
  ImVec2 plot_max;
  float slot_width = 0;  ///< x distance between categories
  bool staggered = false;  ///< category labels wider than their slot alternate between two lines
  /// @brief x of the centre of category @p i.
  float category_x(int i) const { return plot_min.x + slot_width * (static_cast<float>(i) + 0.5f); }
};

/// @brief The layout draw_chart() uses for @p chart in the box [@p min, @p max].
ChartLayout layout_chart(const Chart& chart, ImVec2 min, ImVec2 max);

/// @brief Draws @p chart into the box [@p min, @p max] of @p draw_list (white background, dark ink).
void draw_chart(ImDrawList* draw_list, const Chart& chart, ImVec2 min, ImVec2 max);

/// @brief The category whose slot holds @p point inside the plot area of @p layout, -1 elsewhere.
int category_at(const Chart& chart, const ChartLayout& layout, ImVec2 point);

/// @brief A hover read-out of category @p category: its label, then one line per series with its value.
std::string hover_text(const Chart& chart, int category);

}  // namespace apsp::chart
