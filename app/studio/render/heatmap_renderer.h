#pragma once
#include <array>

#include "platform/gl_handles.h"
#include "platform/image_io.h"
#include "platform/platform.h"
#include "render/colormap.h"
#include "render/heatmap_texture.h"

namespace apsp::studio {

/// @brief What the overlays show: the cursor's round and the next phase, in the order of the blocked algorithm.
struct HeatmapOverlay {
  bool enabled = true;
  int round = 0;
  int phase = -1;  ///< 0 pivot, 1 pivot row/column, 2 independent; -1 none (finished, non-blocked)
  int block = 1;
  int k_vertex = -1;            ///< mid-phase: the next intermediate vertex (row/column k are marked); -1 none
  float improved_strength = 0;  ///< 0..1
  float grid_alpha = 0;         ///< block grid lines (view only; exports leave them out)
  float outline_px = 1;         ///< outline of highlighted blocks, in target pixels
  static constexpr int kMaxBands = 8;
  /// Multi-GPU solve (bands > 1, overlays on): GPU i owns rows [band_end[i-1], band_end[i]), shown as a colour
  /// strip at the matrix's left edge and a faint tint. 0: nothing drawn.
  int bands = 0;
  std::array<int, kMaxBands> band_end{};
  float band_strip_px = 6;
};

/// @brief Placement of the view in the target: texel coordinate at the top-left pixel, and zoom.
struct HeatmapPlacement {
  float origin_x = 0;
  float origin_y = 0;
  float texels_per_px = 1;
};

/// @brief Draws a HeatmapTexture through the colormap LUT with overlays (shaders/heatmap.*).
class HeatmapRenderer {
 public:
  HeatmapRenderer();

  void set_colormap(const Colormap& map);
  const Colormap& colormap() const { return m_colormap; }

  /// @brief Draws into the currently bound framebuffer, covering a @p target-sized viewport.
  void draw(const HeatmapTexture& codes, Size target, const HeatmapPlacement& placement, const HeatmapOverlay& overlay,
            float ui_scale, std::array<float, 4> background) const;

  /// @brief The heatmap alone at one pixel per view texel (one per cell when n <= the texture budget).
  RgbaImage render_image(const HeatmapTexture& codes, const HeatmapOverlay& overlay) const;

 private:
  GlProgram m_program;
  GlVertexArray m_vao;  // core profile needs a bound VAO even for attribute-less draws
  GlTexture m_lut;
  Colormap m_colormap;
};

}  // namespace apsp::studio
