#pragma once
// One panel per file. Control panels draw into the current window as collapsible sections; the heatmap,
// timings and log panels are windows of their own. Panels read AppState and emit Commands; none of them
// touches the solver.
#include "session/app_state.h"
#include "session/commands.h"
#include "session/log.h"
#include "ui/theme.h"

namespace apsp::studio {

void draw_graph_panel(AppState& state, CommandQueue& commands);
void draw_solver_panel(AppState& state, CommandQueue& commands);
void draw_playback_panel(AppState& state, CommandQueue& commands);
void draw_export_panel(AppState& state, CommandQueue& commands);
/// @brief Per-phase totals (time, share, GB/s, updates/s, % of the device's min-plus peak) and every sample.
void draw_timings_panel(const AppState& state);
/// @brief Live per-round plots: stacked phase times, GB/s per phase, updates/s.
void draw_plots_panel(const AppState& state);
/// @brief The CUDA devices' facts, or why there is none.
void draw_device_panel(const AppState& state);
void draw_log_panel(Log& log);
/// @brief Lines at the bottom of the controls: frame rate, heatmap path and why, platform and GL renderer.
void draw_status_panel(const AppState& state);

}  // namespace apsp::studio
