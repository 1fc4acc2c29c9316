#pragma once
#include <cstdint>
#include <string>

#include "render/heatmap_feed.h"
#include "render/heatmap_renderer.h"
#include "render/heatmap_texture.h"
#include "render/render_target.h"
#include "session/app_state.h"
#include "session/commands.h"
#include "session/step_position.h"
#include "ui/theme.h"

namespace apsp::studio {

/// @brief The heatmap window's contents: title line, zoomable canvas with tooltip, colour legend and overlay key.
class HeatmapViewPanel {
 public:
  /// @brief Draws the heatmap into the panel's own render target, then shows it; GL framebuffer binding is
  /// left changed (the frame loop rebinds the platform framebuffer before rendering ImGui). Zoom and pan are
  /// the panel's own (@p nav); the tooltip asks @p feed for the hovered texel's value.
  void draw(const AppState& state, HeatmapNavigation& nav, CommandQueue& commands, const HeatmapRenderer& renderer,
            const HeatmapTexture& texture, HeatmapFeed& feed, const Fonts& fonts);

  /// @brief The overlay settings the view shows now (also used for --heatmap-png).
  static HeatmapOverlay overlay_for(const AppState& state, bool for_export);
  /// @brief The step just done and the next one (title, status line, overlays and tooltips say the same).
  static StepPosition position(const AppState& state);

 private:
  /// Vertex numbers on the axes up to this n (one texel per cell).
  static constexpr int kMaxLabelledVertices = 128;

  /// @brief The source of sparse row @p r, or -1 when unknown.
  static std::int32_t source_of_row(const SparseSnapshot& sp, int r);
  void fit(HeatmapNavigation& nav, const ViewGeometry& g, ImVec2 canvas_px) const;
  void draw_view_controls(const AppState& state, CommandQueue& commands) const;
  // heatmap_view_annotations.cpp
  ImVec2 axis_label_margin(const ViewFrame* frame) const;
  void draw_axis_labels(const AppState& state, const ViewFrame& frame, ImVec2 canvas_min, ImVec2 canvas) const;
  /// The type it printed the distances in; 0: the cells are too small for them.
  float draw_cell_values(const AppState& state, const HeatmapRenderer& renderer, const ViewFrame& frame,
                         ImVec2 canvas_min, ImVec2 canvas) const;
  void draw_legend(const AppState& state, const HeatmapRenderer& renderer, const ViewFrame* frame) const;

  RenderTarget m_target;
  float m_legend_height = 0;
  bool m_legend_beside = false;  ///< this frame's legend is in a column beside the matrix
  float m_beside_height = 0;     ///< that column's height when last drawn there
  // What the target was last drawn with: an idle view is not redrawn every frame.
  struct DrawKey {
    std::uint64_t texture_version = 0;
    int width = 0, height = 0;
    float origin_x = 0, origin_y = 0, texels_per_px = 0;
    HeatmapOverlay overlay;
    std::string colormap;
    bool operator==(const DrawKey& o) const {
      return texture_version == o.texture_version && width == o.width && height == o.height && origin_x == o.origin_x &&
             origin_y == o.origin_y && texels_per_px == o.texels_per_px && overlay == o.overlay &&
             colormap == o.colormap;
    }
  };
  DrawKey m_drawn;
};

}  // namespace apsp::studio
