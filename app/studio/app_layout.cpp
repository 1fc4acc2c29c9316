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
#include "ui/lesson_caption.h"
#include "ui/panels.h"
#include "ui/predict_panel.h"
#include "ui/widgets.h"
#include "ui/window_fit.h"

namespace apsp::studio {
LayoutInput App::layout_input() const {
  const ImGuiIO& io = ImGui::GetIO();
  LayoutInput in;
  in.width = io.DisplaySize.x;
  in.height = io.DisplaySize.y;
  in.ui_scale = m_state.ui_scale;
  in.font_scale = m_options.font_scale;
  in.presentation = m_state.classroom.presentation;
  in.graph_view = GraphViewPanel::shows(m_state);  // the classroom column: graph view and pseudocode
  in.graph_drawn = m_state.classroom.graph_view;
  in.multi_gpu = multi_device_samples(plot_samples(m_state));
  // Presentation is a teaching mode: the inspector stays, beside the heatmap, whenever there is a column for it
  // or a cell to explain.
  in.inspector = in.presentation && m_state.session.has_solver && !m_state.session.sparse &&
                 (in.graph_view || m_state.classroom.selected.valid() || m_state.predict.on);
  return in;
}

void App::draw_ui() {
  ImGuiIO& io = ImGui::GetIO();
  const bool presentation = m_state.classroom.presentation;
  StudioLayout layout = compute_layout(layout_input());
  const LayoutRect lesson_caption = take_lesson_caption(layout.heatmap, m_state, layout.text_px);
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
      draw_predict_panel(m_state, edits.predict, m_commands);
      draw_timeline_panel(m_state, m_commands);
      draw_inspector_panel(m_state, m_commands);
      draw_lessons_menu(m_state, m_commands);
      // Near the top, where it is seen: why a large graph has no graph view beside its heatmap.
      if (m_state.session.has_graph && m_state.classroom.graph_view && !GraphViewPanel::shows(m_state))
        ImGui::TextWrapped("%s", GraphViewPanel::hidden_note(m_state).c_str());
      else if (layout.log.empty())
        ImGui::TextWrapped("plots, pseudocode and log: no room at this window size and UI scale; P (presentation) "
                           "shows the graph view and the pseudocode");
      else if (GraphViewPanel::shows(m_state) && layout.pseudocode.empty())
        ImGui::TextWrapped("pseudocode: no room under the heatmap at this size and scale; P (presentation) shows it");
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
  // Presentation: type sized from the window (ui/layout.h) for the back row, and no title bar (the title line
  // says everything).
  if (presentation) ImGui::PushFont(m_fonts.large);
  if (ImGui::Begin("Distance matrix", nullptr,
                   fixed | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                       (presentation ? ImGuiWindowFlags_NoTitleBar : 0))) {
    m_graphics->draw_heatmap_panel(m_state, edits.view, m_commands, m_fonts);
    m_window_fits.push_back(measure_current_window("Distance matrix"));
  }
  ImGui::End();
  if (!lesson_caption.empty()) {  // under the matrix, in its type: the class reads what the teacher says here
    place(lesson_caption);
    if (ImGui::Begin("Lesson", nullptr, fixed | ImGuiWindowFlags_NoTitleBar)) draw_lesson_caption(m_state, m_commands);
    ImGui::End();
  }
  if (presentation) ImGui::PopFont();
  m_layout_type.presentation = presentation;
  m_layout_type.ui_scale = m_state.ui_scale;
  m_layout_type.font_scale = m_options.font_scale;
  m_layout_type.text_px = layout.text_px;
  m_layout_type.title_px = layout.title_px;
  m_layout_type.cell_px = edits.view.drawn_cell_px;
  m_layout_type.cell_number_px = edits.view.drawn_number_px;
  // The classroom column (graph view over the pseudocode), for graphs the graph view can draw.
  if (!layout.pseudocode.empty()) draw_classroom_column(layout, fixed);
  if (!layout.inspector.empty()) {
    place(layout.inspector);
    ImGui::PushFont(m_fonts.large);  // presentation only: the projector's type
    if (ImGui::Begin("Inspector overlay", nullptr, fixed | ImGuiWindowFlags_NoTitleBar)) {
      draw_predict_overlay(m_state, edits.predict, m_commands);  // the class's answer field and explanations first
      draw_inspector_overlay(m_state);
      m_window_fits.push_back(measure_current_window("Inspector overlay"));
    }
    ImGui::End();
    ImGui::PopFont();
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
  }
  if (!layout.profile.empty()) {
    place(layout.profile);
    if (ImGui::Begin("Profile", nullptr, fixed)) draw_timings_panel(m_state);
    ImGui::End();
  }
  if (!layout.log.empty()) {  // the teaching layout keeps the log under the classroom column
    place(layout.log);
    // A lesson replay's picture must not depend on the clock: the log's times and the solve's durations stay out.
    if (ImGui::Begin("Log", nullptr, fixed)) {
      if (m_state.lesson.replay) ImGui::TextDisabled("lesson replay: the log is in --log-file");
      else draw_log_panel(m_log);
    }
    ImGui::End();
  }

  m_sweep_panel.draw_window(m_state, m_sweep->snapshot(), m_commands);  // a window of its own, over the others while open
}

void App::draw_classroom_column(const StudioLayout& layout, int window_flags) {
  // Presentation mode shows these panels in the heatmap's projector type.
  const bool presentation = m_state.classroom.presentation;
  if (presentation) ImGui::PushFont(m_fonts.large);
  if (!layout.graph.empty()) {
    ImGui::SetNextWindowPos(ImVec2(layout.graph.x, layout.graph.y));
    ImGui::SetNextWindowSize(ImVec2(layout.graph.w, layout.graph.h));
    if (ImGui::Begin("Graph", nullptr, window_flags | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse)) {
      if (ImGui::SmallButton("hide")) m_commands.push(CmdSetGraphView{false});
      if (!presentation) item_tooltip("hide the graph view: the plots and the profile take the right column again");
      ImGui::SameLine();
      m_graph_view_panel.draw(m_state, m_commands);
      m_window_fits.push_back(measure_current_window("Graph"));
    }
    ImGui::End();
  }
  const LayoutRect& p = layout.pseudocode;
  ImGui::SetNextWindowPos(ImVec2(p.x, p.y));
  ImGui::SetNextWindowSize(ImVec2(p.w, p.h));
  if (ImGui::Begin("Pseudocode", nullptr, window_flags)) {  // the listing wraps: no sideways scrolling
    if (!m_state.classroom.graph_view && ImGui::SmallButton("show the graph")) m_commands.push(CmdSetGraphView{true});
    draw_pseudocode_panel(m_state);
    m_window_fits.push_back(measure_current_window("Pseudocode"));
  }
  ImGui::End();
  if (presentation) ImGui::PopFont();
}

}  // namespace apsp::studio
