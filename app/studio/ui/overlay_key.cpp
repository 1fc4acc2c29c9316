#include "ui/overlay_key.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "render/overlay_style.h"
#include "teach/block_flow.h"
#include "ui/widgets.h"

namespace apsp::studio {
namespace {

enum class Shape { Solid, Double, Dashed, Hatch, Corner, Brackets, Ring, DottedRing, TwoToneRing, Filled, Arrow };

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
    case Shape::Double:  // a block only read: two thin lines
      ring(0, std::max(1.0f, rim * 0.25f), hue);
      ring(rim * 0.6f, std::max(1.0f, rim * 0.25f), hue);
      break;
    case Shape::Arrow: {  // a link: dark core cased in light, pointing right
      const float cy = (a.y + b.y) * 0.5f, half = std::max(1.5f, rim * 0.3f), head = w * 0.3f;
      const ImVec2 tip(b.x - 1.0f, cy), back_top(b.x - 1.0f - head * 1.4f, cy - head),
          back_bottom(back_top.x, cy + head);
      draw->AddRectFilled(ImVec2(a.x + 1.0f, cy - half - 1.0f), ImVec2(back_top.x + 1.0f, cy + half + 1.0f), light);
      draw->AddTriangleFilled(ImVec2(tip.x + 1.0f, cy), ImVec2(back_top.x - 1.0f, cy - head - 1.5f),
                              ImVec2(back_top.x - 1.0f, cy + head + 1.5f), light);
      draw->AddRectFilled(ImVec2(a.x + 2.0f, cy - half), ImVec2(back_top.x + 1.0f, cy + half), hue);
      draw->AddTriangleFilled(tip, back_top, back_bottom, hue);
      break;
    }
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
  // The block roles of the phase just done (teach/block_flow.h): what it wrote, what it only read.
  const int round = o.round;
  auto role = [&](const char* name, int bi, int bj, Shape written_shape, const Rgbf& hue) {
    switch (block_role(o.phase, round, bi, bj)) {
      case BlockRole::Written:
        return KeyItem{std::string(name) + ": written", written_shape, hue, true};
      case BlockRole::Read:
        return KeyItem{std::string(name) + ": read", Shape::Double, hue, true};
      default:
        return KeyItem{name, written_shape, hue, false};
    }
  };
  std::vector<KeyItem> items = {
      role("pivot block", round, round, Shape::Solid, OverlayStyle::pivot),
      role("pivot row/column", round, round + 1, Shape::Dashed, OverlayStyle::rowcol),
      role("independent", round + 1, round + 1, Shape::Hatch, OverlayStyle::dark),
  };
  if (!o.blocked) items.erase(items.begin(), items.begin() + 3);  // plain Floyd–Warshall has no blocks
  if (o.phase >= 1) items.push_back({"from read to written", Shape::Arrow, OverlayStyle::link, !o.links.empty()});
  items.push_back({"improved by the last step", Shape::Corner, OverlayStyle::improved, o.phase >= 0});
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
