#include "ui/overlay_key.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "render/overlay_style.h"
#include "ui/widgets.h"

namespace apsp::studio {
namespace {

enum class Shape { Solid, Dashed, Hatch, Corner, Brackets, Ring, DottedRing, TwoToneRing, Filled };

struct KeyItem {
  std::string label;
  Shape shape;
  Rgbf colour;
  bool active;
};

ImU32 u32(const Rgbf& c, float alpha) { return to_imu32(c[0], c[1], c[2], alpha); }

// A swatch: a grey "cell" with the overlay drawn on it as the shader draws it on a large cell.
void draw_swatch(ImDrawList* draw, ImVec2 a, ImVec2 b, const KeyItem& item, float alpha) {
  const float w = b.x - a.x;
  const float rim = std::max(2.0f, w * OverlayStyle::kRimFraction);
  const ImU32 hue = u32(item.colour, alpha);
  const ImU32 dark = u32(OverlayStyle::dark, alpha);
  const ImU32 light = u32(OverlayStyle::light, alpha);
  draw->AddRectFilled(a, b, to_imu32(0.45f, 0.45f, 0.48f, alpha));
  auto ring = [&](float inset, float thickness, ImU32 c) {
    draw->AddRect(ImVec2(a.x + inset + thickness * 0.5f, a.y + inset + thickness * 0.5f),
                  ImVec2(b.x - inset - thickness * 0.5f, b.y - inset - thickness * 0.5f), c, 0, 0, thickness);
  };
  switch (item.shape) {
    case Shape::Solid:
      ring(0, rim * 0.7f, hue);
      break;
    case Shape::Dashed:
      ring(0, rim * 0.7f, dark);
      for (float t = 0; t < w; t += w / 3.0f) {  // hue dashes on each side
        const float e = std::min(t + w / 5.0f, w);
        draw->AddRectFilled(ImVec2(a.x + t, a.y), ImVec2(a.x + e, a.y + rim * 0.7f), hue);
        draw->AddRectFilled(ImVec2(a.x + t, b.y - rim * 0.7f), ImVec2(a.x + e, b.y), hue);
        draw->AddRectFilled(ImVec2(a.x, a.y + t), ImVec2(a.x + rim * 0.7f, a.y + e), hue);
        draw->AddRectFilled(ImVec2(b.x - rim * 0.7f, a.y + t), ImVec2(b.x, a.y + e), hue);
      }
      break;
    case Shape::Hatch:
      draw->PushClipRect(a, b, true);
      for (float t = 0; t < 2.0f * w; t += w / 3.0f) {
        draw->AddLine(ImVec2(a.x + t, a.y), ImVec2(a.x + t - w, b.y), light, 1.5f);
        draw->AddLine(ImVec2(a.x + t + 1.5f, a.y), ImVec2(a.x + t + 1.5f - w, b.y), dark, 1.5f);
      }
      draw->PopClipRect();
      break;
    case Shape::Corner:  // the long side edged dark then light
      draw->AddTriangleFilled(a, ImVec2(a.x + w * 0.55f, a.y), ImVec2(a.x, a.y + w * 0.55f), light);
      draw->AddTriangleFilled(a, ImVec2(a.x + w * 0.5f, a.y), ImVec2(a.x, a.y + w * 0.5f), dark);
      draw->AddTriangleFilled(a, ImVec2(a.x + w * 0.42f, a.y), ImVec2(a.x, a.y + w * 0.42f), hue);
      break;
    case Shape::Brackets:  // a dark line on the cell's side
      draw->AddRectFilled(a, ImVec2(b.x, a.y + rim), dark);
      draw->AddRectFilled(a, ImVec2(b.x, a.y + rim * 0.65f), hue);
      draw->AddRectFilled(ImVec2(a.x, b.y - rim), b, dark);
      draw->AddRectFilled(ImVec2(a.x, b.y - rim * 0.65f), b, hue);
      break;
    case Shape::Ring:  // light outside, dark inside
      ring(0, rim, light);
      ring(rim * 0.25f, rim * 0.5f, hue);
      ring(rim * 0.75f, rim * 0.25f, dark);
      break;
    case Shape::DottedRing:
      for (float t = 0; t < w; t += rim * 2.0f) {
        draw->AddRectFilled(ImVec2(a.x + t, a.y), ImVec2(a.x + t + rim, a.y + rim), hue);
        draw->AddRectFilled(ImVec2(a.x + t, b.y - rim), ImVec2(a.x + t + rim, b.y), hue);
        draw->AddRectFilled(ImVec2(a.x, a.y + t), ImVec2(a.x + rim, a.y + t + rim), hue);
        draw->AddRectFilled(ImVec2(b.x - rim, a.y + t), ImVec2(b.x, a.y + t + rim), hue);
      }
      break;
    case Shape::TwoToneRing:
      ring(0, rim * 0.5f, light);
      ring(rim * 0.5f, rim * 0.5f, dark);
      break;
    case Shape::Filled:
      draw->AddRectFilled(a, b, hue);
      break;
  }
}

}  // namespace

int draw_overlay_key(const HeatmapOverlay& o, float width) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float font = ImGui::GetFontSize();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  std::vector<KeyItem> items = {
      {"pivot block", Shape::Solid, OverlayStyle::pivot, o.phase >= 1},
      {"pivot row/column", Shape::Dashed, OverlayStyle::rowcol, o.phase >= 2},
      {"independent", Shape::Hatch, OverlayStyle::dark, o.phase == 3},
      {"improved by the last step", Shape::Corner, OverlayStyle::improved, o.phase >= 0},
  };
  if (o.k_vertex >= 0)
    items.push_back({"row/col k = " + std::to_string(o.k_vertex), Shape::Brackets, OverlayStyle::k_line, true});
  if (o.selected.valid()) items.push_back({"selected (i, j)", Shape::TwoToneRing, OverlayStyle::dark, true});
  if (o.source_ik.valid() || o.source_kj.valid()) {
    items.push_back({"d[i][k], d[k][j]", Shape::Ring, OverlayStyle::source, true});
  }
  if (!o.path_cells.empty()) items.push_back({"path edges", Shape::DottedRing, OverlayStyle::path, true});
  for (int i = 0; i < o.bands; ++i) {
    const bool owns_rows =
        i == 0 || o.band_end[static_cast<std::size_t>(i)] > o.band_end[static_cast<std::size_t>(i - 1)];
    items.push_back({"GPU " + std::to_string(i), Shape::Filled, OverlayStyle::gpu[static_cast<std::size_t>(i)],
                     owns_rows});  // a GPU whose band is only padding owns no visible row
  }
  ImVec2 k = ImGui::GetCursorScreenPos();
  float x = k.x;
  const float right = k.x + width;
  int lines = 1;
  for (const KeyItem& item : items) {
    const float item_w = font * 1.6f + ImGui::CalcTextSize(item.label.c_str()).x;
    if (x > k.x && x + item_w > right) {  // wrap rather than run off the panel
      x = k.x;
      k.y += font * 1.35f;
      ++lines;
    }
    const float alpha = item.active ? 1.0f : 0.35f;
    draw_swatch(draw, ImVec2(x, k.y + font * 0.05f), ImVec2(x + font * 1.15f, k.y + font * 1.2f), item, alpha);
    x += font * 1.6f;
    draw->AddText(ImVec2(x, k.y), item.active ? text : dim, item.label.c_str());
    x += ImGui::CalcTextSize(item.label.c_str()).x + font * 1.2f;
  }
  ImGui::Dummy(ImVec2(width, font * 1.35f * static_cast<float>(lines) - font * 0.15f));
  return lines;
}

}  // namespace apsp::studio
