#include "live_plot.h"

#include <algorithm>
#include <utility>

namespace apsp::chart {

LivePlot::LivePlot(const char* id, const char* button, ImVec2 box) : size(box) {
  ImGui::PushID(id);
  draw = ImGui::GetWindowDrawList();
  origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton(button, size);
  hovered = ImGui::IsItemHovered();
  font = ImGui::GetFontSize();
  axis_color = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  text_color = ImGui::GetColorU32(ImGuiCol_Text);
}

LegendStrip legend_strip(const LivePlot& plot, std::vector<LegendEntry> entries, const std::string& unit,
                         float right_pad) {
  LegendStrip strip;
  strip.entries = std::move(entries);
  strip.min_x = plot.origin.x + ImGui::CalcTextSize(unit.c_str()).x + plot.font;
  strip.max_x = plot.origin.x + plot.size.x - right_pad;
  strip.height = std::max(plot.font * 1.4f, legend_height(strip.entries, strip.min_x, strip.max_x));
  return strip;
}

void draw_value_axis(const LivePlot& plot, ImVec2 p0, ImVec2 p1, const ValueAxis& axis, const std::string& unit,
                     std::string (*label)(double)) {
  for (double v = 0; v <= axis.max + axis.step * 0.5; v += axis.step)
    draw_y_tick(plot.draw, p0.x, p1.x, axis.y_of(v), label(v), plot.font * 0.3f, with_alpha(plot.axis_color, 0x40),
                plot.axis_color);
  plot.draw->AddText(plot.origin, plot.axis_color, unit.c_str());
  plot.draw->AddLine(ImVec2(p0.x, p0.y), ImVec2(p0.x, p1.y), plot.axis_color);
  plot.draw->AddLine(ImVec2(p0.x, p1.y), ImVec2(p1.x, p1.y), plot.axis_color);
}

void draw_empty_note(const LivePlot& plot, ImVec2 p0, ImVec2 p1, const char* text) {
  plot.draw->AddText(ImVec2(p0.x + plot.font, (p0.y + p1.y) * 0.5f - plot.font * 0.5f), plot.axis_color, text);
}

}  // namespace apsp::chart
