// The heatmap canvas's annotations: vertex numbers on the axes, the cells' values when zoomed in, and the
// colour legend with the overlay key under the canvas.
#include <apsp/view/source_rows_view.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "render/overlay_style.h"
#include "ui/heatmap_view_panel.h"
#include "ui/overlay_key.h"
#include "ui/predecessor_display.h"
#include "ui/widgets.h"

namespace apsp::studio {
namespace {

ImU32 to_u32(const Rgb8& c) { return IM_COL32(c.r, c.g, c.b, 255); }

}  // namespace

std::int32_t HeatmapViewPanel::source_of_row(const SparseSnapshot& sp, int r) {
  if (!sp.source_ids || r < 0 || r >= static_cast<int>(sp.source_ids->size())) return -1;
  return (*sp.source_ids)[static_cast<std::size_t>(r)];
}

ImVec2 HeatmapViewPanel::axis_label_margin(const ViewFrame* frame) const {
  // Vertex numbers on both axes for small matrices (one texel per cell), as on the board.
  if (!frame || frame->geometry.tiled() || frame->geometry.n > kMaxLabelledVertices) return ImVec2(0, 0);
  const float font = ImGui::GetFontSize();
  const std::string widest = std::to_string(std::max(frame->geometry.n - 1, 0));
  return ImVec2(ImGui::CalcTextSize(widest.c_str()).x + font * 0.6f, font * 1.3f);
}

void HeatmapViewPanel::draw_axis_labels(const AppState& state, const ViewFrame& frame, ImVec2 canvas_min,
                                        ImVec2 canvas) const {
  const ViewGeometry& g = frame.geometry;
  const HeatmapNavigation& v = state.edits.view;
  const ImVec2 fb_scale = ImGui::GetIO().DisplayFramebufferScale;
  const float cell_w = 1.0f / (v.texels_per_px * fb_scale.x);  // ImGui units per cell
  const float cell_h = 1.0f / (v.texels_per_px * fb_scale.y);
  const float font = ImGui::GetFontSize();
  // Every cell when there is room for its number, else every 2nd, 5th, 10th ...
  int every = 1;
  for (int step : {1, 2, 5, 10, 20, 50}) {
    every = step;
    if (std::min(cell_w, cell_h) * static_cast<float>(step) >= font * 1.2f) break;
  }
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImVec2 margin = axis_label_margin(&frame);
  // Next to the matrix itself, which fit centres in the canvas: its left and top edges, or the canvas's.
  const float matrix_left = std::max(canvas_min.x, canvas_min.x - v.origin_x * cell_w);
  const float matrix_top = std::max(canvas_min.y, canvas_min.y - v.origin_y * cell_h);
  char buf[16];
  for (int c = 0; c < g.n; c += every) {
    std::snprintf(buf, sizeof buf, "%d", c);
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    const float cx = canvas_min.x + (static_cast<float>(c) + 0.5f - v.origin_x) * cell_w;
    if (cx >= canvas_min.x && cx <= canvas_min.x + canvas.x) {  // column j above the matrix
      draw->AddText(ImVec2(cx - ts.x * 0.5f, matrix_top - margin.y + (margin.y - ts.y) * 0.5f), text, buf);
    }
  }
  // Rows: vertex i, or for a sparse solve's S x n rows the source each row belongs to.
  const SparseSnapshot* sparse = state.session.sparse ? &*state.session.sparse : nullptr;
  for (int r = 0; r < g.row_count(); r += every) {
    std::snprintf(buf, sizeof buf, "%d", sparse ? source_of_row(*sparse, r) : r);
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    const float cy = canvas_min.y + (static_cast<float>(r) + 0.5f - v.origin_y) * cell_h;
    if (cy >= canvas_min.y && cy <= canvas_min.y + canvas.y) {  // row i left of it
      draw->AddText(ImVec2(matrix_left - ts.x - font * 0.3f, cy - ts.y * 0.5f), text, buf);
    }
  }
}

float HeatmapViewPanel::draw_cell_values(const AppState& state, const HeatmapRenderer& renderer,
                                         const ViewFrame& frame, ImVec2 canvas_min, ImVec2 canvas) const {
  // Classroom graphs: once a cell is big enough, print its distance in it, so the board and the screen agree.
  const ViewGeometry& g = frame.geometry;
  if (g.tiled() || frame.tiles.size() < g.texels()) return 0;  // the device path keeps no host tiles
  const HeatmapNavigation& v = state.edits.view;
  ImVec2 fb_scale = ImGui::GetIO().DisplayFramebufferScale;
  float cell_w = 1.0f / (v.texels_per_px * fb_scale.x);  // ImGui units per cell
  float cell_h = 1.0f / (v.texels_per_px * fb_scale.y);
  std::string widest = format_thousands(std::max(std::abs(frame.range.lo), std::abs(frame.range.hi)));
  if (frame.range.lo < 0) widest = "-" + widest;
  // The numbers take the panel's type where a cell holds it (with a digit's margin), else as large as the cell
  // holds, down to 60% of it (at least 12 px): a 32 px cell on a 720 p projector keeps its two-digit numbers.
  ImFont* font = ImGui::GetFont();
  const float font_px = ImGui::GetFontSize();
  const float widest_w = ImGui::CalcTextSize((widest + "0").c_str()).x;
  const float number_px =
      std::floor(std::min({font_px, cell_h / 1.2f, widest_w > 0 ? font_px * cell_w / widest_w : font_px}));
  if (number_px < std::max(12.0f, font_px * 0.6f)) return 0;
  int x0 = std::max(0, static_cast<int>(std::floor(v.origin_x)));
  int y0 = std::max(0, static_cast<int>(std::floor(v.origin_y)));
  int x1 = std::min(g.cols, static_cast<int>(std::ceil(v.origin_x + canvas.x * fb_scale.x * v.texels_per_px)));
  int y1 = std::min(g.rows, static_cast<int>(std::ceil(v.origin_y + canvas.y * fb_scale.y * v.texels_per_px)));
  if (static_cast<long>(x1 - x0) * static_cast<long>(y1 - y0) > 4096) return 0;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(canvas_min, ImVec2(canvas_min.x + canvas.x, canvas_min.y + canvas.y), true);
  const Colormap& map = renderer.colormap();
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      std::size_t idx = static_cast<std::size_t>(y) * static_cast<std::size_t>(g.cols) + static_cast<std::size_t>(x);
      std::int32_t value = frame.tiles[idx];
      if (value == kViewPendingTile) continue;  // a sparse row not computed yet: no number to show
      std::string text = value >= frame.inf ? std::string("inf") : std::to_string(value);
      const Rgb8& c = map.entries[std::min<std::size_t>(frame.codes[idx] & kViewIndexMask, kViewInfCode)];
      // Dark text on light cells and the other way round.
      float luminance = 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b;
      ImU32 color = luminance > 140 ? IM_COL32(0, 0, 0, 255) : IM_COL32(255, 255, 255, 255);
      ImVec2 ts = font->CalcTextSizeA(number_px, FLT_MAX, 0.0f, text.c_str());
      float cx = canvas_min.x + (static_cast<float>(x) + 0.5f - v.origin_x) * cell_w;
      float cy = canvas_min.y + (static_cast<float>(y) + 0.5f - v.origin_y) * cell_h;
      draw->AddText(font, number_px, ImVec2(cx - ts.x * 0.5f, cy - ts.y * 0.5f), color, text.c_str());
    }
  }
  draw->PopClipRect();
  return number_px;
}

