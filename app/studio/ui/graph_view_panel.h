#pragma once
// The graph view: the loaded graph as nodes and weighted arrows beside the heatmap, with the
// current k, the pivot block's vertices, the selected pair's path and a negative cycle marked. The layout is
// computed once per loaded graph (graph_view/graph_layout.h), never per frame.
#include <memory>

#include "graph_view/graph_layout.h"
#include "session/app_state.h"
#include "session/commands.h"
#include "ui/graph_edit_tools.h"

namespace apsp::studio {

class GraphViewPanel {
 public:
  /// @brief Draws into the current ImGui window (the caller's "Graph" window); the edit mode's clicks and keys
  /// become @p commands.
  void draw(const AppState& state, CommandQueue& commands);
  /// @brief Whether the graph view has something to draw for @p state (a graph of at most
  /// kGraphViewMaxVertices vertices); otherwise the caller shows hidden_note() instead.
  static bool shows(const AppState& state);
  /// @brief One line saying why the view is hidden ("graph view hidden: n = 512 is above 100 vertices").
  static std::string hidden_note(const AppState& state);

 private:
  const GraphLayout& layout_for(const AppState& state);

  std::shared_ptr<const Graph> m_graph;  ///< the graph m_layout belongs to (the snapshot's, by identity)
  GraphLayout m_layout;
  double m_typical_spacing = 1;  ///< median nearest-neighbour distance of m_layout (sizes the nodes)
  GraphEditTools m_edit_tools;   ///< the edit mode (ui/graph_edit_tools.h)
};

}  // namespace apsp::studio
