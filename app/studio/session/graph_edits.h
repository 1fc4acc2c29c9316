#pragma once
// Graphs the students build: the loaded graph and the edits made to it, each one undo step. Pure (no GL, no
// solver, no files); the graph view's edit mode and the scripted --edit both drive it, and the edited graph goes
// back to the session through the one load path (graph_edit_source.h).
//
// What each edit means (vertex ids are the matrix's, 0-based):
//   add-vertex          a new vertex n, without edges.
//   del-vertex V        V and every edge into or out of it go; vertices above V shift down by one (V+1 becomes
//                       V, ...), edges with them; renumbering_note(V) says so before the edit is made.
//   add-edge U V W      a new edge U -> V of weight W; refused when an edge U -> V exists (set-weight changes
//                       it) and for a self loop (U == V: the graph view draws none).
//   del-edge U V        every edge U -> V goes (a file may hold parallel ones).
//   set-weight U V W    the edges U -> V become one edge of weight W at the first one's place: the weight the
//                       view shows is the weight the matrix uses (parallel edges count as their lightest).
// Weights stay strictly inside the distance type's range (-INF, INF): i32 -1073741822 .. 1073741822 (INF is
// 2^30 - 1), i16 -16382 .. 16382; beyond it the edit is refused with one line. Undo restores the graph exactly
// (edge order included); redo makes the undone edit again; a new edit clears the redo steps.
#include <apsp/core/types.h>
#include <apsp/graph/graph.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace apsp::studio {

enum class GraphEditKind { AddVertex, DeleteVertex, AddEdge, DeleteEdge, SetWeight };

struct GraphEdit {
  GraphEditKind kind = GraphEditKind::AddVertex;
  std::int32_t src = -1;  ///< the edge's tail; DeleteVertex: the vertex
  std::int32_t dst = -1;
  std::int32_t weight = 0;  ///< AddEdge, SetWeight

  static GraphEdit add_vertex() { return {GraphEditKind::AddVertex}; }
  static GraphEdit delete_vertex(std::int32_t v) { return {GraphEditKind::DeleteVertex, v}; }
  static GraphEdit add_edge(std::int32_t u, std::int32_t v, std::int32_t w) {
    return {GraphEditKind::AddEdge, u, v, w};
  }
  static GraphEdit delete_edge(std::int32_t u, std::int32_t v) { return {GraphEditKind::DeleteEdge, u, v}; }
  static GraphEdit set_weight(std::int32_t u, std::int32_t v, std::int32_t w) {
    return {GraphEditKind::SetWeight, u, v, w};
  }

  /// @brief The edit in the edit language ("add-edge 0 3 -2"), for the log and the buttons' tooltips.
  std::string text() const;
  bool operator==(const GraphEdit&) const = default;
};

class GraphEdits {
 public:
  GraphEdits() = default;
  /// @param weights the distance type whose range an edited weight must stay inside
  explicit GraphEdits(Graph base, DType weights = DType::I32);

  const Graph& graph() const { return m_graph; }
  DType weight_type() const { return m_weights; }
  /// @brief The range later edits are checked against (the solver's type changed); the graph is unchanged.
  void set_weight_type(DType weights) { m_weights = weights; }

  /// @brief Why @p edit cannot be made on the current graph ("no edge 2 -> 3 (add-edge adds one)"), or nullopt.
  std::optional<std::string> refusal(const GraphEdit& edit) const;
  /// @brief Makes @p edit (one undo step, the redo steps dropped); throws UsageError "EDIT: " + refusal().
  void apply(const GraphEdit& edit);

  bool can_undo() const { return !m_undo.empty(); }
  bool can_redo() const { return !m_redo.empty(); }
  std::size_t undo_steps() const { return m_undo.size(); }
  /// @brief The edit undo() / redo() would take back or make again (can_undo() / can_redo() first).
  const GraphEdit& next_undo() const { return m_undo.back().edit; }
  const GraphEdit& next_redo() const { return m_redo.back(); }
  /// @brief Takes the last edit back; returns it. Throws UsageError when there is none.
  GraphEdit undo();
  /// @brief Makes the last undone edit again; returns it. Throws UsageError when there is none.
  GraphEdit redo();

  /// @brief What deleting @p v does to the numbering: "deletes vertex 2 and its 3 edges; 3 -> 2, 4 -> 3".
  std::string renumbering_note(std::int32_t v) const;
  /// @brief Whether an edge @p u -> @p v exists, and its weight (the lightest of parallel ones).
  std::optional<std::int32_t> edge_weight(std::int32_t u, std::int32_t v) const;

 private:
  /// Enough to put the graph back as it was: the edges removed (their places before the edit) and the edges
  /// inserted (their places after it), in ascending order.
  struct UndoStep {
    GraphEdit edit;
    std::vector<std::pair<std::size_t, Edge>> removed;
    std::vector<std::pair<std::size_t, Edge>> inserted;
  };
  UndoStep make(const GraphEdit& edit);
  void take_back(const UndoStep& step);

  Graph m_graph;
  DType m_weights = DType::I32;
  std::vector<UndoStep> m_undo;
  std::vector<GraphEdit> m_redo;
};

/// @brief One edit of an edit script with where it stands: "command 3 of 5 ('del-edge 2 3', column 31)".
struct ScriptedEdit {
  GraphEdit edit;
  std::string place;
};

/// @brief Parses the edit language: commands (add-vertex, del-vertex V, add-edge U V W, del-edge U V,
/// set-weight U V W) separated by ';' or new lines, blank ones skipped. Throws UsageError naming @p flag, the
/// command and its place.
std::vector<ScriptedEdit> parse_edit_script(const std::string& script, const std::string& flag);
/// @brief Makes @p edits one after another; a refused one throws UsageError naming @p flag and its place
/// (the edits before it stay made).
void apply_edit_script(GraphEdits& model, const std::vector<ScriptedEdit>& edits, const std::string& flag);

}  // namespace apsp::studio
