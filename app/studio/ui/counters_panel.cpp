#include "ui/counters_panel.h"

#include <apsp/core/errors.h>  // format_bytes
#include <apsp/core/format.h>
#include <chart/roofline.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "ui/widgets.h"

namespace apsp::studio {

namespace {

const ImVec4 kErrorColour(0.85f, 0.3f, 0.25f, 1);

/// Red text that wraps at the tab's width (reasons carry whole CUDA error strings).
void error_text(const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

void counters_table(const counters::CounterReport& r) {
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollX |
                                     ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  const float height =
      ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(std::min<std::size_t>(r.phases.size(), 8) + 2);
  if (!ImGui::BeginTable("##counters", 13, kFlags, ImVec2(0, height))) return;
  for (const char* h : {"round", "phase", "kernel", "updates/s", "DRAM read", "DRAM write", "modeled", "meas/mod",
                        "occ %", "SM %", "L2 hit %", "smem ld/st", "warp inst"})
    ImGui::TableSetupColumn(h);
  ImGui::TableSetupScrollFreeze(2, 1);
  ImGui::TableHeadersRow();
  char buf[64];
  for (const counters::PhaseCounters& p : r.phases) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::Text("%d", p.round);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(short_label(p.phase).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(format_duration_ms(p.kernel_ms).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(format_si(p.updates_per_s()).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(format_bytes(static_cast<std::uint64_t>(p.dram_read_bytes)).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(format_bytes(static_cast<std::uint64_t>(p.dram_write_bytes)).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(format_bytes(p.modeled_bytes).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%.2fx", p.measured_over_modeled());
    ImGui::TableNextColumn();
    ImGui::Text("%.1f", p.occupancy_pct);
    ImGui::TableNextColumn();
    ImGui::Text("%.1f", p.sm_throughput_pct);
    ImGui::TableNextColumn();
    ImGui::Text("%.1f", p.l2_hit_pct);
    ImGui::TableNextColumn();
    std::snprintf(buf, sizeof buf, "%s / %s", format_bytes(static_cast<std::uint64_t>(p.shared_load_bytes)).c_str(),
                  format_bytes(static_cast<std::uint64_t>(p.shared_store_bytes)).c_str());
    ImGui::TextUnformatted(buf);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(format_si(p.instructions).c_str());
  }
  ImGui::EndTable();
}

}  // namespace

void draw_counters_tab(const AppState& state, const CountersJobSnapshot& job, const std::string& unavailable,
                       CountersTabState& edits, CommandQueue& commands) {
  ImGui::TextWrapped(
      "Hardware counters replay every profiled phase once per counter pass: slow, on a solver of "
      "their own (the timings elsewhere are untouched). Profile only the rounds you need, and leave the session idle "
      "meanwhile: its kernels would be counted too.");
  if (!unavailable.empty()) {
    error_text("Counters unavailable: " + unavailable);
    return;
  }
  char rounds[64];
  std::snprintf(rounds, sizeof rounds, "%s", edits.rounds.c_str());
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  if (ImGui::InputText("rounds", rounds, sizeof rounds)) edits.rounds = rounds;
  item_tooltip("Rounds to profile: a list (0,3,7), every:N (0, N, 2N, ...) or all (short runs only)");
  ImGui::SameLine();
  const bool can_start = state.session.has_graph && !state.session.busy && !job.running;
  ImGui::BeginDisabled(!can_start);
  if (ImGui::Button("Profile (replays kernels, slow)")) commands.push(CmdProfileCounters{edits.rounds});
  ImGui::EndDisabled();
  if (job.running) {
    ImGui::SameLine();
    ImGui::Text("%d / %d phases", job.done, job.total);
    ImGui::SameLine();
    if (ImGui::SmallButton("Cancel")) commands.push(CmdCancelCounters{});
  }
  if (!job.error.empty()) error_text(job.error);
  if (!job.report) {
    if (!job.running) ImGui::TextDisabled("No profile yet: the active backend must be a CUDA variant.");
    return;
  }
  const counters::CounterReport& r = *job.report;
  ImGui::Text("%s, n = %d, block %d, %s on %s: %d passes per phase", r.backend.c_str(), r.n, r.options.block,
              std::string(to_string(r.options.dtype)).c_str(), r.device_name.c_str(), r.passes);
  counters_table(r);
  ImGui::TextDisabled("meas/mod: DRAM bytes measured / modeled; smem: wavefronts x 128 B");
  const ImVec2 size(ImGui::GetContentRegionAvail().x, std::max(220.0f, ImGui::GetContentRegionAvail().y));
  const ImVec2 min = ImGui::GetCursorScreenPos();
  chart::draw_roofline(ImGui::GetWindowDrawList(), chart::roofline_from_reports({r}), min,
                       ImVec2(min.x + size.x, min.y + size.y));
  ImGui::Dummy(size);
}

}  // namespace apsp::studio
