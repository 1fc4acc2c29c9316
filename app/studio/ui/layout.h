#pragma once
// Where the studio's windows go and how large their type is, as a pure function of the window size, the UI
// scale, the font scale and the mode, so that the frame loop, the fonts and the tests agree on it (no ImGui, no GL).
//
// Normal mode: controls on the left, the heatmap in the middle, the plots, the profile and the log on the right.
// With the graph view drawn (a classroom-sized graph) the teaching layout gives the right column to the graph
// view over the pseudocode over the log: a solve of at most a hundred vertices takes microseconds, so its
// per-round plots say nothing a lesson needs (hiding the graph view brings them back). Presentation mode (key P,
// --presentation): no side panels; the heatmap fills the window, or its left part with the graph view and the
// pseudocode on the right (the inspector overlay under them), all in type sized from the window's height, not
// from the UI scale.

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
  float ui_scale = 1;         ///< content scale (normal-mode fonts are 17 px x scale x font_scale)
  bool presentation = false;  ///< ClassroomState::presentation
  bool graph_view = false;    ///< the classroom column exists (a graph the graph view can draw is loaded)
  bool multi_gpu = false;     ///< several devices' samples: the plots window needs more room
  bool graph_drawn = true;    ///< the graph view is on (ClassroomState::graph_view); off: the pseudocode alone
  float font_scale = 1;       ///< --font-scale: multiplies every type size
  bool inspector = false;     ///< presentation: the inspector overlay (the selected cell's numbers) is shown
};

/// @brief The type sizes in pixels of the UI. The presentation sizes follow the window's height (a 720 p
/// projector gets 20 px text whatever the UI scale); the normal ones the UI scale.
struct TypeSizes {
  float body_px = 17;
  float heading_px = 23;
  float presentation_px = 20;
  float presentation_title_px = 24;
};

/// The smallest type presentation mode uses at 720 p and above (before --font-scale).
inline constexpr float kPresentationMinTextPx = 20.0f;

TypeSizes type_sizes(const LayoutInput& in);

struct StudioLayout {
  LayoutRect controls;    ///< left column: playback, graph, solver, export, status
  LayoutRect heatmap;     ///< the distance matrix panel
  LayoutRect graph;       ///< the graph view's window; empty when the graph view is off or has no room
  LayoutRect pseudocode;  ///< the pseudocode's window (under the graph view); empty without a classroom column
  LayoutRect plots;       ///< right column, top
  LayoutRect profile;     ///< right column, middle
  LayoutRect log;         ///< right column, bottom
  LayoutRect inspector;   ///< presentation only: the inspector overlay, under the graph view and the pseudocode
  float text_px = 17;     ///< the type of the panels shown (the heatmap, graph view and pseudocode)
  float title_px = 23;    ///< the heatmap's title line
};

/// @brief Rough height of a panel of @p lines text lines in @p text_px type, with its title bar and padding.
float panel_height_for_lines(float lines, float text_px);

/// @brief The windows' places for @p in; every non-empty rect lies inside the display and none overlap.
StudioLayout compute_layout(const LayoutInput& in);

}  // namespace apsp::studio
