#pragma once
// What the studio's live plots (bar_plot.h, line_plot.h, timeline_plot.h) share around their data: an
// invisible button over the plot (hover, zoom, drag) under the plot's own ID, the theme's colours, the legend
// strip across the top, and the value axis with its grid, unit and axis lines.
#include <imgui.h>

#include <string>
#include <vector>

#include "chart/axes.h"
#include "chart/legend.h"

namespace apsp::chart {

/// A live plot being drawn: pushes @p id and places the invisible button at the cursor; the ID is popped when it
/// goes out of scope.
class LivePlot {
 public:
  LivePlot(const char* id, const char* button, ImVec2 size);
  ~LivePlot() { ImGui::PopID(); }
  LivePlot(const LivePlot&) = delete;
  LivePlot& operator=(const LivePlot&) = delete;

  ImDrawList* draw = nullptr;
  ImVec2 origin;  ///< top left of the plot's box
  ImVec2 size;
  bool hovered = false;
  float font = 0;
  ImU32 axis_color = 0;  ///< axes, ticks, labels
  ImU32 text_color = 0;  ///< the legend, highlights
};

/// The legend across the top of a plot, right of the unit label.
struct LegendStrip {
  std::vector<LegendEntry> entries;
  float min_x = 0;
  float max_x = 0;
  float height = 0;  ///< at least one line of text and a bit

  void draw(const LivePlot& plot) const { draw_legend(plot.draw, entries, min_x, max_x, plot.origin.y); }
};

/// @brief The legend strip of @p entries for a plot whose value axis is in @p unit, ending @p right_pad pixels
/// before the plot's right edge.
LegendStrip legend_strip(const LivePlot& plot, std::vector<LegendEntry> entries, const std::string& unit,
                         float right_pad);

/// @brief The value axis of a plot area [@p p0, @p p1]: a grid line and label per step (labels by @p label), the
/// unit at the top left, and the y and x axis lines.
void draw_value_axis(const LivePlot& plot, ImVec2 p0, ImVec2 p1, const ValueAxis& axis, const std::string& unit,
                     std::string (*label)(double));

/// @brief @p text in the middle of an empty plot area [@p p0, @p p1].
void draw_empty_note(const LivePlot& plot, ImVec2 p0, ImVec2 p1, const char* text);

}  // namespace apsp::chart
