// Live plots of the run, one value per round, following it as rounds complete: stacked phase times, effective
// bandwidth per phase, and min-plus updates per second.
#include <cmath>
#include <limits>

#include "plot/bar_plot.h"
#include "plot/line_plot.h"
#include "ui/panels.h"
#include "ui/widgets.h"

namespace apsp::studio {
namespace {

constexpr Phase kComputePhases[] = {Phase::Pivot, Phase::PivotRowCol, Phase::Independent, Phase::Full};

bool is_transfer(Phase p) { return p == Phase::Upload || p == Phase::Download || p == Phase::Comm; }

std::string phase_series_label(Phase p) {
  return p == Phase::Full ? std::string("full") : "phase " + std::to_string(static_cast<int>(p) + 1);
}

std::string si_format(double v) { return format_si(v); }

struct PerRound {
  std::vector<double> ms, bytes, updates;
  void add(std::size_t r, const PhaseSample& s) {
    if (ms.size() <= r) {
      ms.resize(r + 1, 0.0);
      bytes.resize(r + 1, 0.0);
      updates.resize(r + 1, 0.0);
    }
    ms[r] += s.ms;
    bytes[r] += static_cast<double>(s.bytes);
    updates[r] += static_cast<double>(s.updates);
  }
};

}  // namespace

void draw_plots_panel(const AppState& state) {
  const auto& samples = state.session.samples;
  const float font = ImGui::GetFontSize();
  const float avail_h = ImGui::GetContentRegionAvail().y;
  const float plot_h = std::max(font * 7, (avail_h - ImGui::GetStyle().ItemSpacing.y * 2) / 3);
  const float width = ImGui::GetContentRegionAvail().x;

  PerRound phase[4], transfers, all;
  for (const PhaseSample& s : samples) {
    if (s.round < 0) continue;  // the initial upload and final download belong to no round
    const auto r = static_cast<std::size_t>(s.round);
    if (is_transfer(s.phase)) {
      transfers.add(r, s);
      continue;
    }
    if (!is_compute(s.phase)) continue;
    phase[static_cast<int>(s.phase)].add(r, s);
    all.add(r, s);
  }

  // 1. Stacked bars: time per phase per round (transfers on top where a variant has them inside rounds).
  std::vector<BarSeries> bars;
  for (Phase p : kComputePhases) {
    const PerRound& pr = phase[static_cast<int>(p)];
    if (pr.ms.empty() && (p == Phase::Full || !samples.empty())) continue;
    BarSeries b{phase_series_label(p), phase_color(p), {}};
    for (double v : pr.ms) b.values.push_back(static_cast<float>(v));
    bars.push_back(std::move(b));
  }
  if (!transfers.ms.empty()) {
    BarSeries b{"transfers", phase_color(Phase::Upload), {}};
    for (double v : transfers.ms) b.values.push_back(static_cast<float>(v));
    bars.push_back(std::move(b));
  }
  stacked_bar_plot("time", bars, BarPlotOptions{"ms", "round", 1}, ImVec2(width, plot_h));

  // 2. Effective bandwidth (modeled bytes / time) per phase.
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<LineSeries> bandwidth;
  for (Phase p : kComputePhases) {
    const PerRound& pr = phase[static_cast<int>(p)];
    if (pr.ms.empty()) continue;
    LineSeries l{phase_series_label(p), phase_color(p), {}};
    for (std::size_t r = 0; r < pr.ms.size(); ++r) {
      l.values.push_back(pr.ms[r] > 0 ? static_cast<float>(pr.bytes[r] / (pr.ms[r] * 1e6)) : nan);
    }
    bandwidth.push_back(std::move(l));
  }
  LinePlotOptions gbs;
  gbs.y_unit = "GB/s";
  line_plot("bandwidth", bandwidth, gbs, ImVec2(width, plot_h));

  // 3. Min-plus updates per second of each round's compute time.
  std::vector<LineSeries> rate;
  if (!all.ms.empty()) {
    LineSeries l{"all phases", to_imu32(0.95f, 0.95f, 0.95f), {}};
    for (std::size_t r = 0; r < all.ms.size(); ++r) {
      l.values.push_back(all.ms[r] > 0 ? static_cast<float>(all.updates[r] / (all.ms[r] * 1e-3)) : nan);
    }
    rate.push_back(std::move(l));
  }
  LinePlotOptions ups;
  ups.y_unit = "updates/s";
  ups.format = si_format;
  line_plot("rate", rate, ups, ImVec2(width, plot_h));
}

}  // namespace apsp::studio
