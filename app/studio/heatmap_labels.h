#pragma once
// --heatmap-labels: the exported heatmap as a figure for lecture notes, drawn without a window: vertex numbers
// on both axes, each cell's distance printed in it when every value fits its cell (as the window prints them:
// "inf" for unreachable, dark text on light cells and light on dark), and the colour bar with its range below.
// Text comes from Dear ImGui's built-in font rasterized on the CPU (chart/chart_png.h): the same pixels on every
// machine, whatever fonts it has installed.
#include "platform/image_io.h"
#include "render/colormap.h"
#include "session/session_types.h"

namespace apsp::studio {

/// @brief @p heatmap (@p scale x @p scale pixels per cell of @p view, as render_image() draws it) framed by the
/// labels, on white. Throws apsp::UsageError for a tiled view, a sparse solve's rows of sources, or a view whose
/// values stay on the device (no vertex per row or no number per cell to print).
RgbaImage label_heatmap(const RgbaImage& heatmap, const ViewFrame& view, const Colormap& colormap, int scale);

}  // namespace apsp::studio
