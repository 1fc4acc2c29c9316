#pragma once
// Zoom and pan on a plot's x axis, the same on every plot: the wheel zooms around the mouse, a left drag pans,
// a double click shows everything again. The window is kept as fractions [lo, hi] of the full x range (so a
// growing run stays zoomed on the same share), in Dear ImGui's per-window state storage under the plot's ID:
// no state of our own, and each plot remembers its own zoom.
#include <imgui.h>

namespace apsp::chart {

/// @brief The visible part of the x range, as fractions of it: 0 <= lo < hi <= 1.
struct XZoom {
  double lo = 0;
  double hi = 1;
  double width() const { return hi - lo; }
  bool zoomed() const { return lo > 0 || hi < 1; }
  /// @brief Position of full-range fraction @p f inside the visible window (0 at lo, 1 at hi).
  double to_view(double f) const { return (f - lo) / width(); }
  /// @brief Full-range fraction at @p v of the visible window.
  double from_view(double v) const { return lo + v * width(); }
};

/// @brief Narrowest window: one part in kMaxZoom of the full range.
inline constexpr double kMaxZoom = 1e4;

/// @brief @p z scaled by @p factor (< 1 zooms in) around the full-range fraction @p anchor, which stays put;
/// clamped to [0, 1] and to kMaxZoom.
XZoom zoom_around(XZoom z, double anchor, double factor);
/// @brief @p z moved by @p delta (fraction of the full range), stopped at either end.
XZoom pan_by(XZoom z, double delta);

/// @brief Applies this frame's wheel, drag and double click over the last item (the plot's invisible
/// button) to the zoom stored under @p id, for a plot area spanning screen x [x0, x1]; returns it.
XZoom handle_x_zoom(ImGuiID id, float x0, float x1);

}  // namespace apsp::chart
