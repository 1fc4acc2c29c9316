// The History panel: every recorded run (newest first) with its ±% against the baseline, two picked runs
// compared (per phase the medians, B/A with its interval and the verdict of `apsp runs compare`, per-round
// compute time overlaid), and the baseline set from here.
#include <apsp/core/format.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/history/run_compare.h>
#include <apsp/history/run_key.h>
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

/// The rows of A against B: the bootstrap behind each verdict costs about a millisecond per row, too much for
/// every frame, and a record never changes once in the history, so the last pair's rows are kept.
const std::vector<ComparisonRow>& comparison_of(const RunRecord& a, const RunRecord& b) {
  static std::string cached_a, cached_b;
  static std::vector<ComparisonRow> rows;
  if (cached_a != a.id || cached_b != b.id || rows.empty()) {
    rows = compare_runs(a, b);
    cached_a = a.id;
    cached_b = b.id;
  }
  return rows;
}

ImVec4 verdict_colour(Verdict v) {
  switch (v) {
    case Verdict::Slower: return ImVec4(1.0f, 0.45f, 0.4f, 1.0f);
    case Verdict::Faster: return ImVec4(0.45f, 0.9f, 0.5f, 1.0f);
    case Verdict::Same: return ImGui::GetStyleColorVec4(ImGuiCol_Text);
    case Verdict::Unsure: break;
  }
  return ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
}

/// The ±% against the baseline, or "differs" for a run of another configuration (the fields in its tooltip,
/// which keeps the column narrow).
void draw_change(const RunRecord* baseline, const RunRecord& r) {
  if (!baseline) {
    ImGui::TextUnformatted("-");
    return;
  }
  const std::string change = format_change_against(*baseline, r);
  const bool differs = change.rfind("differs", 0) == 0;
  ImGui::TextUnformatted(differs ? "differs" : change.c_str());
  if (differs && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", printable_text(change).c_str());
}

void draw_comparison(const RunRecord& a, const RunRecord& b) {
  const std::vector<KeyDifference> differences = key_differences(a, b);
  if (!differences.empty())
    ImGui::TextWrapped("A and B differ in %s: the ratios compare two configurations",
                       printable_text(differing_fields(differences)).c_str());
  // Three columns of two lines each: the left column is about 290 px wide in a 1280 px window.
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
  if (ImGui::BeginTable("history_compare", 3, flags)) {
    ImGui::TableSetupColumn("phase", ImGuiTableColumnFlags_WidthStretch, 1.3f);
    ImGui::TableSetupColumn("A / B", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("B/A (95 %)", ImGuiTableColumnFlags_WidthStretch, 1.2f);
    ImGui::TableHeadersRow();
    for (const ComparisonRow& row : comparison_of(a, b)) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row.what.c_str());
      ImGui::TextColored(verdict_colour(row.stats.verdict), "%s", std::string(to_string(row.stats.verdict)).c_str());
      if (ImGui::IsItemHovered() && !row.stats.has_interval)
        ImGui::SetTooltip("repeats: A %d, B %d (at least %d each for a verdict)", row.stats.count_a, row.stats.count_b,
                          CompareOptions{}.min_repeats);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_duration_ms(row.a_ms).c_str());
      ImGui::TextUnformatted(format_duration_ms(row.b_ms).c_str());
      ImGui::TableNextColumn();
      if (row.a_ms <= 0) {
        ImGui::TextUnformatted("-");
        continue;
      }
      ImGui::Text("%.3f", row.ratio);
      if (row.stats.has_interval)
        ImGui::TextDisabled("%.2f-%.2f", row.stats.low, row.stats.high);
      else
        ImGui::TextDisabled("no interval");
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
  if (edits.reveal_frames > 0) ImGui::SetNextItemOpen(true);
  if (!ImGui::CollapsingHeader("History")) return;
  if (edits.reveal_frames > 0) {
    // The panel sits low in the left column: bring it to the top, for a few frames while the layout settles.
    ImGui::SetScrollHereY(0.0f);
    --edits.reveal_frames;
  }
  if (!history.enabled) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("history off (--no-history or APSP_HISTORY=off): runs are not recorded");
    ImGui::PopTextWrapPos();
  }
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
  // Two lines a run, in columns that share the left column's width (about 290 px in a 1280 px window): the id
  // suffix and n over the configuration, the compute time over the change against the baseline.
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp;
  const float height = 8.5f * ImGui::GetTextLineHeightWithSpacing();
  if (ImGui::BeginTable("history_runs", 4, flags, ImVec2(0, height))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("A", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("B", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("run", ImGuiTableColumnFlags_WidthStretch, 2.0f);
    ImGui::TableSetupColumn("compute", ImGuiTableColumnFlags_WidthStretch, 1.0f);
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
      ImGui::TextUnformatted(printable_text(r.id.size() > 9 ? r.id.substr(9) : r.id).c_str());
      if (ImGui::IsItemHovered())
        // The history file is anyone's to edit: its text is shown escaped (a newline must not forge a line).
        ImGui::SetTooltip("%s (%s, %s)\n%s\n%s, graph %s\nwall %s", printable_text(r.id).c_str(),
                          printable_text(r.source).c_str(), printable_text(r.date).c_str(),
                          printable_text(describe_configuration(r)).c_str(), printable_text(r.host).c_str(),
                          printable_text(r.graph).c_str(), format_duration_ms(r.wall_ms).c_str());
      ImGui::PushTextWrapPos(0.0f);  // a long backend name wraps inside its column
      ImGui::TextDisabled("%s B%d x%d %s n=%d", printable_text(r.backend).c_str(), r.block, r.gpus,
                          printable_text(r.dtype).c_str(), r.n);
      ImGui::PopTextWrapPos();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_duration_ms(r.compute_ms() > 0 ? r.compute_ms() : r.wall_ms).c_str());
      if (baseline && baseline->id == r.id)
        ImGui::TextUnformatted("base");
      else
        draw_change(baseline, r);
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
