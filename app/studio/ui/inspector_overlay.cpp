// The inspector in presentation mode: the selected cell's relaxation with its real numbers, the verdict and the
// path, in the presentation's large type beside the heatmap, so that a relaxation can be checked by hand on the
// projector. The rows come from one function, inspector_overlay_rows(); a step of several k shows the inspector
// panel's ledger in the same words (teach/ledger_text.h); this file only draws them.
#include <apsp/core/types.h>
#include <imgui.h>

#include <string>
#include <vector>

#include "teach/ledger_text.h"
#include "teach/step_focus.h"
#include "ui/panels.h"
#include "ui/predecessor_display.h"

namespace apsp::studio {
namespace {

enum class RowStyle { Heading, Plain, Better, Verdict, Dim, Warning };

struct OverlayRow {
  std::string text;
  RowStyle style = RowStyle::Plain;
};

std::string path_text(const char* label, const std::vector<std::int32_t>& path, std::int64_t length,
                      const PathInfo& info) {
  std::string text = label;
  if (!info.known) return text + " known once the solve finishes";
  if (path.empty()) return text + " unreachable (" + info.as_of + ")";
  for (std::size_t s = 0; s < path.size(); ++s) text += (s ? " -> " : " ") + std::to_string(path[s]);
  return text + "  (length " + std::to_string(length) + "; " + info.as_of + ")";
}

/// The selected cell's explanation at the step just done, as display rows.
std::vector<OverlayRow> inspector_overlay_rows(const AppState& state) {
  std::vector<OverlayRow> rows;
  const ClassroomState& c = state.classroom;
  const Inspection& in = state.session.inspection;
  if (!c.selected.valid()) {
    rows.push_back({"Inspector: click a cell (or --select I:J) to check its relaxation by hand", RowStyle::Dim});
  } else {
    rows.push_back({"cell (" + std::to_string(c.selected.i) + ", " + std::to_string(c.selected.j) + "), " +
                        describe_focus(step_focus(state.session)),
                    RowStyle::Heading});
    const bool pi = predecessors_shown(state);
    auto add_predecessor_rows = [&] {
      for (const PredecessorLine& line : predecessor_lines(state))
        rows.push_back({line.text, line.dim ? RowStyle::Dim : RowStyle::Plain});
    };
    if (pi) add_predecessor_rows();  // Π mode leads with Π
    if (!c.relaxation && !in.note.empty()) {
      rows.push_back({in.note, RowStyle::Dim});
    } else if (!c.relaxation) {
      rows.push_back({"no step done yet: d[i][j] is the direct edge", RowStyle::Dim});
    } else {
      const Relaxation& r = *c.relaxation;
      const std::string i = std::to_string(r.cell.i), j = std::to_string(r.cell.j), k = std::to_string(r.k);
      if (in.ledger && in.ledger->entries.size() > 1) {
        // A step of several k: the same ledger as the inspector panel, the verdict first.
        const LedgerText t = ledger_text(*in.ledger);
        rows.push_back({t.verdict, RowStyle::Verdict});
        rows.push_back({"d[" + i + "][" + j + "] = min(d[" + i + "][" + j + "], d[" + i + "][k] + d[k][" + j +
                            "]), " + t.scope + ":",
                        RowStyle::Plain});
        if (!t.omitted.empty()) rows.push_back({t.omitted, RowStyle::Dim});
        for (const LedgerRow& row : t.rows)
          rows.push_back({"k = " + row.k + ": " + row.sum + "  " + row.outcome, row.better ? RowStyle::Better : RowStyle::Plain});
        if (!t.caveat.empty()) rows.push_back({t.caveat, RowStyle::Warning});
      } else if (r.updated_by_step) {
        rows.push_back({"d[" + i + "][" + j + "] = min(d[" + i + "][" + j + "], d[" + i + "][" + k + "] + d[" + k +
                            "][" + j + "])",
                        RowStyle::Plain});
        rows.push_back({"  = min(" + ledger_value(r.d_ij_before) + ", " + ledger_value(r.d_ik) + " + " +
                            ledger_addend(r.d_kj) + ") = " + ledger_value(r.d_ij),
                        RowStyle::Plain});
        // Says only what this k did: earlier k of a phase step may have changed the cell already.
        rows.push_back({ledger_sum(r.d_ik, r.d_kj) + (r.d_ij < r.d_ij_before ? ": shorter through k = " + k
                                                                            : ": not shorter through k = " + k),
                        RowStyle::Verdict});
      } else {
        rows.push_back({"d[" + i + "][" + j + "] = " + ledger_value(r.d_ij) + ": not in the blocks this step writes",
                        RowStyle::Verdict});
      }
    }
    rows.push_back({path_text("path now:", c.current_path, c.current_path_length, in.current_path), RowStyle::Plain});
    if (!pi) add_predecessor_rows();
  }
  if (c.negative_cycle.found) {
    std::string cycle;
    for (std::int32_t v : c.negative_cycle.vertices) cycle += std::to_string(v) + " ";
    if (!c.negative_cycle.vertices_known()) cycle = "found (stopped before its vertices were recovered)";
    rows.push_back({"negative cycle: " + cycle, RowStyle::Warning});
  }
  return rows;
}

}  // namespace

void draw_inspector_overlay(const AppState& state) {
  ImGui::PushTextWrapPos(0.0f);
  for (const OverlayRow& row : inspector_overlay_rows(state)) {
    switch (row.style) {
      case RowStyle::Heading:
      case RowStyle::Plain: ImGui::TextUnformatted(row.text.c_str()); break;
      case RowStyle::Better: ImGui::TextColored(ImVec4(0.45f, 0.85f, 0.65f, 1.0f), "%s", row.text.c_str()); break;
      case RowStyle::Verdict: ImGui::TextColored(ImVec4(0.94f, 0.89f, 0.26f, 1.0f), "%s", row.text.c_str()); break;
      case RowStyle::Dim: ImGui::TextDisabled("%s", row.text.c_str()); break;
      case RowStyle::Warning: ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.35f, 1.0f), "%s", row.text.c_str()); break;
    }
  }
  ImGui::PopTextWrapPos();
}

}  // namespace apsp::studio
