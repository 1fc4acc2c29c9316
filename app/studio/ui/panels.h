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
void draw_timings_panel(const AppState& state);
void draw_log_panel(Log& log);
/// @brief One line at the bottom of the controls: platform, GL renderer, frame rate, worker activity.
void draw_status_panel(const AppState& state);

}  // namespace apsp::studio
