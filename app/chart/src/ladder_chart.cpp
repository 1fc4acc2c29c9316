#include "chart/ladder_chart.h"

#include <cstdio>
#include <string>

namespace apsp::chart {

namespace {

std::string category(const bench::LadderRow& r) {
  std::string s = std::to_string(r.step);
  s += ' ';
  s += r.config.backend;
  return s;
}

std::string times(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "x%.2f", x);
  return buf;
}

}  // namespace

std::vector<Chart> ladder_charts(const std::vector<bench::LadderRow>& rows) {
  if (rows.empty()) return {};
  const bench::SweepConfig& c = rows.front().config;
  std::string what = "n = ";
  what += std::to_string(c.n);
  what += ", ";
  what += to_string(c.dtype);

  Chart time;
  time.title = "The optimization ladder: time per step (" + what + ")";
  time.x_label = "step";
  time.y_label = "median time";
  time.type = ChartType::StackedBars;
  time.format = ValueFormat::Duration;
  Series t;
  t.label = "median time (label: speed-up over the step before)";
  t.color = series_color(0);
  Chart peak = time;
  peak.title = "The optimization ladder: % of the min-plus peak (" + what + ")";
  peak.y_label = "% of peak";
  peak.format = ValueFormat::Percent;
  Series p;
  p.label = "% of the min-plus peak";
  p.color = series_color(1);
  bool peak_known = false;
  for (const bench::LadderRow& r : rows) {
    time.categories.push_back(category(r));
    t.values.push_back(r.median_ms);
    t.point_labels.push_back(times(r.speedup_previous));
    p.values.push_back(r.peak_pct >= 0 ? r.peak_pct : kMissing);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f %%", r.peak_pct);
    p.point_labels.push_back(r.peak_pct >= 0 ? buf : "-");
    peak_known |= r.peak_pct >= 0;
  }
  time.series.push_back(std::move(t));
  std::vector<Chart> out{time};
  if (peak_known) {
    peak.categories = time.categories;
    peak.series.push_back(std::move(p));
    out.push_back(std::move(peak));
  }
  return out;
}

}  // namespace apsp::chart
