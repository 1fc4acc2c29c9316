// Classroom relaxation inspector: for the selected cell (a click on the heatmap, or
// --select I:J), the relaxation of the step just taken with its real numbers (a k-step), or the ledger of every
// k of a phase or round step with its verdict, the highlighted pseudocode line, and the pair's current and final
// shortest paths with their lengths. Reads AppState::classroom and the session's inspection.
#include <apsp/core/types.h>
#include <imgui.h>

#include <string>

#include "teach/ledger_text.h"
#include "ui/panels.h"
#include "ui/predecessor_display.h"
#include "ui/widgets.h"

namespace apsp::studio {
namespace {

// The verdict first (it stays on screen in a short column), then the ledger as a table (k | d[i][k] + d[k][j] |
// better?), improving rows highlighted; the table scrolls when long so the paths below stay reachable.
void ledger_rows(const teach::Ledger& ledger) {
  const LedgerText t = ledger_text(ledger);
  ImGui::Text("verdict: %s", t.verdict.c_str());
  if (!t.scope.empty()) ImGui::TextDisabled("%s", t.scope.c_str());
  if (!t.omitted.empty()) ImGui::TextDisabled("%s", t.omitted.c_str());
  if (!t.rows.empty()) {
    // Up to kShownRows rows the table fits its rows; beyond, it scrolls at that height (header kept).
    constexpr std::size_t kShownRows = 8;
    const bool scroll = t.rows.size() > kShownRows;
    const float row_h = ImGui::GetTextLineHeight() + 2.0f * ImGui::GetStyle().CellPadding.y;
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                                  ImGuiTableFlags_SizingStretchProp | (scroll ? ImGuiTableFlags_ScrollY : 0);
    const float height = scroll ? row_h * (static_cast<float>(kShownRows) + 1.0f) : 0.0f;
    if (ImGui::BeginTable("ledger", 3, flags, ImVec2(0.0f, height))) {
      ImGui::TableSetupScrollFreeze(0, 1);
      ImGui::TableSetupColumn("k", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn("d[i][k] + d[k][j]");
      ImGui::TableSetupColumn("better?");
      ImGui::TableHeadersRow();
      const ImU32 highlight = ImGui::GetColorU32(ImVec4(0.20f, 0.55f, 0.35f, 0.45f));
      for (const LedgerRow& r : t.rows) {
        ImGui::TableNextRow();
        if (r.better) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, highlight);
        ImGui::TableSetColumnIndex(0);
        ImGui::TextUnformatted(r.k.c_str());
        ImGui::TableSetColumnIndex(1);
        ImGui::TextUnformatted(r.sum.c_str());
        ImGui::TableSetColumnIndex(2);
        ImGui::TextUnformatted(r.outcome.c_str());
      }
      ImGui::EndTable();
    }
  }
  if (!t.caveat.empty()) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.35f, 1.0f), "%s", t.caveat.c_str());
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

/// π_ij before and after the step, the path read from Π with its length beside d_ij, and its step control.
void predecessor_rows(const AppState& state, CommandQueue& commands) {
  for (const PredecessorLine& line : predecessor_lines(state)) {
    if (line.dim)
      ImGui::TextDisabled("%s", line.text.c_str());
    else
      ImGui::TextUnformatted(line.text.c_str());
  }
  draw_pi_path_controls(state, commands);
}

}  // namespace

void draw_inspector_panel(const AppState& state, CommandQueue& commands) {
  if (!ImGui::CollapsingHeader("Inspector", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::PushID("inspector");
  const ClassroomState& c = state.classroom;
  const Inspection& in = state.session.inspection;
  ImGui::PushTextWrapPos(0.0f);
  if (!c.selected.valid()) {
    ImGui::TextDisabled("click a heatmap cell (or --select I:J) to see its relaxation and paths");
  } else {
    ImGui::Text("cell i = %d, j = %d (0-based)", c.selected.i, c.selected.j);
    if (predecessors_shown(state)) predecessor_rows(state, commands);  // Π mode leads with Π
    if (!c.relaxation && !in.note.empty()) {
      ImGui::TextDisabled("%s", in.note.c_str());
    } else if (!c.relaxation) {
      ImGui::TextDisabled("no step taken yet: d[%d][%d] is the direct edge", c.selected.i, c.selected.j);
    } else {
      const Relaxation& r = *c.relaxation;
      const bool one_k = !in.ledger || in.ledger->entries.size() <= 1;
      if (!one_k && in.ledger) {
        ImGui::Text("d[%d][%d] = min(d[%d][%d], d[%d][k] + d[k][%d]) for each k of the step:", r.cell.i, r.cell.j,
                    r.cell.i, r.cell.j, r.cell.i, r.cell.j);
        ledger_rows(*in.ledger);
      } else if (r.phase > 0) {
        ImGui::Text("round %d, phase %d, k = %d", r.round, r.phase, r.k);
      } else {
        ImGui::Text("k = %d", r.k);  // plain Floyd–Warshall: k is its unit, no rounds
      }
      if (!one_k) {
        // the ledger above
      } else if (r.updated_by_step) {
        ImGui::Text("d[%d][%d] = min(d[%d][%d], d[%d][%d] + d[%d][%d])", r.cell.i, r.cell.j, r.cell.i, r.cell.j,
                    r.cell.i, r.k, r.k, r.cell.j);
        ImGui::Text("        = min(%s, %s + %s) = %s", ledger_value(r.d_ij_before).c_str(), ledger_value(r.d_ik).c_str(),
                    ledger_addend(r.d_kj).c_str(), ledger_value(r.d_ij).c_str());
        ImGui::TextDisabled("%s + %s = %s: %s", ledger_value(r.d_ik).c_str(), ledger_addend(r.d_kj).c_str(),
                            ledger_sum(r.d_ik, r.d_kj).c_str(),
                            r.d_ij < r.d_ij_before ? "shorter through k, the cell improves" : "no shorter, the cell keeps its value");
      } else {
        ImGui::Text("d[%d][%d] = %s: not relaxed by this step (outside the phase's blocks)", r.cell.i, r.cell.j,
                    ledger_value(r.d_ij).c_str());
      }
      ImGui::TextDisabled("line: %s", r.line.c_str());
    }
    path_rows("now:", c.current_path, c.current_path_length, in.current_path);
    path_rows("final:", c.final_path, c.final_path_length, in.final_path);
    if (!predecessors_shown(state)) predecessor_rows(state, commands);  // π beside d
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
