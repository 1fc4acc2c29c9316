#include "chart/legend.h"

#include <algorithm>

namespace apsp::chart {
namespace {

float entry_width(const LegendEntry& e, float font) {
  return font * (e.line ? 0.8f : 0.7f) + font * 0.35f + ImGui::CalcTextSize(e.label.c_str()).x;
}

std::vector<std::pair<std::size_t, std::size_t>> legend_lines(const std::vector<LegendEntry>& entries, float x_min,
                                                              float x_max) {
  const float font = ImGui::GetFontSize();
  std::vector<float> widths;
  for (const LegendEntry& e : entries) widths.push_back(entry_width(e, font));
  return wrap_rows(widths, font * 0.8f, std::max(x_max - x_min, 1.0f));
}

}  // namespace

std::vector<std::pair<std::size_t, std::size_t>> wrap_rows(const std::vector<float>& widths, float gap, float room) {
  std::vector<std::pair<std::size_t, std::size_t>> rows;
  std::size_t first = 0;
  float used = 0;
  for (std::size_t i = 0; i < widths.size(); ++i) {
    const float w = widths[i] + (i > first ? gap : 0.0f);
    if (i > first && used + w > room) {
      rows.emplace_back(first, i);
      first = i;
      used = widths[i];
    } else {
      used += w;
    }
  }
  if (first < widths.size()) rows.emplace_back(first, widths.size());
  return rows;
}

float legend_height(const std::vector<LegendEntry>& entries, float x_min, float x_max) {
  const float font = ImGui::GetFontSize();
  const std::size_t lines = std::max<std::size_t>(legend_lines(entries, x_min, x_max).size(), 1);
  return font * 1.25f * static_cast<float>(lines) + font * 0.15f;
}

void draw_legend(ImDrawList* draw, const std::vector<LegendEntry>& entries, float x_min, float x_max, float y) {
  const float font = ImGui::GetFontSize();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const float gap = font * 0.8f;
  for (const auto& [first, last] : legend_lines(entries, x_min, x_max)) {
    float width = 0;
    for (std::size_t i = first; i < last; ++i) width += entry_width(entries[i], font) + (i > first ? gap : 0.0f);
    float x = std::max(x_min, x_max - width);
    for (std::size_t i = first; i < last; ++i) {
      const LegendEntry& e = entries[i];
      if (e.line) {
        const float cy = y + font * 0.55f;
        draw->AddLine(ImVec2(x, cy), ImVec2(x + font * 0.8f, cy), e.color, 3.0f);
        x += font * 0.8f;
      } else {
        draw->AddRectFilled(ImVec2(x, y + font * 0.15f), ImVec2(x + font * 0.7f, y + font * 0.85f), e.color);
        x += font * 0.7f;
      }
      x += font * 0.35f;
      draw->AddText(ImVec2(x, y), text, e.label.c_str());
      x += ImGui::CalcTextSize(e.label.c_str()).x + gap;
    }
    y += font * 1.25f;
  }
}

}  // namespace apsp::chart
