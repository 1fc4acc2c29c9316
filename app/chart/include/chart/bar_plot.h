#pragma once
// A live stacked bar chart (the studio's plots) drawn with ImDrawList (ImPlot is not packaged): y axis with
// "nice" ticks and a unit, x labels, legend, and a hover read-out of the bar under the mouse.
#include <imgui.h>

#include <string>
#include <vector>

namespace apsp::chart {

struct BarSeries {
  std::string label;
  ImU32 color = 0;
  std::vector<float> values;  ///< one per bar; missing values count as 0
};

struct BarPlotOptions {
  std::string y_unit = "ms";
  std::string x_label = "round";
  int first_x = 0;  ///< label of the first bar (of the first group); rounds count from 0
  /// Bars per x slot (e.g. one per GPU, side by side within a round): bar i is member i % group of slot
  /// i / group; x labels, hover and totals are per bar, labels per slot.
  int group = 1;
  std::vector<std::string> group_labels;  ///< hover name of each member ("GPU 0", ...)
  std::vector<ImU32> group_colors;        ///< a mark under each member's bar (its key colour elsewhere)
};

/// @brief Draws @p series stacked, one bar per index, into a @p size box at the cursor.
void stacked_bar_plot(const char* id, const std::vector<BarSeries>& series, const BarPlotOptions& options, ImVec2 size);

}  // namespace apsp::chart
