#include <algorithm>

#include "plot/bar_plot.h"
#include "ui/panels.h"
#include "ui/widgets.h"

namespace apsp::studio {
namespace {

// Phase colours of the bar plot; the same hues as the heatmap overlays where a phase has one.
ImU32 phase_color(Phase p) {
  switch (p) {
    case Phase::Pivot:
      return to_imu32(1.00f, 0.45f, 0.10f);
    case Phase::PivotRowCol:
      return to_imu32(0.15f, 0.80f, 0.95f);
    case Phase::Independent:
      return to_imu32(0.65f, 0.55f, 0.95f);
    case Phase::Full:
      return to_imu32(0.55f, 0.85f, 0.40f);
    default:
      return to_imu32(0.6f, 0.6f, 0.6f);
  }
}

}  // namespace

void draw_timings_panel(const AppState& state) {
  const auto& samples = state.session.samples;
  const float font = ImGui::GetFontSize();

  // Per-round stacked bars of the compute phases.
  std::vector<BarSeries> series;
  for (Phase p : {Phase::Pivot, Phase::PivotRowCol, Phase::Independent, Phase::Full}) {
    BarSeries s;
    s.label = p == Phase::Full ? std::string("full") : "phase " + std::to_string(static_cast<int>(p) + 1);
    s.color = phase_color(p);
    for (const PhaseSample& x : samples) {
      if (x.phase != p || x.round < 0) continue;
      auto r = static_cast<std::size_t>(x.round);
      if (s.values.size() <= r) s.values.resize(r + 1, 0.0f);
      s.values[r] += static_cast<float>(x.ms);
    }
    if (!s.values.empty() || (p != Phase::Full && samples.empty())) series.push_back(std::move(s));
  }
  float plot_h = std::max(font * 8, ImGui::GetContentRegionAvail().y * 0.42f);
  stacked_bar_plot("rounds", series, BarPlotOptions{}, ImVec2(ImGui::GetContentRegionAvail().x, plot_h));

  // Totals per phase.
  ProfileLog log;
  for (const auto& s : samples) log.add(s);
  auto totals = log.totals();
  double all_ms = log.compute_ms();
  if (ImGui::BeginTable("totals", 5,
                        ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("phase");
    ImGui::TableSetupColumn("ms");
    ImGui::TableSetupColumn("share");
    ImGui::TableSetupColumn("GB/s");
    ImGui::TableSetupColumn("updates/s");
    ImGui::TableHeadersRow();
    for (const PhaseTotals& t : totals) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::ColorButton("##c", ImGui::ColorConvertU32ToFloat4(phase_color(t.phase)), ImGuiColorEditFlags_NoTooltip,
                         ImVec2(font * 0.7f, font * 0.7f));
      ImGui::SameLine();
      ImGui::TextUnformatted(short_label(t.phase).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", t.ms);
      ImGui::TableNextColumn();
      ImGui::Text("%.0f%%", all_ms > 0 && is_compute(t.phase) ? 100.0 * t.ms / all_ms : 0.0);
      ImGui::TableNextColumn();
      ImGui::Text("%.1f", t.ms > 0 ? static_cast<double>(t.bytes) / (t.ms * 1e6) : 0.0);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_si(t.ms > 0 ? static_cast<double>(t.updates) / (t.ms * 1e-3) : 0.0).c_str());
    }
    ImGui::EndTable();
  }
  ImGui::Text("compute total %.2f ms over %zu samples", all_ms, samples.size());

  // Every sample, newest last.
  if (ImGui::BeginTable("samples", 6,
                        ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersOuter |
                            ImGuiTableFlags_SizingFixedFit,
                        ImVec2(0, std::max(font * 6, ImGui::GetContentRegionAvail().y)))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("round");
    ImGui::TableSetupColumn("phase");
    ImGui::TableSetupColumn("dev");
    ImGui::TableSetupColumn("ms");
    ImGui::TableSetupColumn("updates");
    ImGui::TableSetupColumn("GB/s");
    ImGui::TableHeadersRow();
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(samples.size()));
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
        const PhaseSample& s = samples[static_cast<std::size_t>(i)];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%d", s.round + 1);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(short_label(s.phase).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%d", s.device);
        ImGui::TableNextColumn();
        ImGui::Text("%.3f", s.ms);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(format_si(static_cast<double>(s.updates)).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%.1f", s.gb_per_s());
      }
    }
    ImGui::EndTable();
  }
}

}  // namespace apsp::studio
