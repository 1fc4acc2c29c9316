#include "heatmap_labels.h"

#include <apsp/core/errors.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "chart/chart_png.h"

namespace apsp::studio {
namespace {

constexpr float kPad = 6.0f;       // between the matrix, its labels and the image's edge
constexpr float kBarHeight = 14.0f;
constexpr ImU32 kInk = IM_COL32(0, 0, 0, 255);
constexpr ImU32 kFrame = IM_COL32(90, 90, 90, 255);

ImU32 to_u32(const Rgb8& c) { return IM_COL32(c.r, c.g, c.b, 255); }

std::string cell_text(std::int32_t value, std::int32_t inf) { return value >= inf ? "inf" : std::to_string(value); }

/// Text size in the default font without an ImGui context: 13 px high, 7 px a glyph (ProggyClean is
/// monospaced), so the layout is known before the context that draws it exists.
constexpr float kFontPx = 13.0f;
constexpr float kGlyphPx = 7.0f;
float text_width(const std::string& text) { return kGlyphPx * static_cast<float>(text.size()); }

}  // namespace

RgbaImage label_heatmap(const RgbaImage& heatmap, const ViewFrame& view, const Colormap& colormap, int scale) {
  const ViewGeometry& g = view.geometry;
  if (g.tiled())
    throw UsageError("--heatmap-labels: the view shows tile minima (n = " + std::to_string(g.n) +
                     " over a budget of " + std::to_string(g.cols) + "): no vertex per row to number");
  if (g.matrix_rows > 0)  // rows are sources in the order the solve took them, some still pending
    throw UsageError("--heatmap-labels: a sparse solve's view (one row per source): numbers for the dense solvers only");
  if (view.tiles.size() < g.texels())
    throw UsageError("--heatmap-labels: the distances stay on the GPU (device view path): no value per cell to print");
  const float cell = static_cast<float>(scale);
  const int n_rows = g.rows, n_cols = g.cols;

  // Every value fits, or none is printed (a matrix with some cells numbered reads as missing values).
  float widest = 0;
  for (std::size_t i = 0; i < g.texels(); ++i) widest = std::max(widest, text_width(cell_text(view.tiles[i], view.inf)));
  const bool values = widest + 2.0f <= cell && kFontPx + 1.0f <= cell;

  const float label_w = text_width(std::to_string(std::max(n_rows, n_cols) - 1));
  const float left = kPad + label_w + kPad, top = kPad + kFontPx + kPad;
  const float matrix_w = cell * static_cast<float>(n_cols), matrix_h = cell * static_cast<float>(n_rows);
  // Numbers on an axis at most every few vertices, so that neighbours never touch.
  const int col_every = std::max(1, static_cast<int>(std::ceil((label_w + kGlyphPx) / cell)));
  const int row_every = std::max(1, static_cast<int>(std::ceil((kFontPx + 2.0f) / cell)));

  const std::string lo = view.range.has_finite ? std::to_string(view.range.lo) : "-";
  const std::string hi = view.range.has_finite ? std::to_string(view.range.hi) : "-";
  const std::string inf_label = "inf: unreachable";
  const float bar_w = std::max(matrix_w, 160.0f);
  const float bar_y = top + matrix_h + kPad * 2.0f;
  const float inf_x = left + bar_w + kPad * 2.0f;
  const float width = std::max(left + matrix_w, inf_x + kBarHeight + kPad + text_width(inf_label)) + kPad;
  const float height = bar_y + kBarHeight + 2.0f + kFontPx + kPad;

  RgbaImage image(static_cast<int>(std::ceil(width)), static_cast<int>(std::ceil(height)), 0xffffffff);
  const int mx = static_cast<int>(left), my = static_cast<int>(top);
  for (int y = 0; y < heatmap.height; ++y)
    std::memcpy(&image.pixels[(static_cast<std::size_t>(my + y) * image.width + mx) * 4],
                &heatmap.pixels[static_cast<std::size_t>(y) * heatmap.width * 4], static_cast<std::size_t>(heatmap.width) * 4);

  return chart::render_offscreen(std::move(image), [&](ImDrawList* draw) {
    const float x0 = static_cast<float>(mx), y0 = static_cast<float>(my);
    for (int c = 0; c < n_cols; c += col_every) {
      const std::string t = std::to_string(c);
      draw->AddText(ImVec2(std::round(x0 + (c + 0.5f) * cell - text_width(t) * 0.5f), kPad), kInk, t.c_str());
    }
    for (int r = 0; r < n_rows; r += row_every) {
      const std::string t = std::to_string(r);
      draw->AddText(ImVec2(x0 - kPad - text_width(t), std::round(y0 + (r + 0.5f) * cell - kFontPx * 0.5f)), kInk, t.c_str());
    }
    draw->AddRect(ImVec2(x0 - 1, y0 - 1), ImVec2(x0 + matrix_w + 1, y0 + matrix_h + 1), kFrame);
    if (values) {
      for (int r = 0; r < n_rows; ++r) {
        for (int c = 0; c < n_cols; ++c) {
          const std::size_t i = static_cast<std::size_t>(r) * static_cast<std::size_t>(n_cols) + static_cast<std::size_t>(c);
          const std::string t = cell_text(view.tiles[i], view.inf);
          const Rgb8& fill = colormap.entries[std::min<std::size_t>(view.codes[i] & kViewIndexMask, kViewInfCode)];
          const float luminance = 0.2126f * fill.r + 0.7152f * fill.g + 0.0722f * fill.b;
          const ImU32 ink = luminance > 140 ? kInk : IM_COL32(255, 255, 255, 255);  // as the window's numbers
          const ImVec2 at(std::round(x0 + (c + 0.5f) * cell - text_width(t) * 0.5f),
                          std::round(y0 + (r + 0.5f) * cell - kFontPx * 0.5f));
          // On a plate of the cell's own colour: the overlays' hatching and outlines never cross the digits.
          draw->AddRectFilled(ImVec2(at.x - 1, at.y), ImVec2(at.x + text_width(t) + 1, at.y + kFontPx), to_u32(fill));
          draw->AddText(at, ink, t.c_str());
        }
      }
    }
    // The colour bar: the 256 colormap entries from the range's low end to its high end, then the INF swatch.
    for (int e = 0; e < 256; ++e) {
      const float a = left + bar_w * static_cast<float>(e) / 256.0f, b = left + bar_w * static_cast<float>(e + 1) / 256.0f;
      draw->AddRectFilled(ImVec2(std::floor(a), bar_y), ImVec2(std::floor(b), bar_y + kBarHeight), to_u32(colormap.entries[static_cast<std::size_t>(e)]));
    }
    draw->AddRect(ImVec2(left - 1, bar_y - 1), ImVec2(left + bar_w + 1, bar_y + kBarHeight + 1), kFrame);
    draw->AddText(ImVec2(left, bar_y + kBarHeight + 2.0f), kInk, lo.c_str());
    draw->AddText(ImVec2(std::round(left + bar_w - text_width(hi)), bar_y + kBarHeight + 2.0f), kInk, hi.c_str());
    draw->AddRectFilled(ImVec2(inf_x, bar_y), ImVec2(inf_x + kBarHeight, bar_y + kBarHeight), to_u32(colormap.inf()));
    draw->AddRect(ImVec2(inf_x - 1, bar_y - 1), ImVec2(inf_x + kBarHeight + 1, bar_y + kBarHeight + 1), kFrame);
    draw->AddText(ImVec2(inf_x + kBarHeight + kPad, bar_y), kInk, inf_label.c_str());
  });
}

}  // namespace apsp::studio
