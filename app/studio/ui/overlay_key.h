#pragma once
// The overlay key under the heatmap: one swatch per overlay, drawn with the shape and colour the shader uses
// (render/overlay_style.h), so the key and the picture always agree.
#include <imgui.h>

#include "render/heatmap_renderer.h"

namespace apsp::studio {

/// @brief Draws the key for @p overlay at the cursor, wrapping within @p width; returns the lines used.
/// The overlays of the step just done are bright, the others dimmed; classroom marks (selection, source
/// cells, path) appear only while they are shown.
int draw_overlay_key(const HeatmapOverlay& overlay, float width);

}  // namespace apsp::studio
