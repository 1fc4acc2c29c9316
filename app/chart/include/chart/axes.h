#pragma once
// Axis pieces every chart draws, written once: a value axis from 0, a grid line with its
// tick label, how often x labels fit, the x axis' name, and the colour swatch of a hover read-out. The CLI's
// charts (chart_draw.h) and the studio's live plots (bar_plot.h, line_plot.h, timeline_plot.h) use them.
#include <imgui.h>

#include <string>

#include "chart/chart.h"  // nice_tick_step

namespace apsp::chart {

/// @brief @p color with its alpha replaced by @p alpha (0..255): grid lines and bands in an axis colour.
constexpr ImU32 with_alpha(ImU32 color, unsigned alpha) { return (color & 0x00FFFFFFu) | (alpha << 24); }

/// @brief A value axis from 0 up to a whole number of nice steps, drawn between screen y @p bottom and @p top.
struct ValueAxis {
  double step = 1;
  double max = 1;
  float top = 0;
  float bottom = 1;

  /// @brief The axis over [0, @p largest] (1 when nothing is positive) with about @p target_ticks ticks.
  static ValueAxis fit(double largest, int target_ticks);
  /// @brief Screen y of @p value.
  float y_of(double value) const { return bottom - static_cast<float>(value / max) * (bottom - top); }
};

/// @brief Value labels: "%g" (plain_label), "%.3g" (three_digit_label), and "%g" with an SI prefix to three
/// decimals (si_label: 2e12 reads "2 T" instead of "2e+12").
std::string plain_label(double value);
std::string three_digit_label(double value);
std::string si_label(double value);

/// @brief A horizontal grid line from @p x0 to @p x1 at @p y, and @p label right-aligned @p gap pixels left of
/// @p x0, centred on the line.
void draw_y_tick(ImDrawList* draw, float x0, float x1, float y, const std::string& label, float gap, ImU32 grid,
                 ImU32 ink);

/// @brief Every how many x slots of @p slot pixels a label is printed, so that labels stay about three font
/// sizes apart (1: every slot).
int x_label_every(float font, float slot);

/// @brief The x axis' name in the free corner left of the plot's first slot, under the y tick labels: right-
/// aligned to @p plot_x0 less a gap, never left of @p left, at @p y.
void draw_x_axis_name(ImDrawList* draw, const std::string& name, float left, float plot_x0, float y, ImU32 color);

/// @brief A swatch of @p color then SameLine(): the start of a series' line in a hover read-out.
void tooltip_swatch(const std::string& label, ImU32 color);

}  // namespace apsp::chart
