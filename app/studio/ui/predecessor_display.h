#pragma once
// Π on screen (session/predecessor_view.h): whether the heatmap shows Π instead of D, the predecessor numbers
// in its cells, the inspector's π lines, and the path read back from Π drawn edge by edge (from j backwards,
// as it is read) on the graph view and the heatmap. The heatmap, the inspector panel, its presentation overlay
// and the graph view all take their Π from here, so they say the same.
#include <imgui.h>

#include <cstdint>
#include <string>
#include <vector>

#include "session/app_state.h"
#include "session/commands.h"

namespace apsp::studio {

/// @brief The heatmap shows Π: asked for (key V, the D / Π button, --show pi) and published for this graph.
bool predecessors_shown(const AppState& state);
/// @brief A predecessor as the cells and the inspector print it: its vertex number, or NIL.
std::string predecessor_text(std::int32_t v);

/// @brief Edges of the Π path drawn now: all of them unless the path of the selected cell is being stepped.
int pi_path_edges_drawn(const AppState& state);
/// @brief The part of the Π path drawn now: its last pi_path_edges_drawn() edges (j alone at 0).
std::vector<std::int32_t> pi_path_drawn(const AppState& state);

/// @brief What the inspector says about Π for the selected cell, one row each; `dim` rows are asides.
struct PredecessorLine {
  std::string text;
  bool dim = false;
};
std::vector<PredecessorLine> predecessor_lines(const AppState& state);

/// @brief |< < > >| over the Π path's edges (keys [ and ]), in the inspector.
void draw_pi_path_controls(const AppState& state, CommandQueue& commands);

/// @brief The predecessors in the heatmap's cells (neutral background: render/heatmap_renderer.h's
/// neutral_fill) where the cells are large enough; returns the type size used, 0: none printed.
float draw_predecessor_values(const AppState& state, int n, ImVec2 canvas_min, ImVec2 canvas);
/// @brief The legend under (or beside) the heatmap in Π mode: what a cell holds and why it is grey.
void draw_predecessor_legend(const AppState& state);

}  // namespace apsp::studio
