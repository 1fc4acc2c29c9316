#pragma once
// A chart as data: categories on x, series of values, stacked bars or lines; drawn by chart_draw.h with Dear
// ImGui's ImDrawList (the studio's window, or offscreen for a PNG: chart_png.h), written as CSV by chart_csv.h.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace apsp::chart {

enum class ChartType {
  StackedBars,  ///< one bar per category, the series stacked bottom to top in order
  Lines,        ///< one polyline per series over the categories, a marker at every point
};

/// @brief How y values print on the axis and in labels.
enum class ValueFormat {
  Plain,     ///< "12.5"
  Duration,  ///< values are milliseconds: "36.0 µs", "8.42 ms", "1.23 s" (apsp/core/format.h)
  Percent,   ///< "97 %"
};

/// @brief Values missing at a category are NaN (lines skip them, bars count them as 0).
inline constexpr double kMissing = NAN;

struct Series {
  std::string label;
  std::uint32_t color = 0xff000000;       ///< ImU32 (0xAABBGGRR)
  std::vector<double> values;             ///< one per category
  bool dashed = false;                    ///< lines: a reference (ideal speed-up)
  bool overlay = false;                   ///< bars: drawn as a tick over the bar (the median wall time), not stacked
  std::vector<std::string> point_labels;  ///< optional text above each point or bar ("98.9 %")
};

struct Chart {
  std::string title;
  std::string x_label;
  std::string y_label;
  ChartType type = ChartType::Lines;
  ValueFormat format = ValueFormat::Plain;
  bool log_y = false;                   ///< lines only: logarithmic y axis (times against n)
  std::vector<std::string> categories;  ///< x labels, evenly spaced
  std::vector<Series> series;
};

/// @brief Tick step of 1, 2 or 5 times a power of ten giving about @p target_ticks ticks over [0, @p max].
double nice_tick_step(double max, int target_ticks);

/// @brief @p value as @p format prints it on an axis.
std::string format_value(double value, ValueFormat format);

/// @brief The largest value of the chart's y axis: the tallest stack (bars, overlays included) or point.
double chart_max(const Chart& chart);

/// @brief Distinct colours for series 0, 1, 2, ... (a fixed palette, repeated).
std::uint32_t series_color(int index);
/// @brief The three phases' colours, the same in every chart: phase 1, 2, 3.
std::uint32_t phase_color(int phase_index);

}  // namespace apsp::chart
