#pragma once
// Whether a fixed window's contents fit in it: recorded for the windows that do not scroll (the heatmap, the
// plots), where anything beyond the edge is simply lost, and written to --stats-json ("windows") so a test can
// catch a clipped Fit button, legend or plot at a given window size and UI scale.
#include "session/run_stats.h"

namespace apsp::studio {

/// @brief Call just before ImGui::End() of window @p name: its place and whether its items reach past its
/// inner edges (by more than a pixel).
WindowFit measure_current_window(const char* name);

}  // namespace apsp::studio
