#pragma once
// Stacked bar chart drawn with ImDrawList (ImPlot is not packaged): y axis with "nice" ticks and a unit,
// x labels, legend, and a hover read-out of the bar under the mouse.
#include <imgui.h>

#include <string>
#include <vector>

namespace apsp::studio {

struct BarSeries {
  std::string label;
  ImU32 color = 0;
  std::vector<float> values;  ///< one per bar; missing values count as 0
};

struct BarPlotOptions {
  std::string y_unit = "ms";
  std::string x_label = "round";
  int first_x = 1;  ///< label of the first bar
};

/// @brief Draws @p series stacked, one bar per index, into a @p size box at the cursor.
void stacked_bar_plot(const char* id, const std::vector<BarSeries>& series, const BarPlotOptions& options, ImVec2 size);

/// @brief Tick step of 1, 2 or 5 times a power of ten giving about @p target_ticks ticks over [0, max].
double nice_tick_step(double max, int target_ticks);

}  // namespace apsp::studio