void HeatmapViewPanel::draw_legend(const AppState& state, const HeatmapRenderer& renderer,
                                   const ViewFrame* frame) const {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float font = ImGui::GetFontSize();
  const Colormap& map = renderer.colormap();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  float width = ImGui::GetContentRegionAvail().x;
  if (predecessors_shown(state)) {  // Π: no colour bar (its grey has no scale), the same marks
    draw_predecessor_legend(state);
    if (state.view.overlays) draw_overlay_key(overlay_for(state, false), width);
    return;
  }
  if (state.classroom.show_pi && !state.session.sparse && !state.session.inspection.predecessors.note.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("Π not shown: %s", state.session.inspection.predecessors.note.c_str());
    ImGui::PopStyleColor();
  }

  // Colour bar with the value range, then the INF swatch: on the same line when both fit, else below.
  ImVec2 p = ImGui::GetCursorScreenPos();
  const char* inf_label = "unreachable (INF)";
  float bar_h = font * 1.1f;
  float label_w = ImGui::CalcTextSize("distance").x + font * 0.6f;
  const float inf_w = font * 2.0f + ImGui::CalcTextSize(inf_label).x;
  float bar_w = std::min(font * 26, width - label_w - inf_w - font);
  const bool inf_below = bar_w < font * 8;
  if (inf_below) bar_w = std::max(font * 4, std::min(font * 26, width - label_w - font * 0.5f));
  draw->AddText(ImVec2(p.x, p.y + (bar_h - font) * 0.5f), text, "distance");
  float x0 = p.x + label_w;
  for (int i = 0; i < 256; ++i) {
    float a = x0 + bar_w * static_cast<float>(i) / 256.0f;
    float b = x0 + bar_w * static_cast<float>(i + 1) / 256.0f + 0.5f;
    draw->AddRectFilled(ImVec2(a, p.y), ImVec2(b, p.y + bar_h), to_u32(map.entries[static_cast<std::size_t>(i)]));
  }
  draw->AddRect(ImVec2(x0, p.y), ImVec2(x0 + bar_w, p.y + bar_h), dim);
  const float inf_x = inf_below ? p.x : x0 + bar_w + font;
  const float inf_y = inf_below ? p.y + bar_h + font * 1.35f : p.y;
  draw->AddRectFilled(ImVec2(inf_x, inf_y), ImVec2(inf_x + font * 1.6f, inf_y + bar_h), to_u32(map.inf()));
  draw->AddRect(ImVec2(inf_x, inf_y), ImVec2(inf_x + font * 1.6f, inf_y + bar_h), dim);
  draw->AddText(ImVec2(inf_x + font * 2.0f, inf_y + (bar_h - font) * 0.5f), text, inf_label);
  float extra_line = 0;
  if (state.session.sparse) {
    // Sparse solves: the swatch of rows not computed yet, hatched as the heatmap draws it with overlays on.
    const float nx = p.x, ny = (inf_below ? inf_y : p.y) + bar_h + font * 1.35f;
    const ImVec2 a(nx, ny), b(nx + font * 1.6f, ny + bar_h);
    draw->AddRectFilled(a, b, to_u32(not_yet_rgb8()));
    if (state.view.overlays) {
      draw->PushClipRect(a, b, true);
      for (float d = 0; d < font * 1.6f + bar_h; d += font * 0.4f)
        draw->AddLine(ImVec2(a.x + d - bar_h, b.y), ImVec2(a.x + d, a.y), IM_COL32(255, 255, 255, 255));
      draw->PopClipRect();
    }
    draw->AddRect(a, b, dim);
    draw->AddText(ImVec2(nx + font * 2.0f, ny + (bar_h - font) * 0.5f), text,
                  "not yet computed (rows whose source has not finished)");
    extra_line = bar_h + font * 0.3f;
  }
  float ly = p.y + bar_h + font * 0.15f;
  if (frame && frame->range.has_finite) {
    std::string lo = format_thousands(frame->range.lo);
    std::string mid = format_thousands(frame->range.lo + (frame->range.hi - frame->range.lo) / 2);
    std::string hi = format_thousands(frame->range.hi);
    draw->AddText(ImVec2(x0, ly), text, lo.c_str());
    if (frame->range_source == ViewFrame::RangeSource::Frozen) hi = ">= " + hi + " (fixed)";
    if (frame->range_source == ViewFrame::RangeSource::Lesson) {
      // Said in full where the bar has room beside the smallest value, shortened on a narrow one.
      const float room = bar_w - ImGui::CalcTextSize(lo.c_str()).x - font;
      hi += ImGui::CalcTextSize((hi + " (whole lesson)").c_str()).x <= room ? " (whole lesson)" : " (lesson)";
    }
    const float hw = ImGui::CalcTextSize(hi.c_str()).x;
    const float mw = ImGui::CalcTextSize(mid.c_str()).x;
    const float mid_x = x0 + bar_w * 0.5f - mw * 0.5f;
    // The middle value only where it has room beside the ends (a long "(whole lesson)" on a narrow bar).
    if (mid_x + mw + font * 0.5f < x0 + bar_w - hw && mid_x > x0 + ImGui::CalcTextSize(lo.c_str()).x + font * 0.5f)
      draw->AddText(ImVec2(mid_x, ly), text, mid.c_str());
    draw->AddText(ImVec2(x0 + bar_w - hw, ly), text, hi.c_str());
  } else {
    const bool no_rows = state.session.sparse && state.session.sparse->rows_done == 0;
    draw->AddText(ImVec2(x0, ly), dim, !frame ? "" : no_rows ? "no row computed yet" : "every cell is unreachable");
  }
  ImGui::Dummy(ImVec2(width, bar_h + font * 1.3f + (inf_below ? bar_h + font * 0.3f : 0.0f) + extra_line));

  // Overlay key: what each highlight means (ui/overlay_key.h), drawn as the shader draws it.
  // (Not for a sparse solve: its only overlay is the not-yet hatch, keyed in the legend above.)
  if (state.view.overlays && !state.session.sparse) draw_overlay_key(overlay_for(state, false), width);
  if (frame && state.session.sparse) {
    const ViewGeometry& g = frame->geometry;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    if (g.tiled())
      ImGui::TextWrapped("%d x %d rows (one per source) over a %d x %d view: each texel shows the smallest of up to "
                         "%d x %d cells | wheel: zoom, drag: pan, F: fit",
                         g.row_count(), g.n, g.rows, g.cols, (g.row_count() + g.rows - 1) / g.rows,
                         (g.n + g.cols - 1) / g.cols);
    else
      ImGui::TextWrapped("%d x %d: a row per source (labelled with the source), a column per vertex | wheel: zoom, "
                         "drag: pan, F: fit",
                         g.row_count(), g.n);
    ImGui::PopStyleColor();
  } else if (frame) {
    const ViewGeometry& g = frame->geometry;
    if (g.tiled()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.85f, 0.35f, 1.0f));
      ImGui::TextWrapped(
          "tile minimum: n = %d is larger than the %d x %d view, each texel shows the smallest of up to "
          "%d x %d cells",
          g.n, g.cols, g.rows, (g.n + g.cols - 1) / g.cols, (g.n + g.rows - 1) / g.rows);
      ImGui::PopStyleColor();
    } else if (!state.classroom.presentation && !m_legend_beside) {  // a crowded panel: the matrix needs the line more
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::TextWrapped("n = %d, one texel per cell, numbered from 0 | wheel: zoom, drag: pan, double-click or F: fit",
                         g.n);
      ImGui::PopStyleColor();
    }
  }
}

}  // namespace apsp::studio
