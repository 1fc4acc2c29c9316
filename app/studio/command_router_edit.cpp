// Graph editing: the edit model of the loaded graph (AppState::graph_edit) and the lesson restarted on the
// edited graph. A refused edit throws its one line (the frame logs it); nothing is loaded then.
#include <apsp/core/errors.h>

#include <string>

#include "command_router.h"

namespace apsp::studio {

void CommandRouter::restart_on_edited_graph(const std::string& what) {
  GraphEditState& edits = m_t.state.graph_edit;
  const Graph& g = edits.model.graph();
  // Stop the solve on the old graph rather than queue the load behind it.
  stop_playing_and_cancel();
  const SolverConfig config = edits.restart_config(m_t.state.session);
  const std::string cycle = negative_cycle_note(negative_cycle_of(g));
  m_t.log.info(what + cycle + (cycle.empty() ? "" : ", undo (Ctrl+Z) takes it away") +
               "; the lesson restarts on the edited graph (n = " + std::to_string(g.n) +
               ", m = " + std::to_string(g.m()) + ")");
  m_t.session.load_async(edits.next_source(), config, false);
}

void CommandRouter::on(const CmdEditGraph& c) {
  GraphEditState& edits = m_t.state.graph_edit;
  const SessionSnapshot& session = m_t.state.session;
  if (!session.has_graph || !session.loaded_graph) throw UsageError(c.edit.text() + ": no graph loaded");
  if (!edits.follows(session)) edits.start(session);
  edits.model.set_weight_type(session.config.dtype);  // the solver's type may have changed since the chain began
  edits.model.apply(c.edit);
  restart_on_edited_graph("edit " + c.edit.text());
}

void CommandRouter::on(const CmdUndoEdit&) {
  GraphEditState& edits = m_t.state.graph_edit;
  if (!edits.follows(m_t.state.session) || !edits.model.can_undo())
    throw UsageError("undo: no edit of this graph to take back");
  restart_on_edited_graph("undo " + edits.model.undo().text());
}

void CommandRouter::on(const CmdRedoEdit&) {
  GraphEditState& edits = m_t.state.graph_edit;
  if (!edits.follows(m_t.state.session) || !edits.model.can_redo())
    throw UsageError("redo: no undone edit of this graph to make again");
  restart_on_edited_graph("redo " + edits.model.redo().text());
}

void CommandRouter::on(const CmdSetEditMode& c) {
  m_t.state.graph_edit.mode = c.on;
  m_t.log.info(c.on ? "edit mode on: click empty space to add a vertex, a vertex then another to add an edge"
                    : "edit mode off");
}

}  // namespace apsp::studio
