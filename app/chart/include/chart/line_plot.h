#pragma once
// A live line chart over rounds (the studio's plots) drawn with ImDrawList: auto-scaled y axis with "nice" ticks
// and a unit, round ticks on x, legend, and a hover read-out of every series at the round under the mouse.
// Follows a growing run: the x range always spans the rounds recorded so far.
#include <imgui.h>

#include <string>
#include <vector>

namespace apsp::chart {

struct LineSeries {
  std::string label;
  ImU32 color = 0;
  std::vector<float> values;  ///< one per round; NaN where the series has no value (a gap)
};

struct LinePlotOptions {
  std::string y_unit;
  std::string x_label = "round";
  int first_x = 0;  ///< rounds count from 0 (session/step_position.h)
  /// Formats the hover values (e.g. SI prefixes for updates/s); empty: "%.3g".
  std::string (*format)(double) = nullptr;
};

/// @brief Draws @p series as lines (points when a series has a single value) into a @p size box at the cursor.
void line_plot(const char* id, const std::vector<LineSeries>& series, const LinePlotOptions& options, ImVec2 size);

}  // namespace apsp::chart
