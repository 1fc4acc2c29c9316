#pragma once
#include "render/heatmap_renderer.h"
#include "render/heatmap_texture.h"
#include "render/render_target.h"
#include "session/app_state.h"
#include "session/commands.h"
#include "ui/theme.h"

namespace apsp::studio {

/// @brief The heatmap window's contents: title line, zoomable canvas with tooltip, colour legend and overlay key.
class HeatmapViewPanel {
 public:
  /// @brief Draws the heatmap into the panel's own render target, then shows it; GL framebuffer binding is
  /// left changed (the frame loop rebinds the platform framebuffer before rendering ImGui).
  void draw(AppState& state, CommandQueue& commands, const HeatmapRenderer& renderer, const HeatmapTexture& texture,
            const Fonts& fonts);

  /// @brief The overlay settings the view shows now (also used for --heatmap-png).
  static HeatmapOverlay overlay_for(const AppState& state, bool for_export);

 private:
  void fit(AppState& state, const ViewGeometry& g, ImVec2 canvas_px) const;
  void draw_legend(const AppState& state, const HeatmapRenderer& renderer, const ViewFrame* frame) const;

  RenderTarget m_target;
};

}  // namespace apsp::studio
