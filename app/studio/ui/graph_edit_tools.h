#pragma once
// The graph view's edit mode (key E): build the graph on the view itself. Click empty space (or "add vertex")
// for a new vertex; click a vertex, then another (or drag from one to the other) for a new edge of the weight in
// the field; click an arrow to pick its edge, then set its weight or delete it; a picked vertex can be deleted
// after its renumbering is shown. Ctrl+Z undoes, Ctrl+Y / Ctrl+Shift+Z redoes, Delete deletes what is picked,
// Escape drops it; "save" writes the graph to the Graph panel's save path. Every edit is a Command
// (session/commands.h); the lesson restarts on the edited graph.
#include <imgui.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "session/app_state.h"
#include "session/commands.h"

namespace apsp::studio {

/// @brief Where the graph view drew the graph this frame, in screen pixels, for the edit tools' clicks.
struct GraphCanvas {
  struct Arrow {
    std::int32_t src, dst, weight;
    ImVec2 from, to;  ///< as drawn: rim to rim, moved sideways when the opposite edge exists
  };
  ImVec2 origin, size;
  float radius = 1;             ///< of a vertex
  float scale = 1;              ///< the UI scale
  std::vector<ImVec2> centres;  ///< one per vertex
  std::vector<Arrow> arrows;
};

class GraphEditTools {
 public:
  /// @brief The "edit" button (before the view's header, on its line) and the keys; the caller SameLine()s.
  void draw_toggle(const AppState& state, CommandQueue& commands);
  /// @brief In edit mode, the tool lines under the header: add vertex, undo, redo, the weight, what is picked.
  void draw_toolbar(const AppState& state, CommandQueue& commands);
  /// @brief In edit mode, the clicks and drags on @p canvas and the marks of what is picked, into @p dl.
  void interact(const AppState& state, const GraphCanvas& canvas, ImDrawList* dl, CommandQueue& commands);

 private:
  /// @brief Drops a pick that the graph no longer has (another graph loaded, a vertex deleted).
  void forget_stale_picks(const AppState& state);
  void pick_vertex(std::int32_t v);
  void pick_edge(std::int32_t u, std::int32_t v, std::int32_t weight);
  void delete_picked(CommandQueue& commands);

  std::int32_t m_vertex = -1;                     ///< the picked vertex (an edge's tail, or to delete)
  std::int32_t m_edge_src = -1, m_edge_dst = -1;  ///< the picked edge
  int m_weight = 1;                               ///< the weight field: new edges, set-weight
  bool m_confirm_delete = false;                  ///< the picked vertex's deletion waits for "delete"
  std::int32_t m_drag_from = -1;                  ///< a drag started on this vertex
  std::shared_ptr<const Graph> m_graph;           ///< the graph the picks belong to
};

}  // namespace apsp::studio
