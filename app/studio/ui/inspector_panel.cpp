// Classroom relaxation inspector: for the selected cell (a click on the heatmap, or
// --select I:J), the relaxation of the step just taken with its real numbers, the highlighted pseudocode line,
// and the pair's current and final shortest paths with their lengths. Reads AppState::classroom only.
#include <apsp/core/types.h>
#include <imgui.h>

#include <string>

#include "ui/panels.h"
#include "ui/widgets.h"

namespace apsp::studio {
namespace {

std::string value_text(std::int32_t v) { return v == kInf32 ? "INF" : std::to_string(v); }

std::string sum_text(std::int32_t a, std::int32_t b) {
  if (a == kInf32 || b == kInf32) return "INF";
  return std::to_string(static_cast<std::int64_t>(a) + b);
}

void path_rows(const char* label, const std::vector<std::int32_t>& path, std::int64_t length, const PathInfo& info) {
  ImGui::TextUnformatted(label);
  ImGui::SameLine();
  if (!info.known) {
    ImGui::TextDisabled("known once the solve finishes");
    return;
  }
  if (path.empty()) {
    ImGui::TextDisabled("unreachable (%s)", info.as_of.c_str());
    return;
  }
  std::string text;
  for (std::size_t s = 0; s < path.size(); ++s) text += (s ? " -> " : "") + std::to_string(path[s]);
  ImGui::TextWrapped("%s  (length %lld, %zu edges; %s)", text.c_str(), static_cast<long long>(length), path.size() - 1,
                     info.as_of.c_str());
}

}  // namespace

void draw_inspector_panel(const AppState& state) {
  if (!ImGui::CollapsingHeader("Inspector", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::PushID("inspector");
  const ClassroomState& c = state.classroom;
  const Inspection& in = state.session.inspection;
  ImGui::PushTextWrapPos(0.0f);
  if (!c.selected.valid()) {
    ImGui::TextDisabled("click a heatmap cell (or --select I:J) to see its relaxation and paths");
  } else {
    ImGui::Text("cell i = %d, j = %d (0-based)", c.selected.i, c.selected.j);
    if (!c.relaxation && !in.note.empty()) {
      ImGui::TextDisabled("%s", in.note.c_str());
    } else if (!c.relaxation) {
      ImGui::TextDisabled("no step taken yet: d[%d][%d] is the direct edge", c.selected.i, c.selected.j);
    } else {
      const Relaxation& r = *c.relaxation;
      if (r.phase > 0)
        ImGui::Text("round %d, phase %d, k = %d", r.round, r.phase, r.k);
      else
        ImGui::Text("round %d, k = %d", r.round, r.k);
      if (r.updated_by_step) {
        ImGui::Text("d[%d][%d] = min(d[%d][%d], d[%d][%d] + d[%d][%d])", r.cell.i, r.cell.j, r.cell.i, r.cell.j,
                    r.cell.i, r.k, r.k, r.cell.j);
        ImGui::Text("        = min(%s, %s + %s) = %s", value_text(r.d_ij_before).c_str(), value_text(r.d_ik).c_str(),
                    value_text(r.d_kj).c_str(), value_text(r.d_ij).c_str());
        ImGui::TextDisabled("%s + %s = %s: %s", value_text(r.d_ik).c_str(), value_text(r.d_kj).c_str(),
                            sum_text(r.d_ik, r.d_kj).c_str(),
                            r.d_ij < r.d_ij_before ? "shorter through k, the cell improves" : "no shorter, the cell keeps its value");
      } else {
        ImGui::Text("d[%d][%d] = %s: not relaxed by this step (outside the phase's blocks)", r.cell.i, r.cell.j,
                    value_text(r.d_ij).c_str());
      }
      ImGui::TextDisabled("line: %s", r.line.c_str());
    }
    path_rows("now:", c.current_path, c.current_path_length, in.current_path);
    path_rows("final:", c.final_path, c.final_path_length, in.final_path);
  }
  if (c.negative_cycle.found) {
    std::string cycle;
    for (std::int32_t v : c.negative_cycle.vertices) cycle += std::to_string(v) + " ";
    if (!c.negative_cycle.vertices_known()) cycle = "found (stopped before its vertices were recovered)";
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.35f, 1.0f), "negative cycle: %s", cycle.c_str());
  }
  ImGui::PopTextWrapPos();
  ImGui::PopID();
}

}  // namespace apsp::studio
