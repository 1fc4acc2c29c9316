#pragma once
#include <functional>
#include <string>
// One panel per file. Control panels draw into the current window as collapsible sections; the heatmap,
// timings and log panels are windows of their own. Panels read AppState, edit only their own part of
// AppState::edits and emit Commands for everything else (session/app_state.h); none of them touches the solver.
#include "session/app_state.h"
#include "session/commands.h"
#include "session/log.h"
#include "ui/theme.h"

namespace apsp::studio {

void draw_graph_panel(const AppState& state, GraphPanelState& edits, CommandQueue& commands);
/// @brief Fills the graph panel from the loaded @p source (a generator's model and parameters, or the path), so
/// "Generate" after an edit changes only what was edited.
void show_loaded_graph(GraphPanelState& edits, const GraphSource& source);
void draw_solver_panel(const AppState& state, SolverConfig& edit, CommandQueue& commands);
void draw_playback_panel(const AppState& state, CommandQueue& commands);
/// @brief A running load's steps and times (ui/load_progress_panel.cpp); nothing when no load runs.
void draw_load_progress(const LoadStatus& load);
void draw_export_panel(const AppState& state, ExportPaths& paths, CommandQueue& commands);
/// @brief Keyboard shortcuts (Space, Right, Shift+Right, R, F, P, F12) as Commands; each says what it did in the log.
void handle_shortcut_keys(const AppState& state, Log& log, CommandQueue& commands);
/// @brief Per-phase totals (time, share, GB/s, updates/s, % of the device's min-plus peak) and every sample.
void draw_timings_panel(const AppState& state);
/// @brief Live per-round plots: stacked phase times, GB/s per phase, updates/s.
/// @p select_tab: "per-round" or "timeline" selects that tab this frame (--plots-tab); empty: the user's choice.
/// @p extra_tabs, when given, draws further tab items into the plots' tab bar (the Counters tab).
void draw_plots_panel(const AppState& state, const std::string& select_tab = {},
                      const std::function<void()>& extra_tabs = {});
/// @brief The CUDA devices' facts, or why there is none.
void draw_device_panel(const AppState& state);
void draw_log_panel(Log& log);
/// @brief Classroom: back by a k-step, phase or round, and a slider over the steps taken so far.
void draw_timeline_panel(const AppState& state, CommandQueue& commands);
/// @brief Classroom: the selected cell's relaxation with its real numbers, its current and final paths, and Π's
/// entry with the path read from Π (ui/predecessor_display.h), stepped by the buttons it adds to @p commands.
void draw_inspector_panel(const AppState& state, CommandQueue& commands);
/// @brief Presentation mode: the inspector's relaxation, verdict and path in large type (ui/inspector_overlay.cpp).
void draw_inspector_overlay(const AppState& state);
/// @brief The recorded runs, two of them compared, the baseline (ui/history_panel.cpp).
void draw_history_panel(const AppState& state, HistoryPanelState& edits, CommandQueue& commands);
/// @brief Lines at the bottom of the controls: frame rate, heatmap path and why, platform and GL renderer.
void draw_status_panel(const AppState& state);

// Classroom: the Lessons menu and the pseudocode panel (the graph view is ui/graph_view_panel.h).
/// @brief "Lessons..." and its popup of classroom presets, each loaded with the block it suggests.
void draw_lessons_menu(const AppState& state, CommandQueue& commands);
/// @brief Naive or blocked Floyd–Warshall with the executed line highlighted and the live round, phase, k,
/// block and i, j.
void draw_pseudocode_panel(const AppState& state);

}  // namespace apsp::studio
