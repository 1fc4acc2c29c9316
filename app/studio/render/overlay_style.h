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
};

}  // namespace apsp::studio
