#pragma once
// Colours and shapes of the graph view. Colours from the Okabe–Ito palette (distinguishable under deuteranopia,
// protanopia and tritanopia), and every meaning also has a shape or a line style of its own, so nothing is told
// by hue alone. The pivot block, k and the path take the heatmap's own hues (render/overlay_style.h, whose
// colour-vision test covers them), so a colour means the same thing in both views.
#include <imgui.h>

#include "render/overlay_style.h"

namespace apsp::studio::graph_view_style {

inline constexpr ImU32 rgba(int r, int g, int b, int a = 255) {
  return static_cast<ImU32>(r) | static_cast<ImU32>(g) << 8 | static_cast<ImU32>(b) << 16 | static_cast<ImU32>(a) << 24;
}
/// @brief An overlay hue (exact 8-bit values) as an ImGui colour.
inline constexpr ImU32 from_overlay(const Rgbf& c) {
  return rgba(static_cast<int>(c[0] * 255.0f + 0.5f), static_cast<int>(c[1] * 255.0f + 0.5f),
              static_cast<int>(c[2] * 255.0f + 0.5f));
}

inline constexpr ImU32 kBackground = rgba(24, 26, 32);
inline constexpr ImU32 kEdge = rgba(150, 156, 168);              // grey, thin, arrow at the head
inline constexpr ImU32 kWeightText = rgba(235, 235, 235);
inline constexpr ImU32 kWeightBox = rgba(24, 26, 32, 215);
inline constexpr ImU32 kNodeFill = rgba(60, 66, 80);
inline constexpr ImU32 kNodeRim = rgba(200, 204, 212);
inline constexpr ImU32 kNodeText = rgba(255, 255, 255);
inline constexpr ImU32 kPivot = from_overlay(OverlayStyle::pivot);  // the heatmap's pivot hue: pivot block vertices, squares
inline constexpr ImU32 kK = from_overlay(OverlayStyle::k_line);     // the heatmap's k hue: vertex k, a double ring and a "k" tag
inline constexpr ImU32 kPath = from_overlay(OverlayStyle::path);    // the heatmap's path hue: the pair's path, thick solid
inline constexpr ImU32 kCycle = rgba(240, 240, 240);                // white: a negative cycle, thick dashed (by its dashes)
inline constexpr ImU32 kEndpoint = rgba(240, 228, 66); // yellow: the selected i and j, "i" / "j" tags
// Sparse solves stepped with the teaching Dijkstra: the current source takes k's mark (double ring,
// an "s" tag), settled vertices a filled disc in the "improved" hue, frontier vertices a dashed ring in the
// row/column hue, the vertex just settled the pivot's square outline.
inline constexpr ImU32 kSettled = from_overlay(OverlayStyle::improved);
inline constexpr ImU32 kFrontier = from_overlay(OverlayStyle::rowcol);
inline constexpr ImU32 kJustSettled = from_overlay(OverlayStyle::pivot);

}  // namespace apsp::studio::graph_view_style
