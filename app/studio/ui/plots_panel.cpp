// Live plots of the run, one value per round, following it as rounds complete: stacked phase times, effective
// bandwidth per phase, and min-plus updates per second. With samples from several GPUs, a "GPUs" tab adds each
// GPU's phases and communication per round, and communication against computation.
#include <apsp/core/format.h>

#include <cmath>
#include <cstdio>
#include <limits>

#include <chart/bar_plot.h>
#include <chart/line_plot.h>
#include <chart/timeline_plot.h>
#include "render/overlay_style.h"
#include "session/multi_gpu_stats.h"
#include "ui/panels.h"
#include "ui/widgets.h"

namespace apsp::studio {
namespace {

constexpr Phase kComputePhases[] = {Phase::Pivot, Phase::PivotRowCol, Phase::Independent, Phase::Full};

std::string phase_series_label(Phase p) {
  return p == Phase::Full ? std::string("full") : "phase " + std::to_string(static_cast<int>(p) + 1);
}

std::string si_format(double v) { return format_si(v); }

ImU32 gpu_color(std::size_t index) {
  const Rgbf& c = OverlayStyle::gpu[index % OverlayStyle::gpu.size()];
  return to_imu32(c[0], c[1], c[2]);
}

bool phase_present(const RoundAggregate& a, Phase p) {
  for (bool seen : a.phase_seen[static_cast<int>(p)]) {
    if (seen) return true;
  }
  return false;
}

/// Phase times per round on the critical path (the slowest device of each round; the only device with one).
void time_plot(const RoundAggregate& a, bool have_samples, ImVec2 size) {
  std::vector<chart::BarSeries> bars;
  for (Phase p : kComputePhases) {
    if (!phase_present(a, p) && (p == Phase::Full || have_samples)) continue;
    chart::BarSeries b{phase_series_label(p), phase_color(p), {}};
    for (std::size_t r = 0; r < a.rounds(); ++r) {
      b.values.push_back(static_cast<float>(a.critical_times(r).phase_ms[static_cast<int>(p)]));
    }
    bars.push_back(std::move(b));
  }
  if (a.any_transfer || a.any_comm) {
    chart::BarSeries b{a.multi_device() ? "comm" : "transfers", phase_color(a.any_comm ? Phase::Comm : Phase::Upload),
                       {}};
    for (std::size_t r = 0; r < a.rounds(); ++r) {
      const DeviceRoundTimes& t = a.critical_times(r);
      b.values.push_back(static_cast<float>(t.transfer_ms + t.comm_ms));
    }
    bars.push_back(std::move(b));
  }
  chart::BarPlotOptions options;
  chart::stacked_bar_plot(a.multi_device() ? "critical path" : "time", bars, options, size);
}

/// Each GPU's phases 1/2/3 and its communication per round, side by side.
void per_gpu_plot(const RoundAggregate& a, ImVec2 size) {
  const std::size_t g = a.devices.size();
  std::vector<chart::BarSeries> bars;
  for (Phase p : kComputePhases) {
    if (!phase_present(a, p)) continue;
    chart::BarSeries b{phase_series_label(p), phase_color(p), {}};
    for (std::size_t r = 0; r < a.rounds(); ++r) {
      for (std::size_t d = 0; d < g; ++d)
        b.values.push_back(static_cast<float>(a.times[r][d].phase_ms[static_cast<int>(p)]));
    }
    bars.push_back(std::move(b));
  }
  chart::BarSeries comm{"comm", phase_color(Phase::Comm), {}};
  for (std::size_t r = 0; r < a.rounds(); ++r) {
    for (std::size_t d = 0; d < g; ++d) comm.values.push_back(static_cast<float>(a.times[r][d].comm_ms));
  }
  bars.push_back(std::move(comm));
  chart::BarPlotOptions options;
  options.group = static_cast<int>(g);
  for (std::size_t d = 0; d < g; ++d) {
    options.group_labels.push_back("GPU " + std::to_string(a.devices[d]));
    options.group_colors.push_back(gpu_color(static_cast<std::size_t>(a.devices[d])));
  }
  chart::stacked_bar_plot("per GPU", bars, options, size);
}

/// Communication against computation per round: the slowest GPU's compute time and the longest broadcast.
void comm_compute_plot(const RoundAggregate& a, ImVec2 size) {
  chart::LineSeries compute{"compute", to_imu32(0.95f, 0.95f, 0.95f), {}};
  chart::LineSeries comm{"comm", phase_color(Phase::Comm), {}};
  for (std::size_t r = 0; r < a.rounds(); ++r) {
    compute.values.push_back(static_cast<float>(a.compute_ms[r]));
    comm.values.push_back(static_cast<float>(a.comm_ms[r]));
  }
  chart::LinePlotOptions options;
  options.y_unit = "ms";
  chart::line_plot("comm vs compute", {compute, comm}, options, size);
}

/// Effective bandwidth per phase: modeled bytes of all devices over the longest device time.
void bandwidth_plot(const RoundAggregate& a, ImVec2 size) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<chart::LineSeries> bandwidth;
  for (Phase p : kComputePhases) {
    if (!phase_present(a, p)) continue;
    const int i = static_cast<int>(p);
    chart::LineSeries l{phase_series_label(p), phase_color(p), {}};
    for (std::size_t r = 0; r < a.rounds(); ++r) {
      const double ms = a.phase_ms_max[i][r];
      l.values.push_back(a.phase_seen[i][r] && ms > 0 ? static_cast<float>(a.phase_bytes[i][r] / (ms * 1e6)) : nan);
    }
    bandwidth.push_back(std::move(l));
  }
  chart::LinePlotOptions gbs;
  gbs.y_unit = "GB/s";
  chart::line_plot("bandwidth", bandwidth, gbs, size);
}

/// Min-plus updates per second of each round's (critical-path) compute time.
void rate_plot(const RoundAggregate& a, ImVec2 size) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<chart::LineSeries> rate;
  if (a.rounds() > 0) {
    chart::LineSeries l{"all phases", to_imu32(0.95f, 0.95f, 0.95f), {}};
    for (std::size_t r = 0; r < a.rounds(); ++r) {
      l.values.push_back(a.compute_ms[r] > 0 ? static_cast<float>(a.updates[r] / (a.compute_ms[r] * 1e-3)) : nan);
    }
    rate.push_back(std::move(l));
  }
  chart::LinePlotOptions ups;
  ups.y_unit = "updates/s";
  ups.format = si_format;
  chart::line_plot("rate", rate, ups, size);
}

