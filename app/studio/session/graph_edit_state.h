#pragma once
// The studio's side of graph editing: the edit mode, the edits of the loaded graph (session/graph_edits.h) and
// how an edited graph goes back into the session. It goes through the one load path every graph takes
// (SolverSession::load_async with a GraphSource): its edge list, written in memory, is the source's contents,
// as a pipe's bytes are, so the load checks and builds it exactly as it would the saved file.
#include <apsp/io/graph_source.h>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "session/graph_edits.h"
#include "session/session_types.h"

namespace apsp::studio {

/// @brief A graph as an in-memory edge list source ("# n=N m=M", one "u v w" line per edge, 0-based), named
/// @p name in logs and errors. Loading it gives @p g back exactly (n, edges and their order).
GraphSource edited_graph_source(const Graph& g, const std::string& name);

/// @brief One negative cycle of @p g (apsp/solve/negative_cycle.h: smallest vertex first, not repeated), or none;
/// graphs the graph view draws only (larger ones: none looked for).
std::vector<std::int32_t> negative_cycle_of(const Graph& g);
/// @brief " and makes the negative cycle 0 -> 1 -> 0 (the lesson stops there)", or "" for no @p cycle: said at
/// the edit itself, before a step reaches the cycle.
std::string negative_cycle_note(const std::vector<std::int32_t>& cycle);

/// @brief The edits of the loaded graph, AppState::graph_edit (written by the router's edit room only).
struct GraphEditState {
  bool mode = false;  ///< the graph view's edit mode (key E)
  GraphEdits model;   ///< meaningful while started()

  /// @brief Whether the loaded graph of @p session is this chain's: the graph it started from or one it asked
  /// the session to load (while an edit's load is on its way, the one before it). A graph loaded otherwise
  /// (a file, a generator, a lesson) ends the chain: the next edit starts a new one on it.
  bool follows(const SessionSnapshot& session) const;
  bool started() const { return m_base != nullptr; }
  /// @brief A new chain on @p session's loaded graph (no undo steps).
  void start(const SessionSnapshot& session);
  /// @brief The source of the model's current graph, remembered as this chain's own.
  GraphSource next_source();
  /// @brief What the lesson restarts with: @p session's solver, the block as asked when the chain started (or
  /// since changed by the user), which the load clamps to n again after each edit.
  SolverConfig restart_config(const SessionSnapshot& session);
  /// @brief The negative cycle of the graph the last edit loaded, while @p session shows that graph (the graph
  /// view draws it as it draws a cycle a step met, before any step meets it); empty otherwise.
  const std::vector<std::int32_t>& cycle_shown(const SessionSnapshot& session) const;
  /// @brief The graph the edits started from (what the settings remember: an edited graph lives in memory).
  const GraphSource& origin() const { return m_origin; }

 private:
  std::shared_ptr<const Graph> m_base;  ///< the loaded graph the chain started from
  GraphSource m_origin;
  int m_asked_block = 0;
  std::vector<std::shared_ptr<const std::vector<unsigned char>>> m_issued;  ///< contents of the loads asked for
  std::vector<std::int32_t> m_cycle;  ///< negative_cycle_of() the last graph asked for
};

/// @brief The graph the settings remember for @p session: the edits' origin while an edited graph is loaded,
/// else the loaded graph's source.
const GraphSource& remembered_graph_source(const SessionSnapshot& session, const GraphEditState& edits);

/// @brief Throws UsageError (one line naming @p flag) when saving the graph to @p path would overwrite the file
/// the loaded graph was read from, or, for an edited graph, the file its edits started from.
void refuse_saving_over_input(const std::string& flag, const std::string& path, const SessionSnapshot& session,
                              const GraphEditState& edits);

}  // namespace apsp::studio
