#include "ui/layout.h"

#include <algorithm>
#include <cmath>

namespace apsp::studio {

TypeSizes type_sizes(const LayoutInput& in) {
  const float s = std::max(in.ui_scale, 0.1f);
  const float f = std::clamp(in.font_scale, 0.5f, 4.0f);
  TypeSizes t;
  t.body_px = std::round(17.0f * s * f);
  t.heading_px = std::round(23.0f * s * f);
  // A 720 p projector (1280 x 720 UI units) gets 20 px, 1080 p 30 px: the same share of the screen, whatever the
  // UI scale, so that a HiDPI laptop's scale neither shrinks the type nor eats the matrix's room. Narrow windows
  // take the width's share (1280 / 64 = 20 px as well).
  const float share = std::min(in.height / 36.0f, in.width / 64.0f);
  t.presentation_px = std::round(std::max(kPresentationMinTextPx, share) * f);
  t.presentation_title_px = std::round(t.presentation_px * 1.2f);
  return t;
}

float panel_height_for_lines(float lines, float text_px) {
  // A line is the type plus Dear ImGui's item spacing (about 0.35 of it); the title bar and the window padding
  // about 2.4 lines' type.
  return std::round(text_px * (2.4f + 1.35f * lines));
}

namespace {

/// Lines the pseudocode's window must show without scrolling: its heading, the blocked listing (seven lines),
/// the separator and the step line; the rest (block, i, j, the relaxation) scrolls with the active line.
constexpr float kPseudocodeLines = 10.0f;

/// The heatmap's width in lines of type below which normal mode drops the right column: its view controls,
/// colour bar and overlay key wrap into more lines than the matrix can spare.
constexpr float kHeatmapMinLines = 22.0f;

/// Lines the log wants beside the plots: its Clear button and about three wrapped lines.
constexpr float kLogLines = 5.0f;

/// Lines the graph view needs: its header (three lines), a drawing of about six and its legend (two).
constexpr float kGraphViewLines = 11.0f;

void split_classroom_column(const LayoutRect& column, bool graph_drawn, float text_px, StudioLayout& l) {
  if (!graph_drawn) {
    l.pseudocode = column;
    return;
  }
  // The graph takes what the pseudocode's listing leaves, between its own minimum and 60% of the column; where
  // the column holds neither, the graph keeps its minimum up to 75% and the pseudocode scrolls (its active line
  // is scrolled into view).
  const float pseudo_min = panel_height_for_lines(kPseudocodeLines, text_px);
  const float graph_min = std::min(panel_height_for_lines(kGraphViewLines, text_px), column.h * 0.75f);
  const float graph_h = std::round(std::max(std::min(column.h - pseudo_min, column.h * 0.6f), graph_min));
  l.graph = {column.x, column.y, column.w, graph_h};
  l.pseudocode = {column.x, column.y + graph_h, column.w, column.h - graph_h};
}

}  // namespace

StudioLayout compute_layout(const LayoutInput& in) {
  StudioLayout l;
  const float w = std::max(in.width, 1.0f), h = std::max(in.height, 1.0f);
  const float s = std::max(in.ui_scale, 0.1f);
  const TypeSizes type = type_sizes(in);
  if (in.presentation) {
    l.text_px = type.presentation_px;
    l.title_px = type.presentation_title_px;
    // The heatmap: a square matrix as tall as the window less its title and key lines, plus a column beside it
    // for the colour legend and the overlay key (about 14 lines' type wide); at most 70% of the width, so the
    // graph view, the pseudocode and the inspector overlay keep the rest.
    if (in.graph_view || in.inspector) {
      const float tp = type.presentation_px;
      const float heat_w = std::round(std::clamp(h - 3.2f * tp + 14.0f * tp, w * 0.45f, w * 0.70f));
      l.heatmap = {0, 0, heat_w, h};
      // The inspector overlay at the bottom of the right column: its relaxation, verdict and path lines (a
      // ledger's rows scroll); the whole column when there is no graph view.
      const float inspector_h =
          !in.inspector ? 0.0f
          : in.graph_view ? std::round(std::clamp(panel_height_for_lines(7.0f, tp), h * 0.25f, h * 0.4f))
                          : h;
      if (in.inspector) l.inspector = {heat_w, h - inspector_h, w - heat_w, inspector_h};
      if (in.graph_view) split_classroom_column({heat_w, 0, w - heat_w, h - inspector_h}, in.graph_drawn, tp, l);
    } else {
      l.heatmap = {0, 0, w, h};
    }
    return l;
  }
  l.text_px = type.body_px;
  l.title_px = type.heading_px;
  const float font = type.body_px;
  float left_w = std::clamp(w * 0.24f, 300.0f * s, 440.0f * s);
  float right_w = std::clamp(w * 0.30f, 370.0f * s, 560.0f * s);
  if (left_w + right_w > w * 0.6f) {
    left_w = std::round(w * 0.28f);
    right_w = std::round(w * 0.28f);
  }
  const float center_w = w - left_w - right_w;
  const float x = left_w + center_w;
  l.controls = {0, 0, left_w, h};
  if (center_w < kHeatmapMinLines * font) {
    // Too small a window for three columns at this UI scale (720 p at scale 1.5 or 2): the controls and the
    // heatmap only; presentation mode shows the graph view and the pseudocode.
    l.heatmap = {left_w, 0, w - left_w, h};
    return l;
  }
  if (in.graph_view && in.graph_drawn) {
    // Teaching layout: the heatmap the whole middle, the classroom column (graph view, pseudocode) and the log on
    // the right; the log keeps a title, its button and a line.
    l.heatmap = {left_w, 0, center_w, h};
    const float log_h = std::min(panel_height_for_lines(3.0f, font), std::round(h * 0.2f));
    split_classroom_column({x, 0, right_w, h - log_h}, true, font, l);
    l.log = {x, h - log_h, right_w, log_h};
    return l;
  }
  // The heatmap panel's own lines (status, controls, colour bar, overlay key: about 14 lines) plus a readable
  // matrix need about 26 lines; the pseudocode goes under it only when that much is left, otherwise (large
  // UI scales, short windows) only presentation mode shows it.
  const float heat_h = std::round(h * 0.62f);
  if (in.graph_view && heat_h >= 26.0f * font) {
    l.heatmap = {left_w, 0, center_w, heat_h};
    l.pseudocode = {left_w, heat_h, center_w, h - heat_h};
  } else {
    l.heatmap = {left_w, 0, center_w, h};
  }
  // Three plots (or three per tab with several GPUs) need about six lines of text each to keep their axes,
  // legends and labels; the profile about eight (tabs, the totals table); the log three
  // (ui/plots_panel.cpp gives a plot at least six lines).
  // Plus 2 lines for the plots' tab bar (per round / timeline) and the window padding. The profile and the log scroll, so they give
  // way first: at --scale 2 on 1080 p the plots need all but about nine lines.
  // Of what the plots leave, the log gets its Clear button and about three wrapped lines before the profile
  // takes more than its minimum: a load's or an error's line must be readable without scrolling (at 1080 p scale
  // 1.5 the log was half a line high).
  const float plots_min = (in.multi_gpu ? 3.0f * 7.0f + 4.7f : 3.0f * 6.0f + 5.4f) * font;
  const float profile_min = 6.5f * font;
  const float log_min = 2.0f * font;
  const float log_wanted = panel_height_for_lines(kLogLines, font);
  float plots_h = std::max(std::round(h * (in.multi_gpu ? 0.62f : 0.50f)), plots_min);
  plots_h = std::max(std::min(plots_h, h - profile_min - log_min), h * 0.4f);
  const float rest = h - plots_h;
  float profile_h = std::max(std::round(h * (in.multi_gpu ? 0.20f : 0.30f)), profile_min);
  profile_h = std::min(profile_h, rest - log_wanted);
  profile_h = std::max(profile_h, std::min(profile_min, rest - log_min));
  profile_h = std::max(std::round(profile_h), 0.0f);
  l.plots = {x, 0, right_w, std::round(plots_h)};
  l.profile = {x, l.plots.bottom(), right_w, std::round(profile_h)};
  l.log = {x, l.profile.bottom(), right_w, h - l.profile.bottom()};
  return l;
}

}  // namespace apsp::studio