/// A one-line caption above a plot (multi-GPU tab: several plots share units and legends).
void caption(const char* text) {
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0));
  ImGui::TextDisabled("%s", text);
  ImGui::PopStyleVar();
}

float plot_height(int plots, int captions = 0) {
  const float avail_h = ImGui::GetContentRegionAvail().y - ImGui::GetTextLineHeight() * static_cast<float>(captions);
  const float spacing = ImGui::GetStyle().ItemSpacing.y * static_cast<float>(plots - 1);
  return std::max(ImGui::GetFontSize() * 6, (avail_h - spacing) / static_cast<float>(plots));
}

/// Every sample on the time axis, a lane per device and stream: what --trace exports.
void timeline_tab(const AppState& state, const std::vector<PhaseSample>& samples) {
  const float width = ImGui::GetContentRegionAvail().x;
  caption("each phase, copy and broadcast where and when it ran (wheel: zoom, drag: pan, double click: all)");
  chart::TimelineOptions options;
  options.on_gpu = state.session.gpu_solver || state.synthetic.active();
  options.color = phase_color;
  chart::timeline_plot("timeline", samples, options, ImVec2(width, std::max(ImGui::GetFontSize() * 6,
                                                                     ImGui::GetContentRegionAvail().y)));
}

/// A sparse solve's batches (SparseSolveStats::batches of the last run to the end): time, rows and
/// rows/s per batch, the same bar and line plots as the rounds'.
void sparse_batches_tab(const SparseSnapshot& sp) {
  const float width = ImGui::GetContentRegionAvail().x;
  if (sp.batches.empty()) {
    ImGui::TextWrapped("%s: no batches yet. Steps run the teaching stepper (%lld settles so far); Run to end runs the "
                       "solver on the rows left and plots its batches here.",
                       sp.backend.c_str(), static_cast<long long>(sp.settles));
    return;
  }
  const float nan = std::numeric_limits<float>::quiet_NaN();
  chart::BarSeries time{"batch time", phase_color(Phase::Full), {}};
  chart::BarSeries rows{"rows", phase_color(Phase::Independent), {}};
  chart::LineSeries rate{"rows/s", to_imu32(0.95f, 0.95f, 0.95f), {}};
  for (const SparseBatchSample& b : sp.batches) {
    time.values.push_back(static_cast<float>(b.ms));
    rows.values.push_back(static_cast<float>(b.rows));
    rate.values.push_back(b.ms > 0 ? static_cast<float>(1e3 * static_cast<double>(b.rows) / b.ms) : nan);
  }
  char line[160];
  std::snprintf(line, sizeof line, "%s: %zu batches, %lld rows in %s%s", sp.backend.c_str(), sp.batches.size(),
                static_cast<long long>(sp.solved_rows), format_duration_ms(sp.rows_ms).c_str(),
                sp.reweighted ? " (+ Johnson's potentials)" : "");
  caption(line);
  const float h = plot_height(3, 1);
  chart::BarPlotOptions ms;
  ms.x_label = "batch";
  chart::stacked_bar_plot("batch time", {time}, ms, ImVec2(width, h));
  chart::BarPlotOptions count;
  count.x_label = "batch";
  count.y_unit = "rows";
  chart::stacked_bar_plot("rows per batch", {rows}, count, ImVec2(width, h));
  chart::LinePlotOptions per_s;
  per_s.y_unit = "rows/s";
  per_s.x_label = "batch";
  per_s.format = si_format;
  chart::line_plot("rows/s", {rate}, per_s, ImVec2(width, h));
}

