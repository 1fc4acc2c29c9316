// How the heatmap and the classroom column look: AppState::view and AppState::classroom, the renderer's colormap.
#include <optional>

#include "command_router.h"

namespace apsp::studio {

void CommandRouter::on(const CmdFitView&) {
  m_t.state.edits.view.fit_pending = true;
  m_t.state.edits.view.auto_fit = true;
}

void CommandRouter::on(const CmdSetColormap& c) {
  m_t.frame.set_colormap(c.name);
  m_t.state.view.colormap = c.name;
}

void CommandRouter::on(const CmdSetOverlays& c) { m_t.state.view.overlays = c.on; }

void CommandRouter::on(const CmdSetGrid& c) { m_t.state.view.grid = c.on; }

void CommandRouter::on(const CmdFixColourRange& c) {
  const auto& view = m_t.state.session.view;
  m_t.state.view.fixed_range = c.fixed;
  m_t.session.fix_colours_async(c.fixed, view ? std::optional<ValueRange>(view->range) : std::nullopt);
}

void CommandRouter::on(const CmdTogglePresentation&) {
  m_t.state.classroom.presentation = !m_t.state.classroom.presentation;
  m_t.state.edits.view.fit_pending = true;  // a new canvas size: fit again
  m_t.state.edits.view.auto_fit = true;
}

void CommandRouter::on(const CmdSetGraphView& c) { m_t.state.classroom.graph_view = c.on; }

}  // namespace apsp::studio
