#pragma once
// The overlay palette and its shapes, in one place: the shader uniforms, the key drawn next to the heatmap and
// the colour-vision test (tests/studio/test_overlay_colours.cpp) all read these.
//
// Overlays never change a cell's fill: at 8 or more pixels per cell they draw only in the outer quarter of a
// cell (outlines, thin hatching, corner markers), so the centre of every cell keeps exactly its colormap colour.
// Meaning is carried twice, by shape and by hue: the pivot block has a solid outline, the pivot row/column
// blocks a dashed one, the independent blocks black-and-white hatching, improved cells a corner triangle, row and
// column k brackets along their sides, the relaxation's source cells a ring, the path's cells dots on the rim,
// the selected cell a black-and-white ring. The hues were picked (from the Okabe-Ito set, then adjusted) so that
// every pair, and each hue against both ends and the INF colour of every colormap, stays at CIEDE2000 >= 10
// under simulated protanopia, deuteranopia and tritanopia; the test computes it. No hue can stay apart from
// EVERY colormap entry (turbo holds every hue, gray every lightness), so each mark is edged on large cells: where
// its hue blends into a cell, its edge shows (Named::edge; the test checks every entry of every colormap).
#include <array>

namespace apsp::studio {

using Rgbf = std::array<float, 3>;

/// @brief An 8-bit sRGB colour as the shader takes it (exact: the key, the shader and the test agree).
constexpr Rgbf rgb8(int r, int g, int b) {
  return {static_cast<float>(r) / 255.0f, static_cast<float>(g) / 255.0f, static_cast<float>(b) / 255.0f};
}

struct OverlayStyle {
  // Outlines say the role in the phase just done (teach/block_flow.h): solid or dashed for a block written,
  // double (two thin lines) for a block only read.
  static constexpr Rgbf pivot = rgb8(220, 80, 0);      // vermillion, solid outline: the pivot block
  static constexpr Rgbf rowcol = rgb8(87, 181, 232);   // sky blue, dashed outline: pivot row/column blocks
  static constexpr Rgbf improved = rgb8(0, 158, 115);  // bluish green, corner triangle: changed by the last step
  static constexpr Rgbf k_line = rgb8(204, 120, 166);  // reddish purple, brackets: row and column k
  static constexpr Rgbf source = rgb8(0, 77, 179);     // blue, ring: the cells d[i][k] and d[k][j] read
  static constexpr Rgbf path = rgb8(235, 165, 0);      // orange, rim dots: cells (v_t, v_t+1) of the path
  // Two-tone elements (hatching of independent blocks, the selected cell, outline casings): one of the two
  // tones contrasts with any cell colour, INF included.
  static constexpr Rgbf dark{0.0f, 0.0f, 0.0f};
  static constexpr Rgbf light{1.0f, 1.0f, 1.0f};
  static constexpr Rgbf grid{0.0f, 0.0f, 0.0f};
  // Links from the blocks a phase read to the blocks it wrote (arrows along a block row or column): a dark
  // core cased in `light`, a two-tone element too, so it shows on every cell colour without an eighth hue
  // (a black arrow, as in a diagram, on the white INF cells of a classroom graph).
  static constexpr Rgbf link = dark;
  // Sparse solves: rows not computed yet. A neutral grey, away from every colormap end and INF (the
  // colour-vision test checks it), hatched with `light` while overlays are on, so it also reads apart from the
  // inside of the gray colormap. It is LUT entry 257 (kViewPendingCode), so exports with overlays off show it flat.
  static constexpr Rgbf not_yet = rgb8(128, 128, 128);
  // Π shown: every cell this light grey under black predecessor numbers. A vertex number has no order, so no
  // colormap (it would pretend one); light, so black type reads from the back of a room on a washed-out
  // projector, and the marks, each edged in dark, stand on it as on the gray colormap's light end.
  static constexpr Rgbf neutral = rgb8(222, 222, 222);

  /// @brief The 1-px lines between a mark's hue and the cell under it (cells of at least 3 rim pixels): a dark
  /// line (outlines' casing, the inside of rings and brackets, dashes and dots alternating with dark), or a dark
  /// line then a light one, so that one of them shows on any cell (the two-tone rule).
  enum class Edge { Dark, DarkLight };
  /// @brief Every hue above, for the colour-vision test and the key: name, colour, edge, and whether the mark is
  /// an area read by its hue (the improved triangle) rather than a line: an area whose hue blends into the cell
  /// is seen only by its edge, so that edge must show on every cell by itself.
  struct Named {
    const char* name;
    Rgbf colour;
    Edge edge;
    bool area;
  };
  static constexpr std::array<Named, 6> hues{{{"pivot", pivot, Edge::Dark, false},
                                              {"row/column", rowcol, Edge::Dark, false},
                                              {"improved", improved, Edge::DarkLight, true},
                                              {"row/col k", k_line, Edge::Dark, false},
                                              {"source", source, Edge::DarkLight, false},
                                              {"path", path, Edge::Dark, false}}};

  /// Fraction of a cell (per side) that overlays may draw into once cells are large (>= kExactCellPx pixels).
  static constexpr float kRimFraction = 0.25f;
  static constexpr float kExactCellPx = 8.0f;

  // Row bands of a multi-GPU solve (a strip at the matrix's left edge), GPU 0 first.
  static constexpr std::array<Rgbf, 8> gpu{{{0.20f, 0.80f, 0.30f},
                                            {0.25f, 0.45f, 1.00f},
                                            {0.95f, 0.25f, 0.25f},
                                            {0.80f, 0.62f, 0.30f},
                                            {0.70f, 0.95f, 0.35f},
                                            {0.55f, 0.30f, 0.75f},
                                            {1.00f, 0.65f, 0.55f},
                                            {0.45f, 0.75f, 1.00f}}};
};

}  // namespace apsp::studio
