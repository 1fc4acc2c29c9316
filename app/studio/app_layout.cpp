// The App's windows and where they sit (ui/layout.h computes the rectangles): the controls column, the
// distance matrix, the classroom column (graph view over the pseudocode), the plots, profile and log column,
// and the Sweep window over them while open.
#include <imgui.h>

#include <cmath>
#include <string>

#include "app.h"
#include "counters_control.h"
#include "session/multi_gpu_stats.h"
#include "sweep_control.h"
#include "render/frame_graphics.h"
#include "ui/layout.h"
#include "ui/panels.h"
#include "ui/window_fit.h"

namespace apsp::studio {
void App::draw_ui() {
  ImGuiIO& io = ImGui::GetIO();
  const bool presentation = m_state.classroom.presentation;
  LayoutInput in;
  in.width = io.DisplaySize.x;
  in.height = io.DisplaySize.y;
  in.ui_scale = m_state.ui_scale;
  in.presentation = presentation;
  in.graph_view = GraphViewPanel::shows(m_state);  // the classroom column: graph view and pseudocode
  in.multi_gpu = multi_device_samples(plot_samples(m_state));
  // Presentation is a teaching mode: the inspector stays, beside the heatmap, whenever there is a column for it
  // or a cell to explain.
  in.inspector = presentation && m_state.session.has_solver && !m_state.session.sparse &&
                 (in.graph_view || m_state.classroom.selected.valid());
  const StudioLayout layout = compute_layout(in);
  m_window_fits.clear();
  m_display_size = {io.DisplaySize.x, io.DisplaySize.y};
  const ImGuiWindowFlags fixed = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  PanelEdits& edits = m_state.edits;
  auto place = [](const LayoutRect& r) {
    ImGui::SetNextWindowPos(ImVec2(r.x, r.y));
    ImGui::SetNextWindowSize(ImVec2(r.w, r.h));
  };

  if (!layout.controls.empty()) {
    place(layout.controls);
    if (ImGui::Begin("APSP Studio", nullptr, fixed)) {
      // Playback first: on a projector the controls used every minute must be above the fold.
      draw_playback_panel(m_state, m_commands);
      draw_timeline_panel(m_state, m_commands);
      draw_inspector_panel(m_state);
      draw_lessons_menu(m_state, m_commands);
      // Near the top, where it is seen: why a large graph has no graph view beside its heatmap.
      if (m_state.session.has_graph && m_state.classroom.graph_view && !GraphViewPanel::shows(m_state))
        ImGui::TextWrapped("%s", GraphViewPanel::hidden_note(m_state).c_str());
      else if (GraphViewPanel::shows(m_state) && layout.graph.empty())
        ImGui::TextWrapped("graph view: no room under the heatmap at this size and scale; P (presentation) shows it");
      draw_graph_panel(m_state, edits.graph, m_commands);
      draw_solver_panel(m_state, edits.solver, m_commands);
      draw_export_panel(m_state, edits.exports, m_commands);
      draw_history_panel(m_state, edits.history, m_commands);
      m_sweep_panel.draw_launcher(m_sweep->snapshot());
      draw_status_panel(m_state);
    }
    ImGui::End();
  }

  place(layout.heatmap);
  // Presentation: large type for the back row, and no title bar (the title line says everything). From UI scale
  // 1.5 on the type is large already, and 1.6 times more would leave the matrix no room on a 1080 p projector.
  const bool large_type = presentation && m_state.ui_scale < 1.5f;
  if (large_type) ImGui::PushFont(m_fonts.large);
  if (ImGui::Begin("Distance matrix", nullptr,
                   fixed | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                       (presentation ? ImGuiWindowFlags_NoTitleBar : 0))) {
    m_graphics->draw_heatmap_panel(m_state, edits.view, m_commands, m_fonts);
    m_window_fits.push_back(measure_current_window("Distance matrix"));
  }
  ImGui::End();
  if (large_type) ImGui::PopFont();
  // The classroom column (graph view over the pseudocode) at layout.graph, for graphs the graph view can draw.
  if (!layout.graph.empty()) draw_classroom_column(layout.graph, fixed);
  if (!layout.inspector.empty()) {
    place(layout.inspector);
    if (large_type) ImGui::PushFont(m_fonts.large);
    if (ImGui::Begin("Inspector overlay", nullptr, fixed | ImGuiWindowFlags_NoTitleBar)) {
      draw_inspector_overlay(m_state);
      m_window_fits.push_back(measure_current_window("Inspector overlay"));
    }
    ImGui::End();
    if (large_type) ImGui::PopFont();
  }

  if (!layout.plots.empty()) {
    // Right column: live plots on top, the numbers (totals, samples, device) below, then the log.
    place(layout.plots);
    // The wheel zooms the plots: it must not scroll their window. --plots-tab picks a tab while the window settles.
    if (ImGui::Begin("Per round", nullptr, fixed | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
      draw_plots_panel(m_state, m_plots_tab_frames > 0 ? m_options.plots_tab : std::string(), [&] {
        const ImGuiTabItemFlags flags =
            m_plots_tab_frames > 0 && m_options.plots_tab == "counters" ? ImGuiTabItemFlags_SetSelected : 0;
        if (ImGui::BeginTabItem("Counters", nullptr, flags)) {
          draw_counters_tab(m_state, m_counters->snapshot(), m_counters->unavailable(), m_counters_tab, m_commands);
          ImGui::EndTabItem();
        }
      });
      m_window_fits.push_back(measure_current_window("Per round"));
    }
    ImGui::End();
    if (m_plots_tab_frames > 0) --m_plots_tab_frames;
    place(layout.profile);
    if (ImGui::Begin("Profile", nullptr, fixed)) draw_timings_panel(m_state);
    ImGui::End();
    place(layout.log);
    if (ImGui::Begin("Log", nullptr, fixed)) draw_log_panel(m_log);
    ImGui::End();
  }

  m_sweep_panel.draw_window(m_state, m_sweep->snapshot(), m_commands);  // a window of its own, over the others while open
}

void App::draw_classroom_column(const LayoutRect& area, int window_flags) {
  const float graph_h = m_state.classroom.graph_view ? std::round(area.h * 0.64f) : 0.0f;
  if (m_state.classroom.graph_view) {
    ImGui::SetNextWindowPos(ImVec2(area.x, area.y));
    ImGui::SetNextWindowSize(ImVec2(area.w, graph_h));
    if (ImGui::Begin("Graph", nullptr, window_flags | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
      if (ImGui::SmallButton("hide")) m_commands.push(CmdSetGraphView{false});
      ImGui::SameLine();
      m_graph_view_panel.draw(m_state);
    }
    ImGui::End();
  }
  ImGui::SetNextWindowPos(ImVec2(area.x, area.y + graph_h));
  ImGui::SetNextWindowSize(ImVec2(area.w, area.h - graph_h));
  if (ImGui::Begin("Pseudocode", nullptr, window_flags | ImGuiWindowFlags_HorizontalScrollbar)) {
    if (!m_state.classroom.graph_view && ImGui::SmallButton("show the graph")) m_commands.push(CmdSetGraphView{true});
    draw_pseudocode_panel(m_state);
  }
  ImGui::End();
}

}  // namespace apsp::studio
