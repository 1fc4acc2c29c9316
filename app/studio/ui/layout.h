#pragma once
// Where the studio's windows go, as a pure function of the window size, the UI scale and the mode, so that the
// frame loop, the graph-view panel and the tests agree on it (no ImGui, no GL).
//
// Normal mode: controls on the left, the heatmap in the middle (with the graph view under it when shown), the
// plots, the profile and the log on the right. Presentation mode (key P, --presentation): no side panels; the
// heatmap fills the window, or its left part with the graph view and the inspector overlay on the right.

namespace apsp::studio {

/// @brief A window's place in pixels of the UI (ImGui display coordinates); empty when not shown.
struct LayoutRect {
  float x = 0, y = 0, w = 0, h = 0;
  bool empty() const { return w <= 0 || h <= 0; }
  float right() const { return x + w; }
  float bottom() const { return y + h; }
};

struct LayoutInput {
  float width = 1280;  ///< display size, UI units
  float height = 800;
  float ui_scale = 1;         ///< content scale (fonts are 17 px x scale)
  bool presentation = false;  ///< ClassroomState::presentation
  bool graph_view = false;    ///< a graph-view panel draws into StudioLayout::graph
  bool multi_gpu = false;     ///< several devices' samples: the plots window needs more room
  bool inspector = false;     ///< presentation: the inspector overlay (the selected cell's numbers) is shown
};

struct StudioLayout {
  LayoutRect controls;  ///< left column: playback, graph, solver, export, status
  LayoutRect heatmap;   ///< the distance matrix panel
  LayoutRect graph;     ///< the graph view's area (the graph-view panel's window goes exactly here); empty in
                        ///< normal mode when the middle column has no room for it under the heatmap
  LayoutRect plots;     ///< right column, top
  LayoutRect profile;   ///< right column, middle
  LayoutRect log;       ///< right column, bottom
  LayoutRect inspector; ///< presentation only: the inspector overlay, beside the heatmap under the graph view
};

/// @brief The windows' places for @p in; every non-empty rect lies inside the display and none overlap.
StudioLayout compute_layout(const LayoutInput& in);

}  // namespace apsp::studio
