// The profile in numbers: totals per phase (with the share of the compute time and the fraction of the
// device's min-plus instruction peak) and every sample as recorded.
#include <apsp/solve/measure.h>

#include <algorithm>
#include <initializer_list>

#include "ui/panels.h"
#include "ui/widgets.h"

namespace apsp::studio {
namespace {

// The min-plus peak of one device the solver runs on, for its dtype; 0 for CPU backends. A multi-GPU run's
// totals are per GPU-time (times summed over its GPUs 0..N-1), so one GPU's peak is the yardstick there too.
double minplus_peak(const AppState& state) {
  const SessionSnapshot& s = state.session;
  if (!s.gpu_solver) return 0;
  const int device = std::max(0, s.cuda_device);
  for (const DeviceInfo& d : state.device.devices) {
    if (d.index == device) return s.config.dtype == DType::I16 ? d.minplus_peak_i16 : d.minplus_peak_i32;
  }
  return 0;
}

/// "spread 3.1%", in the warning colour with "noisy" above kNoisySpreadPct.
void spread_text(const TimeSpread& t) {
  if (t.count == 0) {
    ImGui::TextDisabled("-");
    return;
  }
  if (t.noisy()) {
    ImGui::TextColored(ImVec4(1.0f, 0.7f, 0.2f, 1.0f), "%.1f%% noisy", t.spread_pct);
    item_tooltip("more than 5 % between the fastest and the slowest of " + std::to_string(t.count) +
                 " equal rounds: a difference of this size between two runs may be noise");
  } else {
    ImGui::Text("%.1f%%", t.spread_pct);
  }
}

/// The interactive run's figure and the measure run's beside it, each saying what it is.
void draw_run_figures(const SessionSnapshot& s) {
  if (s.last_run_to_end_ms > 0)
    ImGui::TextWrapped("last run to the end: %.2f ms (interactive: view updates and a bounded GPU queue)",
                       s.last_run_to_end_ms);
  if (!s.measure) {
    ImGui::TextDisabled("Measure (solver panel) times this configuration as apsp bench does");
    return;
  }
  const MeasureRecord& m = *s.measure;
  const TimeSpread& t = m.result.spread;
  ImGui::TextWrapped("measure, as apsp bench (%d warm-up + %d runs, no view): median %.2f ms, min %.2f, max %.2f",
                     m.options.warmup, m.options.repeat, t.median_ms, t.min_ms, t.max_ms);
  ImGui::TextUnformatted("spread of the measure runs:");
  ImGui::SameLine();
  spread_text(t);
  if (m.config.backend != s.config.backend || m.config.block != s.config.block || m.config.dtype != s.config.dtype ||
      m.config.gpus != s.config.gpus)
    ImGui::TextDisabled("(measured with %s, B = %d: not the active solver)", m.config.backend.c_str(), m.config.block);
  else if (s.last_run_to_end_ms > 0 && t.median_ms > 0)
    ImGui::TextDisabled("interactive / measure: %.3fx", s.last_run_to_end_ms / t.median_ms);
}

void draw_totals(const AppState& state) {
  const auto& samples = state.session.samples;
  const float font = ImGui::GetFontSize();
  ProfileLog log;
  for (const auto& s : samples) log.add(s);
  const double all_ms = log.compute_ms();
  const double peak = minplus_peak(state);
  // One table of six columns when the panel is wide enough for it; in a narrow panel (1024 x 768, scale 2) two
  // tables of three and four columns, so that no column is squeezed into unreadable digits.
  enum Column { Ms, Share, GBs, Rate, Peak, Spread };
  auto draw_table = [&](const char* id, std::initializer_list<Column> columns) {
    // Columns keep their natural width; should even that not fit, the table scrolls sideways instead of
    // squeezing digits into each other.
    const float row_h = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
    const float table_h = row_h * static_cast<float>(log.totals().size() + 1) + ImGui::GetStyle().ScrollbarSize + 2;
    if (!ImGui::BeginTable(id, static_cast<int>(columns.size()) + 1,
                           ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit |
                               ImGuiTableFlags_ScrollX,
                           ImVec2(0, table_h))) {
      return;
    }
    static const char* const kNames[] = {"ms", "share", "GB/s", "updates/s", "% peak", "spread"};
    ImGui::TableSetupColumn("phase");
    for (Column c : columns) ImGui::TableSetupColumn(kNames[c]);
    ImGui::TableHeadersRow();
    for (const PhaseTotals& t : log.totals()) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::ColorButton("##c", ImGui::ColorConvertU32ToFloat4(phase_color(t.phase)), ImGuiColorEditFlags_NoTooltip,
                         ImVec2(font * 0.7f, font * 0.7f));
      ImGui::SameLine();
      ImGui::TextUnformatted(short_label(t.phase).c_str());
      const double rate = t.ms > 0 ? static_cast<double>(t.updates) / (t.ms * 1e-3) : 0.0;
      for (Column c : columns) {
        ImGui::TableNextColumn();
        switch (c) {
          case Ms:
            ImGui::Text("%.2f", t.ms);
            break;
          case Share:
            if (is_compute(t.phase)) {
              ImGui::Text("%.1f%%", all_ms > 0 ? 100.0 * t.ms / all_ms : 0.0);
            } else {
              ImGui::TextDisabled("-");
            }
            break;
          case GBs:
            ImGui::Text("%.1f", t.ms > 0 ? static_cast<double>(t.bytes) / (t.ms * 1e6) : 0.0);
            break;
          case Rate:
            if (is_compute(t.phase)) {
              ImGui::TextUnformatted(format_si(rate).c_str());
            } else {
              ImGui::TextDisabled("-");
            }
            break;
          case Peak:
            if (peak > 0 && is_compute(t.phase)) {
              ImGui::Text("%.1f%%", 100.0 * rate / peak);
            } else {
              ImGui::TextDisabled("-");
            }
            break;
          case Spread:
            spread_text(is_compute(t.phase) ? equal_rounds_spread(samples, t.phase) : TimeSpread{});
            break;
        }
      }
    }
    ImGui::EndTable();
  };
  // Widest cells: "3 indep." with its swatch, "99999.99", "100.0%", "999.9", "999.99 G", "% peak".
  const ImGuiStyle& style = ImGui::GetStyle();
  const float pad = style.CellPadding.x * 2 + style.ItemSpacing.x;
  const float needed = font * 1.2f + ImGui::CalcTextSize("3 indep.").x + ImGui::CalcTextSize("99999.99").x +
                       ImGui::CalcTextSize("100.0%").x + ImGui::CalcTextSize("9999.9").x +
                       ImGui::CalcTextSize("999.99 G").x + ImGui::CalcTextSize("% peak").x +
                       ImGui::CalcTextSize("99.9% noisy").x + 7 * pad;
  if (ImGui::GetContentRegionAvail().x >= needed) {
    draw_table("totals", {Ms, Share, GBs, Rate, Peak, Spread});
  } else {
    draw_table("totals_time", {Ms, Share, Spread});
    draw_table("totals_rate", {GBs, Rate, Peak});
  }
  draw_run_figures(state.session);
  std::uint64_t updates = 0;
  for (const auto& s : samples) updates += is_compute(s.phase) ? s.updates : 0;
  ImGui::TextWrapped("compute %.2f ms, %s updates/s over %zu samples", all_ms,
                     format_si(all_ms > 0 ? static_cast<double>(updates) / (all_ms * 1e-3) : 0.0).c_str(),
                     samples.size());
  if (state.session.config.gpus > 1 && state.session.gpu_solver)
    ImGui::TextDisabled("%d GPUs: ms are GPU time summed over the GPUs, rates per GPU", state.session.config.gpus);
  if (peak <= 0) {
    ImGui::TextDisabled(!state.session.gpu_solver ? "%% peak: GPU backends only" : "%% peak: device unknown");
  } else {
    ImGui::TextDisabled("%% peak of %s updates/s (%s)", format_si(peak).c_str(),
                        state.session.config.dtype == DType::I16 ? "i16, packed 16x2" : "i32, VIADDMNMX");
  }
}

void draw_samples(const AppState& state) {
  const auto& samples = state.session.samples;
  if (ImGui::BeginTable("samples", 6,
                        ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersOuter |
                            ImGuiTableFlags_SizingFixedFit,
                        ImVec2(0, std::max(ImGui::GetFontSize() * 6, ImGui::GetContentRegionAvail().y)))) {
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
        if (s.round >= 0) {
          ImGui::Text("%d", s.round);  // 0-based, as the CSV
        } else {
          ImGui::TextDisabled("-");
        }
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

}  // namespace

void draw_timings_panel(const AppState& state) {
  if (!ImGui::BeginTabBar("profile")) return;
  if (ImGui::BeginTabItem("Totals")) {
    draw_totals(state);
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Samples")) {
    draw_samples(state);
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Device")) {
    draw_device_panel(state);
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
}

}  // namespace apsp::studio
