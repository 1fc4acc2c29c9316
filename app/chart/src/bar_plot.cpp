#include "plot/bar_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "plot/plot_zoom.h"
#include "plot/legend.h"

namespace apsp::studio {

double nice_tick_step(double max, int target_ticks) {
  if (max <= 0 || target_ticks < 1) return 1;
  double raw = max / target_ticks;
  double power = std::pow(10.0, std::floor(std::log10(raw)));
  double mantissa = raw / power;
  double nice = mantissa <= 1 ? 1 : mantissa <= 2 ? 2 : mantissa <= 5 ? 5 : 10;
  return nice * power;
}

void stacked_bar_plot(const char* id, const std::vector<BarSeries>& series, const BarPlotOptions& options,
                      ImVec2 size) {
  ImGui::PushID(id);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("plot", size);
  bool hovered = ImGui::IsItemHovered();
  const float font = ImGui::GetFontSize();
  const ImU32 axis_color = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImU32 text_color = ImGui::GetColorU32(ImGuiCol_Text);

  std::size_t bars = 0;
  for (const auto& s : series) bars = std::max(bars, s.values.size());
  std::vector<float> totals(bars, 0.0f);
  for (const auto& s : series) {
    for (std::size_t i = 0; i < s.values.size(); ++i) totals[i] += std::max(0.0f, s.values[i]);
  }
  double max_total = 0;
  for (float t : totals) max_total = std::max(max_total, static_cast<double>(t));
  double step = nice_tick_step(max_total > 0 ? max_total : 1, 4);
  double y_max = std::ceil((max_total > 0 ? max_total : 1) / step) * step;

  char buf[64];
  std::snprintf(buf, sizeof buf, "%g %s", y_max, options.y_unit.c_str());
  float left = ImGui::CalcTextSize(buf).x + font * 0.6f;
  // Legend on the top lines (wrapped, never dropping an entry), right of the unit label.
  std::vector<LegendEntry> legend;
  for (const auto& sr : series) legend.push_back({sr.label, sr.color, false});
  const float legend_min_x = origin.x + ImGui::CalcTextSize(options.y_unit.c_str()).x + font;
  const float legend_max_x = origin.x + size.x - font * 0.3f;
  float legend_h = std::max(font * 1.4f, legend_height(legend, legend_min_x, legend_max_x));
  ImVec2 p0(origin.x + left, origin.y + legend_h);
  ImVec2 p1(origin.x + size.x - font * 0.3f, origin.y + size.y - font * 1.5f);
  if (p1.x <= p0.x + 4 || p1.y <= p0.y + 4) {
    ImGui::PopID();
    return;
  }
  auto y_of = [&](double v) { return p1.y - static_cast<float>(v / y_max) * (p1.y - p0.y); };

  // Grid and y ticks.
  for (double v = 0; v <= y_max + step * 0.5; v += step) {
    float y = y_of(v);
    draw->AddLine(ImVec2(p0.x, y), ImVec2(p1.x, y), (axis_color & 0x00FFFFFF) | 0x40000000);
    std::snprintf(buf, sizeof buf, "%g", v);
    ImVec2 ts = ImGui::CalcTextSize(buf);
    draw->AddText(ImVec2(p0.x - ts.x - font * 0.3f, y - ts.y * 0.5f), axis_color, buf);
  }
  draw->AddText(ImVec2(origin.x, origin.y), axis_color, options.y_unit.c_str());
  draw->AddLine(ImVec2(p0.x, p0.y), ImVec2(p0.x, p1.y), axis_color);
  draw->AddLine(ImVec2(p0.x, p1.y), ImVec2(p1.x, p1.y), axis_color);

  draw_legend(draw, legend, legend_min_x, legend_max_x, origin.y);

  if (bars == 0) {
    draw->AddText(ImVec2(p0.x + font, (p0.y + p1.y) * 0.5f - font * 0.5f), axis_color, "no samples yet: step or play");
    ImGui::PopID();
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
  if (hovered) {
    float mx = ImGui::GetIO().MousePos.x;
    int sl = static_cast<int>(std::floor((mx - x_start) / slot));
    if (sl >= 0 && sl < static_cast<int>(slots)) {
      float within = mx - x_start - slot * static_cast<float>(sl) - gap * 0.5f;
      int member = std::clamp(static_cast<int>(std::floor(within / bar_w)), 0, static_cast<int>(group) - 1);
      int b = sl * static_cast<int>(group) + member;
      if (b < static_cast<int>(bars)) hovered_bar = b;
    }
  }
  draw->PushClipRect(ImVec2(p0.x, p0.y - 2), ImVec2(p1.x + 2, p1.y + font * 1.3f), true);
  for (std::size_t i = 0; i < bars; ++i) {
    float x0 = bar_x0(i);
    float x1 = x0 + std::max(1.0f, bar_w - inner_gap);
    double base = 0;
    for (const auto& s : series) {
      float v = i < s.values.size() ? std::max(0.0f, s.values[i]) : 0.0f;
      if (v <= 0) continue;
      draw->AddRectFilled(ImVec2(x0, y_of(base + v)), ImVec2(x1, y_of(base)), s.color);
      base += v;
    }
    if (i % group < options.group_colors.size()) {
      draw->AddRectFilled(ImVec2(x0, p1.y + 1), ImVec2(x1, p1.y + std::max(2.0f, font * 0.2f)),
                          options.group_colors[i % group]);
    }
    if (static_cast<int>(i) == hovered_bar) {
      draw->AddRect(ImVec2(x0 - 1, y_of(base) - 1), ImVec2(x1 + 1, p1.y + 1), text_color);
    }
  }
  // X labels (one per slot): first, last, and a few between; only those in the zoomed window.
  int label_every = std::max(1, static_cast<int>(std::ceil(font * 3.0f / slot)));
  for (std::size_t i = 0; i < slots; i += static_cast<std::size_t>(label_every)) {
    std::snprintf(buf, sizeof buf, "%d", options.first_x + static_cast<int>(i));
    ImVec2 ts = ImGui::CalcTextSize(buf);
    float cx = x_start + slot * (static_cast<float>(i) + 0.5f);
    if (cx < p0.x || cx > p1.x) continue;
    draw->AddText(ImVec2(cx - ts.x * 0.5f, p1.y + font * 0.2f), axis_color, buf);
  }
  draw->PopClipRect();
  // The x axis name sits in the free corner left of the first bar, under the y tick labels.
  ImVec2 xs = ImGui::CalcTextSize(options.x_label.c_str());
  draw->AddText(ImVec2(std::max(origin.x, p0.x - xs.x - font * 0.3f), p1.y + font * 0.2f), axis_color,
                options.x_label.c_str());

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
      ImGui::ColorButton(s.label.c_str(), ImGui::ColorConvertU32ToFloat4(s.color), ImGuiColorEditFlags_NoTooltip,
                         ImVec2(font * 0.8f, font * 0.8f));
      ImGui::SameLine();
      ImGui::Text("%s: %.3f %s", s.label.c_str(), v, options.y_unit.c_str());
    }
    ImGui::Text("total: %.3f %s", totals[static_cast<std::size_t>(hovered_bar)], options.y_unit.c_str());
    ImGui::EndTooltip();
  }
  ImGui::PopID();
}

}  // namespace apsp::studio
