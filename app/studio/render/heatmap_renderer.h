#pragma once
#include <array>
#include <vector>

#include "platform/gl_handles.h"
#include "platform/image_io.h"
#include "platform/platform.h"
#include "render/colormap.h"
#include "render/heatmap_texture.h"
#include "session/classroom_state.h"
#include "teach/block_flow.h"

namespace apsp::studio {

/// @brief What the overlays show: the step just done (its round, phase and, for a k-step, its k), the cells it
/// improved, and the classroom marks (selection, the relaxation's source cells, the current path). Shapes and
/// colours: render/overlay_style.h; none of them changes a large cell's centre.
struct HeatmapOverlay {
  bool enabled = true;
  int round = 0;   ///< round of the step just done
  int phase = -1;  ///< phase just done: 1 pivot, 2 pivot row/column, 3 independent, 0 a whole pass; -1 none
  bool blocked = true;  ///< false: plain Floyd–Warshall (cpu-naive, cuda-naive): no blocks to draw or name
  int block = 1;
  int k_vertex = -1;     ///< k-steps: the intermediate vertex of the step just done; -1 for a whole phase
  bool improved = true;  ///< mark the cells the step just done improved (bit 15 of the codes)
  float grid_alpha = 0;  ///< block grid lines (view only; exports leave them out)
  float outline_px = 1;  ///< outline of highlighted blocks, in target pixels
  CellRef selected;      ///< the selected cell (ring); invalid: none
  CellRef source_ik;     ///< the relaxation's source cells (rings); invalid: none
  CellRef source_kj;
  static constexpr int kMaxPathCells = 64;  ///< the shader's array; a longer path marks its first 64 edges
  std::vector<CellRef> path_cells;          ///< (v_t, v_t+1) of the current path
  std::vector<BlockLink> links;             ///< arrows from blocks read to blocks written (teach/block_flow.h), at most
                                            ///< kMaxBlockLinks
  static constexpr int kMaxBands = 8;
  /// Multi-GPU solve (bands > 1, overlays on): GPU i owns rows [band_end[i-1], band_end[i]), shown as a colour
  /// strip at the matrix's left edge. 0: nothing drawn.
  int bands = 0;
  std::array<int, kMaxBands> band_end{};
  float band_strip_px = 6;
  /// Π shown (ui/predecessor_display.h): every cell filled with OverlayStyle::neutral instead of its distance's
  /// colour, so that the predecessor numbers printed over it are not read as an order; the marks stay.
  bool neutral_fill = false;
  bool operator==(const HeatmapOverlay&) const = default;
};

/// @brief Placement of the view in the target: texel coordinate at the top-left pixel, and zoom.
struct HeatmapPlacement {
  float origin_x = 0;
  float origin_y = 0;
  float texels_per_px = 1;
};

/// @brief Draws a HeatmapTexture through the colormap LUT with overlays (shaders/heatmap.*).
/// @brief The colour of kViewPendingCode (rows a sparse solve has not computed yet): OverlayStyle::not_yet.
Rgb8 not_yet_rgb8();

class HeatmapRenderer {
 public:
  HeatmapRenderer();

  void set_colormap(const Colormap& map);
  const Colormap& colormap() const { return m_colormap; }

  /// @brief Draws into the currently bound framebuffer, covering a @p target-sized viewport.
  void draw(const HeatmapTexture& codes, Size target, const HeatmapPlacement& placement, const HeatmapOverlay& overlay,
            float ui_scale, std::array<float, 4> background) const;

  /// @brief The heatmap alone at @p scale x @p scale pixels per view texel (per cell when n <= the texture
  /// budget). From 8 pixels per texel on, the overlays leave the central half of every texel untouched.
  RgbaImage render_image(const HeatmapTexture& codes, const HeatmapOverlay& overlay, int scale = 1) const;

 private:
  GlProgram m_program;
  GlVertexArray m_vao;  // core profile needs a bound VAO even for attribute-less draws
  GlTexture m_lut;
  Colormap m_colormap;
};

}  // namespace apsp::studio
