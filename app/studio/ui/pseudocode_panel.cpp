// The pseudocode panel: naive Floyd–Warshall or its three-phase blocked form, whichever the
// solver runs, with the executed line highlighted and the live values of round, phase, k, block and i, j.
#include <apsp/teach/dijkstra_trace.h>
#include <apsp/teach/pseudocode.h>
#include <imgui.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "teach/step_focus.h"
#include "ui/panels.h"

namespace apsp::studio {
namespace {

const char* phase_name(int phase) {
  switch (phase) {
    case 1: return "1 (pivot block)";
    case 2: return "2 (row / column)";
    case 3: return "3 (independent)";
    default: return "whole pass";
  }
}

/// Which blocks the focused phase writes, in words (with a selection: whether it writes that cell's block).
std::string blocks_text(const StepFocus& f, const CellRef& sel) {
  const int r = f.round;
  if (sel.valid()) {
    const int bi = sel.i / f.block, bj = sel.j / f.block;
    const bool pivot_row = bi == r, pivot_col = bj == r;
    bool written = true;
    if (f.blocked) {
      if (f.phase == 1) written = pivot_row && pivot_col;
      if (f.phase == 2) written = pivot_row != pivot_col;
      if (f.phase == 3) written = !pivot_row && !pivot_col;
    }
    std::string text = "(";  // built up with += : GCC 12 warns falsely (-Wrestrict) on "(" + std::string
    text += std::to_string(bi) + ", " + std::to_string(bj) + ")";
    text += written ? ", written by this phase" : ", not written by this phase";
    return text;
  }
  const std::string rs = std::to_string(r);
  if (!f.blocked) return "every cell";
  if (f.phase == 1) return "(" + rs + ", " + rs + ")";
  if (f.phase == 2) return "(" + rs + ", bj) and (bi, " + rs + ")";
  return "(bi, bj), bi != " + rs + ", bj != " + rs;
}

/// What a sparse solver runs per source (the graph view marks its sets while it is stepped).
void draw_dijkstra_listing(const SparseSnapshot& sp) {
  ImGui::TextDisabled("Dijkstra from each source (%s); a step settles one vertex", sp.backend.c_str());
  const bool stepping = sp.current_source >= 0 && !sp.finished();
  const std::vector<std::string_view>& lines = teach::dijkstra_pseudocode();
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string text(lines[i]);
    if (stepping && i == teach::kDijkstraSettleLine)
      ImGui::TextColored(ImVec4(0.94f, 0.89f, 0.26f, 1.0f), ">  %s", text.c_str());
    else
      ImGui::Text("   %s", text.c_str());
  }
}

}  // namespace

void draw_pseudocode_panel(const AppState& state) {
  if (state.session.sparse) {
    draw_dijkstra_listing(*state.session.sparse);
    return;
  }
  const StepFocus f = step_focus(state.session);
  const ClassroomState& c = state.classroom;
  const bool blocked = f.active ? f.blocked : state.session.cursor.phase != Phase::Full;
  // The selected cell's relaxation names the line only when it belongs to the focused phase (a round step
  // explains the cell's own phase, which may be an earlier one of the round).
  const bool cell_updated = c.relaxation && c.relaxation->updated_by_step && c.relaxation->phase == f.phase;
  // The engine's listing and line rule (apsp/teach/pseudocode.h): the same text the inspector and --explain-json quote.
  const int highlighted = focus_line(f, cell_updated);
  // The active line is scrolled into view when it changes (short windows show a few lines only); remembered
  // per window, so that the reader may still scroll by hand between steps.
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID scrolled_id = ImGui::GetID("scrolled to line");
  const bool scroll_to_active = storage->GetInt(scrolled_id, -2) != highlighted;
  // A line too long for the panel (the classroom column, a projector's large type) wraps under itself, its
  // nesting kept as an indent of the whole line: a cut-off active line would hide the very code it points at.
  const auto draw_listing = [&](const auto& lines) {
    const ImVec4 mark(0.94f, 0.89f, 0.26f, 1.0f);  // Okabe–Ito yellow, plus a ">" marker: not colour alone
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string_view line = lines[i];
      const std::size_t depth = std::min(line.find_first_not_of(' '), line.size());
      const std::string body(line.substr(depth));
      const bool active = static_cast<int>(i) == highlighted;
      const ImVec2 start = ImGui::GetCursorScreenPos();
      const float indent = ImGui::CalcTextSize(std::string(depth + 2, ' ').c_str()).x;  // "> " or "  ", then nesting
      const float wrap_width = std::max(ImGui::GetContentRegionAvail().x - indent, ImGui::GetFontSize() * 4.0f);
      if (active) {
        const float height = ImGui::CalcTextSize(body.c_str(), nullptr, false, wrap_width).y;
        ImGui::GetWindowDrawList()->AddRectFilled(start, ImVec2(start.x + ImGui::GetContentRegionAvail().x, start.y + height),
                                                  IM_COL32(80, 74, 20, 255));
        ImGui::TextColored(mark, ">");
      } else {
        ImGui::TextUnformatted(" ");
      }
      ImGui::SameLine(0.0f, 0.0f);
      ImGui::SetCursorScreenPos(ImVec2(start.x + indent, start.y));
      ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap_width);
      if (active) ImGui::PushStyleColor(ImGuiCol_Text, mark);
      ImGui::TextUnformatted(body.c_str());
      if (active) ImGui::PopStyleColor();
      ImGui::PopTextWrapPos();
      if (active && scroll_to_active) {
        ImGui::SetScrollHereY(0.5f);
        storage->SetInt(scrolled_id, highlighted);
      }
    }
  };
  ImGui::TextDisabled("%s Floyd-Warshall; all counts 0-based", blocked ? "blocked" : "naive");
  draw_listing(teach::pseudocode(blocked));
  ImGui::Separator();
  if (!state.session.has_solver) {
    ImGui::TextUnformatted("no solver yet");
    return;
  }
  if (!state.session.stopped.empty()) {
    ImGui::Text("stopped: %s", state.session.stopped.c_str());  // never "finished" after a negative cycle
    return;
  }
  // The step just done only: the heatmap's title line names the next one.
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(describe_focus(f).c_str());
  if (f.active && f.blocked) {
    ImGui::Text("phase %s, B = %d, block %s", phase_name(f.phase), f.block, blocks_text(f, c.selected).c_str());
  } else if (f.active) {
    ImGui::TextUnformatted("every cell");  // plain Floyd–Warshall: one k over every cell, no rounds or blocks
  }
  ImGui::PopTextWrapPos();
  if (c.selected.valid()) {
    ImGui::Text("i = %d, j = %d", c.selected.i, c.selected.j);
  } else {
    ImGui::TextDisabled("i, j: select a cell");
  }
  if (c.relaxation && !c.relaxation->line.empty()) ImGui::TextWrapped("%s", c.relaxation->line.c_str());
}

}  // namespace apsp::studio
