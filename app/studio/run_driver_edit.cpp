// --edit and --save-graph: the launch graph edited before any step, through the same edit model and load path as
// the graph view's edit mode (session/graph_edit_state.h), then saved.
#include <apsp/core/errors.h>

#include <cstdio>

#include "app.h"
#include "run_driver.h"
#include "session/graph_edit_state.h"

namespace apsp::studio {

int RunDriver::apply_scripted_graph_edits() {
  SolverSession& session = m_app.session();
  if (!m_options.edit.empty()) {
    const SessionSnapshot loaded = session.snapshot();
    // The window's own chain of edits: its undo takes these back too, and the settings remember the origin.
    GraphEditState& edits = m_app.graph_edits();
    edits.start(loaded);
    try {
      apply_edit_script(edits.model, parse_edit_script(m_options.edit, "--edit"), "--edit");
    } catch (const Error& e) {
      std::fprintf(stderr, "apsp-studio: %s\n", e.what());
      return exit_code(e);
    }
    const Graph& g = edits.model.graph();
    const std::size_t count = edits.model.undo_steps();
    m_app.log().info("--edit: " + std::to_string(count) + (count == 1 ? " edit of " : " edits of ") +
                     loaded.graph.source.label() + negative_cycle_note(negative_cycle_of(g)) + "; n = " + std::to_string(g.n) +
                     ", m = " + std::to_string(g.m()));
    session.load_async(edits.next_source(), edits.restart_config(loaded), false);
    wait_idle_or_stop();
    if (int status = report_failure(session); status != 0) return status;
  }
  if (!m_options.save_graph.empty()) {
    session.save_graph_async(m_options.save_graph);
    wait_idle_or_stop();
    if (int status = report_failure(session); status != 0) return status;
  }
  return exit_status::kOk;
}

}  // namespace apsp::studio
