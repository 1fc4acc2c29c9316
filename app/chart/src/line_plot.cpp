#include "chart/line_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "chart/axes.h"
#include "chart/plot_zoom.h"
#include "live_plot.h"

namespace apsp::chart {

void line_plot(const char* id, const std::vector<LineSeries>& series, const LinePlotOptions& options, ImVec2 size) {
  const LivePlot plot(id, "plot", size);
  auto format = options.format ? options.format : three_digit_label;

  std::size_t points = 0;
  double y_top = 0;
  for (const auto& s : series) {
    points = std::max(points, s.values.size());
    for (float v : s.values) {
      if (std::isfinite(v)) y_top = std::max(y_top, static_cast<double>(v));
    }
  }
  ValueAxis axis = ValueAxis::fit(y_top, 3);

  // Room for the widest tick label ("0.05" is wider than the top "0.1") and for the x axis name beside it.
  float widest = ImGui::CalcTextSize(options.x_label.c_str()).x;
  for (double v = 0; v <= axis.max + axis.step * 0.5; v += axis.step)
    widest = std::max(widest, ImGui::CalcTextSize(si_label(v).c_str()).x);
  const float left = widest + plot.font * 0.6f;
  // Legend on the top lines (wrapped, never dropping an entry), right of the unit label.
  std::vector<LegendEntry> entries;
  for (const auto& sr : series) entries.push_back({sr.label, sr.color, true});
  const LegendStrip legend = legend_strip(plot, std::move(entries), options.y_unit, plot.font * 0.5f);
  const ImVec2 p0(plot.origin.x + left, plot.origin.y + legend.height);
  const ImVec2 p1(plot.origin.x + size.x - plot.font * 0.5f, plot.origin.y + size.y - plot.font * 1.5f);
  if (p1.x <= p0.x + 4 || p1.y <= p0.y + 4) return;
  axis.top = p0.y;
  axis.bottom = p1.y;
  auto y_of = [&](double v) { return axis.y_of(v); };
  // Zoom and pan on x (plot_zoom.h): the window is a share of all rounds.
  const XZoom zoom = handle_x_zoom(ImGui::GetID("zoom"), p0.x, p1.x);
  // One x slot per round, points at slot centres, so the rounds line up with the bar chart's bars.
  const std::size_t slots = std::max<std::size_t>(points, 1);
  const float slot = (p1.x - p0.x) / static_cast<float>(static_cast<double>(slots) * zoom.width());
  auto x_of = [&](std::size_t i) {
    const double f = (static_cast<double>(i) + 0.5) / static_cast<double>(slots);
    return p0.x + static_cast<float>(zoom.to_view(f)) * (p1.x - p0.x);
  };

  draw_value_axis(plot, p0, p1, axis, options.y_unit, si_label);
  legend.draw(plot);

  if (points == 0) {
    draw_empty_note(plot, p0, p1, "no samples yet");
    return;
  }
  plot.draw->PushClipRect(ImVec2(p0.x, p0.y - 2), ImVec2(p1.x + 2, p1.y + 2), true);
  for (const auto& s : series) {
    const float thickness = std::max(1.5f, plot.font * 0.12f);
    bool have_prev = false;
    ImVec2 prev;
    for (std::size_t i = 0; i < s.values.size(); ++i) {
      if (!std::isfinite(s.values[i])) {
        have_prev = false;
        continue;
      }
      const ImVec2 p(x_of(i), y_of(s.values[i]));
      if (have_prev) plot.draw->AddLine(prev, p, s.color, thickness);
      // Few points: mark them, or a single round would draw nothing.
      if (slot > plot.font * 0.6f) plot.draw->AddCircleFilled(p, thickness * 1.4f, s.color);
      prev = p;
      have_prev = true;
    }
  }
  plot.draw->PopClipRect();

  const int label_every = x_label_every(plot.font, slot);
  char buf[32];
  for (std::size_t i = 0; i < points; i += static_cast<std::size_t>(label_every)) {
    if (x_of(i) < p0.x || x_of(i) > p1.x) continue;  // outside the zoomed window
    std::snprintf(buf, sizeof buf, "%d", options.first_x + static_cast<int>(i));
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    // Never left of the axis, where the axis name sits.
    plot.draw->AddText(ImVec2(std::max(x_of(i) - ts.x * 0.5f, p0.x + plot.font * 0.15f), p1.y + plot.font * 0.2f),
                       plot.axis_color, buf);
  }
  draw_x_axis_name(plot.draw, options.x_label, plot.origin.x, p0.x, p1.y + plot.font * 0.2f, plot.axis_color);

  if (plot.hovered) {
    const double at = zoom.from_view((ImGui::GetIO().MousePos.x - p0.x) / (p1.x - p0.x));
    const int i = static_cast<int>(std::floor(at * static_cast<double>(slots)));
    if (i >= 0 && i < static_cast<int>(points)) {
      const auto idx = static_cast<std::size_t>(i);
      plot.draw->AddLine(ImVec2(x_of(idx), p0.y), ImVec2(x_of(idx), p1.y), plot.text_color);
      ImGui::BeginTooltip();
      ImGui::Text("%s %d", options.x_label.c_str(), options.first_x + i);
      for (const auto& s : series) {
        if (idx >= s.values.size() || !std::isfinite(s.values[idx])) continue;
        tooltip_swatch(s.label, s.color);
        ImGui::Text("%s: %s %s", s.label.c_str(), format(s.values[idx]).c_str(), options.y_unit.c_str());
      }
      ImGui::EndTooltip();
    }
  }
}

}  // namespace apsp::chart
