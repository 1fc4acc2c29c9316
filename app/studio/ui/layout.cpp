#include "ui/layout.h"

#include <algorithm>
#include <cmath>

namespace apsp::studio {

StudioLayout compute_layout(const LayoutInput& in) {
  StudioLayout l;
  const float w = std::max(in.width, 1.0f), h = std::max(in.height, 1.0f);
  const float s = std::max(in.ui_scale, 0.1f);
  const float font = 17.0f * s;
  if (in.presentation) {
    // The heatmap is square-ish: with the graph view beside it, it takes what its height allows, at most 62%.
    if (in.graph_view || in.inspector) {
      const float heat_w = std::round(std::clamp(h * 0.95f, w * 0.45f, w * 0.62f));
      l.heatmap = {0, 0, heat_w, h};
      // The inspector overlay under the graph view: room for its relaxation, verdict and path lines.
      const float inspector_h = in.inspector ? (in.graph_view ? std::round(h * 0.3f) : h) : 0.0f;
      if (in.graph_view) l.graph = {heat_w, 0, w - heat_w, h - inspector_h};
      if (in.inspector) l.inspector = {heat_w, h - inspector_h, w - heat_w, inspector_h};
    } else {
      l.heatmap = {0, 0, w, h};
    }
    return l;
  }
  float left_w = std::clamp(w * 0.24f, 300.0f * s, 440.0f * s);
  float right_w = std::clamp(w * 0.30f, 370.0f * s, 560.0f * s);
  if (left_w + right_w > w * 0.6f) {
    left_w = std::round(w * 0.28f);
    right_w = std::round(w * 0.28f);
  }
  const float center_w = w - left_w - right_w;
  l.controls = {0, 0, left_w, h};
  // The heatmap panel's own lines (status, controls, colour bar, overlay key: about 14 lines) plus a readable
  // matrix need about 26 lines; the classroom column goes under it only when that much is left, otherwise (large
  // UI scales, short windows) only presentation mode shows it.
  const float heat_h = std::round(h * 0.62f);
  if (in.graph_view && heat_h >= 26.0f * font) {
    l.heatmap = {left_w, 0, center_w, heat_h};
    l.graph = {left_w, heat_h, center_w, h - heat_h};
  } else {
    l.heatmap = {left_w, 0, center_w, h};
  }
  // Three plots (or three per tab with several GPUs) need about six lines of text each to keep their axes,
  // legends and labels; the profile about eight (tabs, the totals table); the log three
  // (ui/plots_panel.cpp gives a plot at least six lines).
  // Plus 2 lines for the plots' tab bar (per round / timeline) and the window padding. The profile and the log scroll, so they give
  // way first: at --scale 2 on 1080 p the plots need all but about nine lines.
  const float plots_min = (in.multi_gpu ? 3.0f * 7.0f + 4.7f : 3.0f * 6.0f + 5.4f) * font;
  const float profile_min = 6.5f * font;
  const float log_min = 2.0f * font;
  float plots_h = std::max(std::round(h * (in.multi_gpu ? 0.62f : 0.50f)), plots_min);
  plots_h = std::max(std::min(plots_h, h - profile_min - log_min), h * 0.4f);
  float profile_h = std::max(std::round(h * (in.multi_gpu ? 0.20f : 0.30f)), profile_min);
  profile_h = std::max(std::min(profile_h, h - plots_h - log_min), 0.0f);
  const float x = left_w + center_w;
  l.plots = {x, 0, right_w, std::round(plots_h)};
  l.profile = {x, l.plots.bottom(), right_w, std::round(profile_h)};
  l.log = {x, l.profile.bottom(), right_w, h - l.profile.bottom()};
  return l;
}

}  // namespace apsp::studio
