#include "chart/axes.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace apsp::chart {

ValueAxis ValueAxis::fit(double largest, int target_ticks) {
  const double top = largest > 0 ? largest : 1;
  ValueAxis axis;
  axis.step = nice_tick_step(top, target_ticks);
  axis.max = std::ceil(top / axis.step) * axis.step;
  return axis;
}

namespace {
std::string printed(const char* format, double value) {
  char buf[32];
  std::snprintf(buf, sizeof buf, format, value);
  return buf;
}
}  // namespace

std::string plain_label(double value) { return printed("%g", value); }

std::string three_digit_label(double value) { return printed("%.3g", value); }

std::string si_label(double value) {
  static const char* const kPrefix[] = {"", " k", " M", " G", " T", " P"};
  int p = 0;
  double a = std::fabs(value);
  while (a >= 1000 && p < 5) {
    a /= 1000;
    value /= 1000;
    ++p;
  }
  return printed("%g", std::round(value * 1000) / 1000) + kPrefix[p];
}

void draw_y_tick(ImDrawList* draw, float x0, float x1, float y, const std::string& label, float gap, ImU32 grid,
                 ImU32 ink) {
  draw->AddLine(ImVec2(x0, y), ImVec2(x1, y), grid, 1);
  const ImVec2 size = ImGui::CalcTextSize(label.c_str());
  draw->AddText(ImVec2(x0 - size.x - gap, y - size.y * 0.5f), ink, label.c_str());
}

int x_label_every(float font, float slot) { return std::max(1, static_cast<int>(std::ceil(font * 3.0f / slot))); }

void draw_x_axis_name(ImDrawList* draw, const std::string& name, float left, float plot_x0, float y, ImU32 color) {
  const float font = ImGui::GetFontSize();
  const ImVec2 size = ImGui::CalcTextSize(name.c_str());
  draw->AddText(ImVec2(std::max(left, plot_x0 - size.x - font * 0.3f), y), color, name.c_str());
}

void tooltip_swatch(const std::string& label, ImU32 color) {
  const float font = ImGui::GetFontSize();
  ImGui::ColorButton(label.c_str(), ImGui::ColorConvertU32ToFloat4(color), ImGuiColorEditFlags_NoTooltip,
                     ImVec2(font * 0.8f, font * 0.8f));
  ImGui::SameLine();
}

}  // namespace apsp::chart
