#include <imgui.h>

// imgui_stdlib.h needs imgui.h first (IMGUI_API); a separate block keeps include sorting from swapping them.
#include <imgui_stdlib.h>

#include <apsp/core/option_limits.h>
#include <apsp/solve/block_size.h>

#include <algorithm>

#include "session/multi_gpu_stats.h"
#include "session/step_position.h"
#include "ui/panels.h"
#include "ui/widgets.h"

namespace apsp::studio {

void draw_solver_panel(const AppState& state, SolverConfig& edit, CommandQueue& commands) {
  if (!ImGui::CollapsingHeader("Solver", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::PushID("solver");
  const BackendInfo* selected = nullptr;
  for (const BackendInfo& b : state.backends) {
    // Unavailable variants stay visible, greyed, with the reason: users learn what a GPU machine would add.
    ImGui::BeginDisabled(!b.available);
    if (ImGui::RadioButton(b.name.c_str(), edit.backend == b.name)) edit.backend = b.name;
    ImGui::EndDisabled();
    item_tooltip(b.description + (b.available ? std::string() : "\nunavailable: " + b.unavailable_reason));
    if (!b.available) {
      ImGui::SameLine();
      ImGui::TextDisabled("(%s)", b.unavailable_reason.c_str());
    }
    if (edit.backend == b.name) selected = &b;
  }
  // Sparse solvers: Dijkstra per source on the CSR graph, the rows of --sources; listed after the
  // Floyd–Warshall variants, marked "sparse".
  const SparseBackendInfo* sparse = nullptr;
  for (const SparseBackendInfo& b : state.sparse_backends) {
    ImGui::BeginDisabled(!b.available);
    if (ImGui::RadioButton(b.name.c_str(), edit.backend == b.name)) edit.backend = b.name;
    ImGui::EndDisabled();
    item_tooltip(b.description + "\nsparse: the rows of the chosen sources fill as they finish" +
                 (b.available ? std::string() : "\nunavailable: " + b.unavailable_reason));
    ImGui::SameLine();
    if (b.available)
      ImGui::TextDisabled("(sparse)");
    else
      ImGui::TextDisabled("(sparse; %s)", b.unavailable_reason.c_str());
    if (edit.backend == b.name) sparse = &b;
  }
  if (sparse) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    ImGui::InputText("sources", &edit.sources);
    help_marker("The rows to solve, as apsp solve --sources: all, A:B (A, A+1, ..., B-1) or a list 3,0,7. Steps "
                "settle one vertex of the current source (small graphs show it in the graph view); Run to end runs "
                "the solver on the rows left.");
  }

  const std::vector<int> sizes = block_size_choices(selected ? *selected : BackendInfo{}, edit.block);
  ImGui::BeginDisabled(sparse != nullptr);  // no blocks, no int16 for the sparse solvers
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  if (ImGui::BeginCombo("block size B", std::to_string(edit.block).c_str())) {
    for (int s : sizes) {
      if (ImGui::Selectable(std::to_string(s).c_str(), s == edit.block)) edit.block = s;
    }
    ImGui::EndCombo();
  }
  help_marker(
      "The matrix is split into B x B blocks; each round closes one pivot block (phase 1), then its row and "
      "column of blocks (phase 2), then every other block (phase 3).\nPlain Floyd-Warshall (cpu-naive, cuda-naive) has "
      "no blocks: the class steps it one k at a time; B only sets how many values of k one internal pass covers.");

  bool i16_ok = !selected || selected->supports_i16;
  ImGui::TextUnformatted("distances");
  ImGui::SameLine();
  if (ImGui::RadioButton("int32", edit.dtype == DType::I32)) edit.dtype = DType::I32;
  ImGui::SameLine();
  ImGui::BeginDisabled(!i16_ok);
  if (ImGui::RadioButton("int16", edit.dtype == DType::I16)) edit.dtype = DType::I16;
  ImGui::EndDisabled();
  item_tooltip(i16_ok ? "half the memory; results must stay below 16383" : "this backend has no int16 mode");
  ImGui::EndDisabled();

  // GPU count: greyed, with the reason, unless this machine has several GPUs and the backend uses them.
  const GpuChoice gpus =
      gpu_choice(state.device.count, state.device.unavailable_reason, edit.backend, selected && selected->multi_gpu);
  if (!gpus.reason.empty()) edit.gpus = 1;
  edit.gpus = std::clamp(edit.gpus, 1, gpus.max_gpus);
  ImGui::BeginDisabled(!gpus.reason.empty());
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  ImGui::SliderInt("GPUs", &edit.gpus, 1, gpus.max_gpus, "%d", ImGuiSliderFlags_AlwaysClamp);
  ImGui::EndDisabled();
  item_tooltip(gpus.reason.empty() ? "row bands of the matrix, one per GPU; the pivot row travels between them"
                                   : "one GPU: " + gpus.reason);
  if (!gpus.reason.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("(one GPU)");
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", gpus.reason.c_str());
    ImGui::PopTextWrapPos();
  }

  // CPU threads: what --threads sets; 0 keeps the launch's default (all cores but one in the GUI).
  const bool cpu = (selected && !selected->gpu) || (sparse && !sparse->gpu);
  ImGui::BeginDisabled(!cpu);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
  ImGui::SliderInt("CPU threads", &edit.threads, 0, limits::max_threads(), edit.threads == 0 ? "default" : "%d",
                   ImGuiSliderFlags_AlwaysClamp);
  ImGui::EndDisabled();
  item_tooltip(cpu ? "OpenMP threads of the CPU backends (default: every core but one, left to the window). On a "
                     "busy machine fewer threads can be faster: each phase ends at a barrier that waits for them all."
                   : "GPU backends: the CPU only enqueues work");

  const SolverConfig& active = state.session.config;
  bool changed = !state.session.has_solver || active.backend != edit.backend || active.block != edit.block ||
                 active.dtype != edit.dtype || active.gpus != edit.gpus || (cpu && active.threads != edit.threads) ||
                 (sparse && active.sources != edit.sources);
  ImGui::BeginDisabled(!changed || !state.session.has_graph || (selected && !selected->available) ||
                       (sparse && !sparse->available));
  if (ImGui::Button("Apply (restarts the solve)")) commands.push(CmdConfigureSolver{edit});
  ImGui::EndDisabled();
  if (state.session.sparse) {
    ImGui::TextDisabled("active: %s (sparse), sources %s", active.backend.c_str(),
                        state.session.sparse->sources_text.c_str());
  } else if (state.session.has_solver) {
    const std::string on_gpus = active.gpus > 1 ? ", " + std::to_string(active.gpus) + " GPUs" : std::string();
    if (plain_run(state.session))  // plain Floyd–Warshall: no blocks to name
      ImGui::TextDisabled("active: %s, %s%s", active.backend.c_str(), std::string(to_string(active.dtype)).c_str(),
                          on_gpus.c_str());
    else
      ImGui::TextDisabled("active: %s, B = %d, %s%s", active.backend.c_str(), active.block,
                          std::string(to_string(active.dtype)).c_str(), on_gpus.c_str());
  }
  // Measure mode: the figure `apsp bench` would print for this configuration, beside the interactive one.
  ImGui::BeginDisabled(!state.session.has_solver || state.session.busy || state.session.sparse.has_value());
  if (ImGui::Button("Measure (as apsp bench)")) commands.push(CmdMeasure{});
  ImGui::EndDisabled();
  item_tooltip("Times the active configuration exactly as apsp bench does: 1 warm-up and 3 timed solves to the end, "
               "no view updates in between. The Profile panel shows the result beside the last run to the end.");
  ImGui::PopID();
}

}  // namespace apsp::studio
