#include "plot/line_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "plot/bar_plot.h"
#include "plot/plot_zoom.h"
#include "plot/legend.h"

namespace apsp::studio {
namespace {

std::string default_format(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

// Tick label with an SI suffix so that 2e12 reads "2 T" instead of "2e+12".
std::string tick_label(double v) {
  static const char* const kPrefix[] = {"", " k", " M", " G", " T", " P"};
  int p = 0;
  double a = std::fabs(v);
  while (a >= 1000 && p < 5) {
    a /= 1000;
    v /= 1000;
    ++p;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g%s", std::round(v * 1000) / 1000, kPrefix[p]);
  return buf;
}

}  // namespace

void line_plot(const char* id, const std::vector<LineSeries>& series, const LinePlotOptions& options, ImVec2 size) {
  ImGui::PushID(id);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("plot", size);
  const bool hovered = ImGui::IsItemHovered();
  const float font = ImGui::GetFontSize();
  const ImU32 axis_color = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImU32 text_color = ImGui::GetColorU32(ImGuiCol_Text);
  auto format = options.format ? options.format : default_format;

  std::size_t points = 0;
  double y_top = 0;
  for (const auto& s : series) {
    points = std::max(points, s.values.size());
    for (float v : s.values) {
      if (std::isfinite(v)) y_top = std::max(y_top, static_cast<double>(v));
    }
  }
  const double step = nice_tick_step(y_top > 0 ? y_top : 1, 3);
  const double y_max = std::ceil((y_top > 0 ? y_top : 1) / step) * step;

  // Room for the widest tick label ("0.05" is wider than the top "0.1") and for the x axis name beside it.
  float widest = ImGui::CalcTextSize(options.x_label.c_str()).x;
  for (double v = 0; v <= y_max + step * 0.5; v += step)
    widest = std::max(widest, ImGui::CalcTextSize(tick_label(v).c_str()).x);
  const float left = widest + font * 0.6f;
  // Legend on the top lines (wrapped, never dropping an entry), right of the unit label.
  std::vector<LegendEntry> legend;
  for (const auto& sr : series) legend.push_back({sr.label, sr.color, true});
  const float legend_min_x = origin.x + ImGui::CalcTextSize(options.y_unit.c_str()).x + font;
  const float legend_max_x = origin.x + size.x - font * 0.5f;
  const float legend_h = std::max(font * 1.4f, legend_height(legend, legend_min_x, legend_max_x));
  const ImVec2 p0(origin.x + left, origin.y + legend_h);
  const ImVec2 p1(origin.x + size.x - font * 0.5f, origin.y + size.y - font * 1.5f);
  if (p1.x <= p0.x + 4 || p1.y <= p0.y + 4) {
    ImGui::PopID();
    return;
  }
  auto y_of = [&](double v) { return p1.y - static_cast<float>(v / y_max) * (p1.y - p0.y); };
  // Zoom and pan on x (plot_zoom.h): the window is a share of all rounds.
  const XZoom zoom = handle_x_zoom(ImGui::GetID("zoom"), p0.x, p1.x);
  // One x slot per round, points at slot centres, so the rounds line up with the bar chart's bars.
  const std::size_t slots = std::max<std::size_t>(points, 1);
  const float slot = (p1.x - p0.x) / static_cast<float>(static_cast<double>(slots) * zoom.width());
  auto x_of = [&](std::size_t i) {
    const double f = (static_cast<double>(i) + 0.5) / static_cast<double>(slots);
    return p0.x + static_cast<float>(zoom.to_view(f)) * (p1.x - p0.x);
  };

  for (double v = 0; v <= y_max + step * 0.5; v += step) {
    const float y = y_of(v);
    draw->AddLine(ImVec2(p0.x, y), ImVec2(p1.x, y), (axis_color & 0x00FFFFFF) | 0x40000000);
    std::string t = tick_label(v);
    const ImVec2 ts = ImGui::CalcTextSize(t.c_str());
    draw->AddText(ImVec2(p0.x - ts.x - font * 0.3f, y - ts.y * 0.5f), axis_color, t.c_str());
  }
  draw->AddText(origin, axis_color, options.y_unit.c_str());
  draw->AddLine(ImVec2(p0.x, p0.y), ImVec2(p0.x, p1.y), axis_color);
  draw->AddLine(ImVec2(p0.x, p1.y), ImVec2(p1.x, p1.y), axis_color);

  draw_legend(draw, legend, legend_min_x, legend_max_x, origin.y);

  if (points == 0) {
    draw->AddText(ImVec2(p0.x + font, (p0.y + p1.y) * 0.5f - font * 0.5f), axis_color, "no samples yet");
    ImGui::PopID();
    return;
  }
  draw->PushClipRect(ImVec2(p0.x, p0.y - 2), ImVec2(p1.x + 2, p1.y + 2), true);
  for (const auto& s : series) {
    const float thickness = std::max(1.5f, font * 0.12f);
    bool have_prev = false;
    ImVec2 prev;
    for (std::size_t i = 0; i < s.values.size(); ++i) {
      if (!std::isfinite(s.values[i])) {
        have_prev = false;
        continue;
      }
      const ImVec2 p(x_of(i), y_of(s.values[i]));
      if (have_prev) draw->AddLine(prev, p, s.color, thickness);
      // Few points: mark them, or a single round would draw nothing.
      if (slot > font * 0.6f) draw->AddCircleFilled(p, thickness * 1.4f, s.color);
      prev = p;
      have_prev = true;
    }
  }
  draw->PopClipRect();

  const int label_every = std::max(1, static_cast<int>(std::ceil(font * 3.0f / slot)));
  char buf[32];
  for (std::size_t i = 0; i < points; i += static_cast<std::size_t>(label_every)) {
    if (x_of(i) < p0.x || x_of(i) > p1.x) continue;  // outside the zoomed window
    std::snprintf(buf, sizeof buf, "%d", options.first_x + static_cast<int>(i));
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    // Never left of the axis, where the axis name sits.
    draw->AddText(ImVec2(std::max(x_of(i) - ts.x * 0.5f, p0.x + font * 0.15f), p1.y + font * 0.2f), axis_color, buf);
  }
  const ImVec2 xs = ImGui::CalcTextSize(options.x_label.c_str());
  draw->AddText(ImVec2(std::max(origin.x, p0.x - xs.x - font * 0.3f), p1.y + font * 0.2f), axis_color,
                options.x_label.c_str());

  if (hovered) {
    const double at = zoom.from_view((ImGui::GetIO().MousePos.x - p0.x) / (p1.x - p0.x));
    const int i = static_cast<int>(std::floor(at * static_cast<double>(slots)));
    if (i >= 0 && i < static_cast<int>(points)) {
      const auto idx = static_cast<std::size_t>(i);
      draw->AddLine(ImVec2(x_of(idx), p0.y), ImVec2(x_of(idx), p1.y), text_color);
      ImGui::BeginTooltip();
      ImGui::Text("%s %d", options.x_label.c_str(), options.first_x + i);
      for (const auto& s : series) {
        if (idx >= s.values.size() || !std::isfinite(s.values[idx])) continue;
        ImGui::ColorButton(s.label.c_str(), ImGui::ColorConvertU32ToFloat4(s.color), ImGuiColorEditFlags_NoTooltip,
                           ImVec2(font * 0.8f, font * 0.8f));
        ImGui::SameLine();
        ImGui::Text("%s: %s %s", s.label.c_str(), format(s.values[idx]).c_str(), options.y_unit.c_str());
      }
      ImGui::EndTooltip();
    }
  }
  ImGui::PopID();
}

}  // namespace apsp::studio
