#pragma once
// Overlay colours, shared by the shader uniforms and the key drawn next to the heatmap so both always agree.
#include <array>

namespace apsp::studio {

using Rgbf = std::array<float, 3>;

struct OverlayStyle {
  static constexpr Rgbf pivot{1.00f, 0.40f, 0.05f};        // orange-red: the pivot block of this round
  static constexpr Rgbf rowcol{0.10f, 0.85f, 1.00f};       // cyan: pivot row and column blocks
  static constexpr Rgbf independent{1.00f, 1.00f, 1.00f};  // white hatching: independent blocks
  static constexpr Rgbf improved{1.00f, 0.15f, 0.75f};     // magenta: cells the last step improved
  static constexpr Rgbf grid{0.0f, 0.0f, 0.0f};
  static constexpr Rgbf k_line{1.00f, 0.90f, 0.10f};  // yellow: row and column of the next k (k-steps)
  // Row bands of a multi-GPU solve (strip at the matrix's left edge, faint tint), GPU 0 first; hues apart from
  // the phase overlays above.
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
