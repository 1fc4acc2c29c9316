// Π on the heatmap and the path read from it on the graph view: AppState::classroom's Π fields.
#include "command_router.h"

namespace apsp::studio {

void CommandRouter::on(const CmdShowPredecessors& c) {
  ClassroomState& classroom = m_t.state.classroom;
  // Asked for where Π is not kept (a large graph, a sparse solve): the heatmap keeps D, the log says why.
  const PredecessorInspection& pi = m_t.state.session.inspection.predecessors;
  if (c.on && m_t.state.session.has_graph && !pi.shown())
    m_t.log.warning("Π not shown: " + (pi.note.empty() ? std::string("not available for this solve") : pi.note));
  classroom.show_pi = c.on;
}

void CommandRouter::on(const CmdShowPiPathEdges& c) {
  m_t.state.classroom.pi_path_step = PiPathStep{m_t.state.classroom.selected, c.edges};
}

}  // namespace apsp::studio
