#include "chart/bar_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "chart/axes.h"
#include "chart/plot_zoom.h"
#include "live_plot.h"

namespace apsp::chart {

void stacked_bar_plot(const char* id, const std::vector<BarSeries>& series, const BarPlotOptions& options,
                      ImVec2 size) {
  const LivePlot plot(id, "plot", size);

  std::size_t bars = 0;
  for (const auto& s : series) bars = std::max(bars, s.values.size());
  std::vector<float> totals(bars, 0.0f);
  for (const auto& s : series) {
    for (std::size_t i = 0; i < s.values.size(); ++i) totals[i] += std::max(0.0f, s.values[i]);
  }
  double max_total = 0;
  for (float t : totals) max_total = std::max(max_total, static_cast<double>(t));
  ValueAxis axis = ValueAxis::fit(max_total, 4);

  char buf[64];
  std::snprintf(buf, sizeof buf, "%g %s", axis.max, options.y_unit.c_str());
  float left = ImGui::CalcTextSize(buf).x + plot.font * 0.6f;
  // Legend on the top lines (wrapped, never dropping an entry), right of the unit label.
  std::vector<LegendEntry> entries;
  for (const auto& sr : series) entries.push_back({sr.label, sr.color, false});
  const LegendStrip legend = legend_strip(plot, std::move(entries), options.y_unit, plot.font * 0.3f);
  ImVec2 p0(plot.origin.x + left, plot.origin.y + legend.height);
  ImVec2 p1(plot.origin.x + size.x - plot.font * 0.3f, plot.origin.y + size.y - plot.font * 1.5f);
  if (p1.x <= p0.x + 4 || p1.y <= p0.y + 4) return;
  axis.top = p0.y;
  axis.bottom = p1.y;
  auto y_of = [&](double v) { return axis.y_of(v); };

  draw_value_axis(plot, p0, p1, axis, options.y_unit, plain_label);
  legend.draw(plot);

  if (bars == 0) {
    draw_empty_note(plot, p0, p1, "no samples yet: step or play");
    return;
  }
  const std::size_t group = static_cast<std::size_t>(std::max(1, options.group));
  const std::size_t slots = (bars + group - 1) / group;
  // Zoom and pan on x (plot_zoom.h): slots widen by 1 / zoom.width() and the window starts at zoom.lo.
  const XZoom zoom = handle_x_zoom(ImGui::GetID("zoom"), p0.x, p1.x);
  float slot = (p1.x - p0.x) / static_cast<float>(static_cast<double>(slots) * zoom.width());
  const float x_start = p0.x - static_cast<float>(zoom.lo * static_cast<double>(slots)) * slot;
  float gap = slot > 6 ? std::max(1.0f, slot * 0.15f) : 0.0f;
  float bar_w = std::max(1.0f, (slot - gap) / static_cast<float>(group));
  float inner_gap = group > 1 && bar_w > 4 ? 1.0f : 0.0f;
  auto bar_x0 = [&](std::size_t i) {
    return x_start + slot * static_cast<float>(i / group) + gap * 0.5f + bar_w * static_cast<float>(i % group);
  };
  int hovered_bar = -1;
  if (plot.hovered) {
    float mx = ImGui::GetIO().MousePos.x;
    int sl = static_cast<int>(std::floor((mx - x_start) / slot));
    if (sl >= 0 && sl < static_cast<int>(slots)) {
      float within = mx - x_start - slot * static_cast<float>(sl) - gap * 0.5f;
      int member = std::clamp(static_cast<int>(std::floor(within / bar_w)), 0, static_cast<int>(group) - 1);
      int b = sl * static_cast<int>(group) + member;
      if (b < static_cast<int>(bars)) hovered_bar = b;
    }
  }
  plot.draw->PushClipRect(ImVec2(p0.x, p0.y - 2), ImVec2(p1.x + 2, p1.y + plot.font * 1.3f), true);
  for (std::size_t i = 0; i < bars; ++i) {
    float x0 = bar_x0(i);
    float x1 = x0 + std::max(1.0f, bar_w - inner_gap);
    double base = 0;
    for (const auto& s : series) {
      float v = i < s.values.size() ? std::max(0.0f, s.values[i]) : 0.0f;
      if (v <= 0) continue;
      plot.draw->AddRectFilled(ImVec2(x0, y_of(base + v)), ImVec2(x1, y_of(base)), s.color);
      base += v;
    }
    if (i % group < options.group_colors.size()) {
      plot.draw->AddRectFilled(ImVec2(x0, p1.y + 1), ImVec2(x1, p1.y + std::max(2.0f, plot.font * 0.2f)),
                          options.group_colors[i % group]);
    }
    if (static_cast<int>(i) == hovered_bar) {
      plot.draw->AddRect(ImVec2(x0 - 1, y_of(base) - 1), ImVec2(x1 + 1, p1.y + 1), plot.text_color);
    }
  }
  // X labels (one per slot): first, last, and a few between; only those in the zoomed window.
  const int label_every = x_label_every(plot.font, slot);
  for (std::size_t i = 0; i < slots; i += static_cast<std::size_t>(label_every)) {
    std::snprintf(buf, sizeof buf, "%d", options.first_x + static_cast<int>(i));
    ImVec2 ts = ImGui::CalcTextSize(buf);
    float cx = x_start + slot * (static_cast<float>(i) + 0.5f);
    if (cx < p0.x || cx > p1.x) continue;
    plot.draw->AddText(ImVec2(cx - ts.x * 0.5f, p1.y + plot.font * 0.2f), plot.axis_color, buf);
  }
  plot.draw->PopClipRect();
  draw_x_axis_name(plot.draw, options.x_label, plot.origin.x, p0.x, p1.y + plot.font * 0.2f, plot.axis_color);

  if (hovered_bar >= 0) {
    ImGui::BeginTooltip();
    const std::size_t member = static_cast<std::size_t>(hovered_bar) % group;
    const int slot_index = hovered_bar / static_cast<int>(group);
    if (member < options.group_labels.size()) {
      ImGui::Text("%s %d, %s", options.x_label.c_str(), options.first_x + slot_index,
                  options.group_labels[member].c_str());
    } else {
      ImGui::Text("%s %d", options.x_label.c_str(), options.first_x + slot_index);
    }
    for (const auto& s : series) {
      float v = static_cast<std::size_t>(hovered_bar) < s.values.size()
                    ? s.values[static_cast<std::size_t>(hovered_bar)]
                    : 0.0f;
      tooltip_swatch(s.label, s.color);
      ImGui::Text("%s: %.3f %s", s.label.c_str(), v, options.y_unit.c_str());
    }
    ImGui::Text("total: %.3f %s", totals[static_cast<std::size_t>(hovered_bar)], options.y_unit.c_str());
    ImGui::EndTooltip();
  }
}

}  // namespace apsp::chart
