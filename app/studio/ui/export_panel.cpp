#include <imgui.h>

// imgui_stdlib.h needs imgui.h first (IMGUI_API); a separate block keeps include sorting from swapping them.
#include <imgui_stdlib.h>

#include "ui/panels.h"
#include "ui/widgets.h"

namespace apsp::studio {

void draw_export_panel(const AppState& state, ExportPaths& e, CommandQueue& commands) {
  if (!ImGui::CollapsingHeader("Export")) return;
  ImGui::PushID("export");
  if (ImGui::Button("Screenshot (F12)")) commands.push(CmdScreenshot{});
  item_tooltip("writes the whole window to apsp-studio-NNNN.png in the working directory");
  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 8);
  ImGui::InputText("##heatmap", &e.heatmap_path);
  ImGui::SameLine();
  ImGui::BeginDisabled(!state.session.view || e.heatmap_path.empty());
  if (ImGui::Button("Heatmap PNG")) commands.push(CmdExportHeatmap{e.heatmap_path});
  ImGui::EndDisabled();
  item_tooltip("the heatmap alone, one pixel per cell (per tile beyond 4096), overlays as shown");
  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 8);
  ImGui::InputText("##timings", &e.timings_path);
  ImGui::SameLine();
  ImGui::BeginDisabled(state.session.samples.empty() || e.timings_path.empty());
  if (ImGui::Button("Timings CSV")) commands.push(CmdExportTimings{e.timings_path});
  ImGui::EndDisabled();
  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 8);
  ImGui::InputText("##trace", &e.trace_path);
  ImGui::SameLine();
  ImGui::BeginDisabled(state.session.samples.empty() || e.trace_path.empty());
  if (ImGui::Button("Timeline JSON")) commands.push(CmdExportTrace{e.trace_path});
  ImGui::EndDisabled();
  item_tooltip("every phase, copy and broadcast per device and stream as a Chrome trace / Perfetto timeline (what "
               "--trace writes); open it in ui.perfetto.dev");
  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 8);
  ImGui::InputText("##distances", &e.distances_path);
  ImGui::SameLine();
  ImGui::BeginDisabled(!state.session.has_solver || e.distances_path.empty());
  if (ImGui::Button("Distances")) commands.push(CmdExportDistances{e.distances_path});
  ImGui::EndDisabled();
  item_tooltip("the current distances: .bin (course binary, n*n int32), .npy or .csv, by the extension");
  // Slides: the run from here to its end, one frame per k, phase or round.
  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 8);
  ImGui::InputText("##frames", &e.frames_dir);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  ImGui::Combo("##granularity", &e.slide_granularity, "per k\0per phase\0per round\0");
  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 8);
  ImGui::InputText("##gif", &e.gif_path);
  ImGui::SameLine();
  ImGui::BeginDisabled(!state.session.has_solver || state.session.cursor.finished ||
                       (e.frames_dir.empty() && e.gif_path.empty()));
  if (ImGui::Button("Slides")) {
    const Granularity g = e.slide_granularity == 0 ? Granularity::KStep
                          : e.slide_granularity == 2 ? Granularity::Round
                                                     : Granularity::Phase;
    commands.push(CmdExportFrames{e.frames_dir, e.gif_path, g});
  }
  ImGui::EndDisabled();
  item_tooltip("PNG frames (DIR/frame_0000.png ...) and an animated GIF of the run from now to its end, one frame "
               "per step of the chosen size; either path may be empty");
  // Handouts: the lesson's tables on paper, one per step of the slides' size.
  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 8);
  ImGui::InputText("##handout", &e.handout_path);
  ImGui::SameLine();
  ImGui::BeginDisabled(!state.session.loaded_graph || e.handout_path.empty());
  if (ImGui::Button("Handout...")) {
    const Granularity g = e.slide_granularity == 0 ? Granularity::KStep
                          : e.slide_granularity == 2 ? Granularity::Round
                                                     : Granularity::Phase;
    commands.push(CmdExportHandout{e.handout_path, g});
  }
  ImGui::EndDisabled();
  item_tooltip("the lesson's D and Pi tables after each step (the slides' size), changed cells marked: FILE.tex "
               "(LaTeX), FILE.pdf (a page per step) or a folder of SVGs; graphs of up to 16 vertices");
  if (!state.last_written.empty()) ImGui::TextDisabled("wrote %s", state.last_written.c_str());
  ImGui::PopID();
}

}  // namespace apsp::studio
