// The History panel: every recorded run (newest first) with its ±% against the baseline, two picked runs
// compared (per-phase table with ratios B/A, per-round compute time overlaid), and the baseline set from here.
#include <apsp/core/format.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/history/run_compare.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <chart/line_plot.h>
#include "ui/panels.h"

namespace apsp::studio {

namespace {
constexpr int kListedRuns = 50;  // the newest; older ones stay in the file (apsp runs list shows them all)

const RunRecord* find(const std::vector<RunRecord>& runs, const std::string& id) {
  if (id.empty()) return nullptr;
  for (const RunRecord& r : runs)
    if (r.id == id) return &r;
  return nullptr;
}

std::vector<float> round_series(const RunRecord& r) {
  std::vector<float> v;
  for (double ms : r.round_ms) v.push_back(static_cast<float>(ms));
  return v;
}

void draw_comparison(const RunRecord& a, const RunRecord& b) {
  if (ImGui::BeginTable("history_compare", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("phase");
    ImGui::TableSetupColumn("A");
    ImGui::TableSetupColumn("B");
    ImGui::TableSetupColumn("B/A");
    ImGui::TableHeadersRow();
    for (const ComparisonRow& row : compare_runs(a, b)) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row.what.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_duration_ms(row.a_ms).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_duration_ms(row.b_ms).c_str());
      ImGui::TableNextColumn();
      if (row.a_ms > 0)
        ImGui::Text("%.3f", row.ratio);
      else
        ImGui::TextUnformatted("-");
    }
    ImGui::EndTable();
  }
  if (a.round_ms.empty() && b.round_ms.empty()) return;
  std::vector<chart::LineSeries> series{{"A " + a.id.substr(9), IM_COL32(255, 160, 60, 255), round_series(a)},
                                 {"B " + b.id.substr(9), IM_COL32(90, 200, 250, 255), round_series(b)}};
  chart::LinePlotOptions options;
  options.y_unit = "ms";
  const float height = 140.0f * ImGui::GetIO().FontGlobalScale;
  chart::line_plot("history_rounds", series, options, ImVec2(ImGui::GetContentRegionAvail().x, height));
}
}  // namespace

void draw_history_panel(const AppState& state, HistoryPanelState& edits, CommandQueue& commands) {
  const RunHistoryState& history = state.history;
  if (!ImGui::CollapsingHeader("History")) return;
  if (!history.enabled) ImGui::TextDisabled("history off (--no-history or APSP_HISTORY=off): runs are not recorded");
  const RunRecord* baseline = find(history.runs, history.baseline_id);
  if (baseline)
    ImGui::Text("baseline %s: %s B%d, compute %s", baseline->id.c_str() + std::min<std::size_t>(9, baseline->id.size()),
                baseline->backend.c_str(), baseline->block, format_duration_ms(baseline->compute_ms()).c_str());
  if (history.runs.empty()) {
    ImGui::TextDisabled("no runs yet: run a solve to its end");
    return;
  }
  // Until the user picks: A is the baseline, B the newest run, so a finished run is compared at once.
  if (edits.a_id.empty() && baseline) edits.a_id = baseline->id;
  if (edits.b_follows_newest) edits.b_id = history.runs.back().id;
  // Natural column widths, scrolled sideways: the left column is narrower than a run's line.
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  const float height = 8.5f * ImGui::GetTextLineHeightWithSpacing();
  if (ImGui::BeginTable("history_runs", 7, flags, ImVec2(0, height))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* c : {"A", "B", "run", "backend", "n", "compute", "vs base"}) ImGui::TableSetupColumn(c);
    ImGui::TableHeadersRow();
    const int count = static_cast<int>(history.runs.size());
    for (int i = count - 1; i >= std::max(0, count - kListedRuns); --i) {
      const RunRecord& r = history.runs[static_cast<std::size_t>(i)];
      ImGui::TableNextRow();
      ImGui::PushID(i);
      ImGui::TableNextColumn();
      if (ImGui::RadioButton("##a", edits.a_id == r.id)) edits.a_id = r.id;
      ImGui::TableNextColumn();
      if (ImGui::RadioButton("##b", edits.b_id == r.id)) {
        edits.b_id = r.id;
        edits.b_follows_newest = false;
      }
      ImGui::TableNextColumn();
      // The time of day and the suffix fit the narrow column; the whole record is in the tooltip.
      ImGui::TextUnformatted(r.id.size() > 9 ? r.id.c_str() + 9 : r.id.c_str());
      if (ImGui::IsItemHovered())
        // The history file is anyone's to edit: its text is shown escaped (a newline must not forge a line).
        ImGui::SetTooltip("%s (%s, %s)\n%s, graph %s\nthreads %d, wall %s", printable_text(r.id).c_str(),
                          printable_text(r.source).c_str(), printable_text(r.date).c_str(),
                          printable_text(r.host).c_str(), printable_text(r.graph).c_str(), r.threads,
                          format_duration_ms(r.wall_ms).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%s B%d x%d %s", printable_text(r.backend).c_str(), r.block, r.gpus, printable_text(r.dtype).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%d", r.n);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_duration_ms(r.compute_ms() > 0 ? r.compute_ms() : r.wall_ms).c_str());
      ImGui::TableNextColumn();
      if (baseline && baseline->id == r.id)
        ImGui::TextUnformatted("base");
      else
        ImGui::TextUnformatted(baseline ? format_percent_change(*baseline, r).c_str() : "-");
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  const RunRecord* a = find(history.runs, edits.a_id);
  const RunRecord* b = find(history.runs, edits.b_id);
  if (ImGui::Button("A as baseline") && a) commands.push(CmdSetBaseline{a->id});
  ImGui::SameLine();
  if (ImGui::Button("Clear baseline")) commands.push(CmdSetBaseline{""});
  if (a && b) {
    draw_comparison(*a, *b);
  } else {
    ImGui::TextDisabled("pick A and B to compare two runs");
  }
}

}  // namespace apsp::studio
