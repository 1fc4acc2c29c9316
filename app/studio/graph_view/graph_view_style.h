#pragma once
// Colours and shapes of the graph view. Colours from the Okabe–Ito palette (distinguishable under deuteranopia,
// protanopia and tritanopia), and every meaning also has a shape or a line style of its own, so nothing is told
// by hue alone. NOTE for the lead: render/overlay_style.h (the overlay helper's) owns the heatmap's palette;
// once merged, take the pivot / k / path colours from there so the heatmap and the graph agree.
#include <imgui.h>

namespace apsp::studio::graph_view_style {

inline constexpr ImU32 rgba(int r, int g, int b, int a = 255) {
  return static_cast<ImU32>(r) | static_cast<ImU32>(g) << 8 | static_cast<ImU32>(b) << 16 | static_cast<ImU32>(a) << 24;
}

inline constexpr ImU32 kBackground = rgba(24, 26, 32);
inline constexpr ImU32 kEdge = rgba(150, 156, 168);              // grey, thin, arrow at the head
inline constexpr ImU32 kWeightText = rgba(235, 235, 235);
inline constexpr ImU32 kWeightBox = rgba(24, 26, 32, 215);
inline constexpr ImU32 kNodeFill = rgba(60, 66, 80);
inline constexpr ImU32 kNodeRim = rgba(200, 204, 212);
inline constexpr ImU32 kNodeText = rgba(255, 255, 255);
inline constexpr ImU32 kPivot = rgba(86, 180, 233);    // sky blue: pivot block vertices, drawn as squares
inline constexpr ImU32 kK = rgba(230, 159, 0);         // orange: vertex k, a thick double ring and a "k" tag
inline constexpr ImU32 kPath = rgba(0, 158, 115);      // bluish green: the selected pair's path, thick solid
inline constexpr ImU32 kCycle = rgba(213, 94, 0);      // vermillion: a negative cycle, thick dashed
inline constexpr ImU32 kEndpoint = rgba(240, 228, 66); // yellow: the selected i and j, "i" / "j" tags

}  // namespace apsp::studio::graph_view_style
