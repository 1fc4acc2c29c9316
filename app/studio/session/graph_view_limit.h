#pragma once
// The largest graph the graph view draws. The session needs it too (it copies the sparse stepper's sets into
// snapshots only for graphs the view can show), and the session knows no drawing code, so it lives here.

namespace apsp::studio {

/// @brief Above this many vertices the graph view is hidden (a line says so): a node-link picture of more
/// vertices is no longer legible beside the heatmap.
inline constexpr int kGraphViewMaxVertices = 100;

}  // namespace apsp::studio