/// The tabs every dense solve ends with: the timeline, then the caller's own; closes the tab bar.
void end_plot_tabs(const AppState& state, const std::vector<PhaseSample>& samples, const std::string& select_tab,
                   const std::function<void()>& extra_tabs) {
  const ImGuiTabItemFlags flags = select_tab == "timeline" ? ImGuiTabItemFlags_SetSelected : ImGuiTabItemFlags_None;
  if (ImGui::BeginTabItem("timeline", nullptr, flags)) {
    timeline_tab(state, samples);
    ImGui::EndTabItem();
  }
  if (extra_tabs) extra_tabs();
  ImGui::EndTabBar();
}

}  // namespace

void draw_plots_panel(const AppState& state, const std::string& select_tab, const std::function<void()>& extra_tabs) {
  auto tab_flags = [&](const char* name) {
    return select_tab == name ? ImGuiTabItemFlags_SetSelected : ImGuiTabItemFlags_None;
  };
  const auto& samples = plot_samples(state);
  const RoundAggregate a = aggregate_rounds(samples);
  const float width = ImGui::GetContentRegionAvail().x;

  if (!ImGui::BeginTabBar("##plots")) return;
  if (state.session.sparse) {
    // A sparse solver has no rounds or phases: its batches instead.
    if (ImGui::BeginTabItem("batches")) {
      sparse_batches_tab(*state.session.sparse);
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
    return;
  }
  if (!a.multi_device()) {
    if (ImGui::BeginTabItem("per round", nullptr, tab_flags("per-round"))) {
      const float h = plot_height(3);
      time_plot(a, !samples.empty(), ImVec2(width, h));
      bandwidth_plot(a, ImVec2(width, h));
      rate_plot(a, ImVec2(width, h));
      ImGui::EndTabItem();
    }
    end_plot_tabs(state, samples, select_tab, extra_tabs);
    return;
  }
  // Several GPUs: their lanes and the communication first; the throughput plots one tab away.
  const std::string gpus_tab =
      std::to_string(a.devices.size()) + " GPUs" + (state.synthetic.active() ? " (synthetic)" : "");
  if (ImGui::BeginTabItem((gpus_tab + "###gpus").c_str(), nullptr, tab_flags("per-round"))) {
    const float h = plot_height(3, 3);
    std::string lanes = "per round, side by side:";
    for (int d : a.devices) {
      lanes += " GPU ";
      lanes += std::to_string(d);
    }
    caption(lanes.c_str());
    per_gpu_plot(a, ImVec2(width, h));
    caption("communication vs computation per round");
    comm_compute_plot(a, ImVec2(width, h));
    caption("critical path: the slowest GPU's phases per round");
    time_plot(a, true, ImVec2(width, h));
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("throughput")) {
    const float h = plot_height(2);
    bandwidth_plot(a, ImVec2(width, h));
    rate_plot(a, ImVec2(width, h));
    ImGui::EndTabItem();
  }
  end_plot_tabs(state, samples, select_tab, extra_tabs);
}

}  // namespace apsp::studio
