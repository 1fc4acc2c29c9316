#include "chart/roofline.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "chart/axes.h"
#include "chart/chart.h"
#include "chart/chart_png.h"

namespace apsp::chart {

namespace {

constexpr ImU32 kInk = IM_COL32(32, 32, 32, 255);
constexpr ImU32 kGrid = IM_COL32(225, 225, 225, 255);
constexpr ImU32 kRoof = IM_COL32(90, 90, 90, 255);
constexpr ImU32 kBackground = IM_COL32(255, 255, 255, 255);
constexpr float kPad = 8;

double decade_below(double v) { return std::pow(10.0, std::floor(std::log10(v))); }
double decade_above(double v) { return std::pow(10.0, std::ceil(std::log10(v))); }

double log_fraction(double v, double lo, double hi) {
  if (!(v > 0)) return 0;
  return (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
}

/// "1e+12" style tick labels read badly; "1 T", "100 G" as the tables print figures (whole numbers, unlike
/// axes.h's si_label).
std::string whole_si_label(double v) {
  static const char* const kUnits[] = {"", " k", " M", " G", " T", " P"};
  int unit = 0;
  while (v >= 1000 && unit < 5) {
    v /= 1000;
    ++unit;
  }
  char buf[32];
  if (v < 1 && unit == 0)
    std::snprintf(buf, sizeof buf, "%g", v);
  else
    std::snprintf(buf, sizeof buf, "%.0f%s", v, kUnits[unit]);
  return buf;
}

int phase_index(Phase p) {
  switch (p) {
    case Phase::Pivot:
      return 0;
    case Phase::PivotRowCol:
      return 1;
    default:
      return 2;
  }
}

}  // namespace

double Roofline::ridge_intensity() const {
  return peak_updates_per_s > 0 && bandwidth_bytes_per_s > 0 ? peak_updates_per_s / bandwidth_bytes_per_s : 0;
}

double Roofline::roof_at(double intensity) const {
  return std::min(peak_updates_per_s, bandwidth_bytes_per_s * intensity);
}

Roofline roofline_from_reports(const std::vector<counters::CounterReport>& reports) {
  Roofline r;
  if (!reports.empty()) {
    r.peak_updates_per_s = reports.front().minplus_peak;
    r.bandwidth_bytes_per_s = reports.front().bandwidth_gbps * 1e9;
    r.title =
        "Roofline: " + reports.front().device_name + " (" + std::string(to_string(reports.front().options.dtype)) + ")";
  }
  for (std::size_t b = 0; b < reports.size(); ++b) {
    const counters::CounterReport& report = reports[b];
    for (Phase phase : {Phase::Pivot, Phase::PivotRowCol, Phase::Independent, Phase::Full}) {
      double updates = 0, bytes = 0, ms = 0;
      bool any = false;
      for (const counters::PhaseCounters& p : report.phases) {
        if (p.phase != phase) continue;
        any = true;
        updates += static_cast<double>(p.updates);
        bytes += p.dram_bytes();
        ms += p.kernel_ms;
      }
      if (!any || bytes <= 0 || ms <= 0 || updates <= 0) continue;
      RooflinePoint point;
      point.tag = counters::phase_tag(phase);
      point.label = report.backend + " " + point.tag;
      point.intensity = updates / bytes;
      point.updates_per_s = updates / (ms * 1e-3);
      // One hue per backend; the phases of a backend in the phase colours when there is one backend.
      point.color = reports.size() == 1 ? phase_color(phase_index(phase)) : series_color(static_cast<int>(b));
      r.points.push_back(point);
    }
  }
  return r;
}

ImVec2 RooflineLayout::to_px(double intensity, double updates_per_s) const {
  const double tx = std::clamp(log_fraction(intensity, x_lo, x_hi), 0.0, 1.0);
  const double ty = std::clamp(log_fraction(updates_per_s, y_lo, y_hi), 0.0, 1.0);
  return ImVec2(plot_min.x + static_cast<float>(tx) * (plot_max.x - plot_min.x),
                plot_max.y - static_cast<float>(ty) * (plot_max.y - plot_min.y));
}

RooflineLayout layout_roofline(const Roofline& roofline, ImVec2 min, ImVec2 max, float line_height) {
  RooflineLayout l;
  // Every point and the ridge in view, with a decade of room on each side of the ridge.
  double x_min = 0, x_max = 0, y_min = 0, y_max = 0;
  auto include = [&](double x, double y) {
    if (!(x > 0) || !(y > 0)) return;
    x_min = x_min > 0 ? std::min(x_min, x) : x;
    x_max = std::max(x_max, x);
    y_min = y_min > 0 ? std::min(y_min, y) : y;
    y_max = std::max(y_max, y);
  };
  const double ridge = roofline.ridge_intensity();
  if (ridge > 0) {
    include(ridge / 10, roofline.roof_at(ridge / 10));
    include(ridge * 10, roofline.peak_updates_per_s);
  }
  for (const RooflinePoint& p : roofline.points) include(p.intensity, p.updates_per_s);
  if (x_max > 0) {
    l.x_lo = decade_below(x_min);
    l.x_hi = std::max(decade_above(x_max * 1.01), l.x_lo * 10);
    l.y_lo = decade_below(y_min);
    l.y_hi = std::max(decade_above(y_max * 1.01), l.y_lo * 10);
  }
  // Title and legend above, the y label on its own line, tick labels left and below.
  l.plot_min =
      ImVec2(std::round(min.x + kPad + 7 * line_height / 2 + 12), std::round(min.y + kPad + 3 * line_height + 16));
  l.plot_max = ImVec2(std::round(max.x - kPad - 160), std::round(max.y - kPad - 2 * line_height - 8));
  l.plot_max.x = std::max(l.plot_max.x, l.plot_min.x + 1);
  l.plot_max.y = std::max(l.plot_max.y, l.plot_min.y + 1);
  return l;
}

void draw_roofline(ImDrawList* dl, const Roofline& roofline, ImVec2 min, ImVec2 max) {
  const float lh = ImGui::GetTextLineHeight();
  const RooflineLayout l = layout_roofline(roofline, min, max, lh);
  dl->PushClipRect(min, max, true);
  dl->AddRectFilled(min, max, kBackground);
  dl->AddText(ImVec2(min.x + kPad, min.y + kPad), kInk, roofline.title.c_str());

  // Decade grid with labels.
  for (double x = l.x_lo; x <= l.x_hi * 1.0001; x *= 10) {
    const float px = std::round(l.to_px(x, l.y_lo).x);
    dl->AddLine(ImVec2(px, l.plot_min.y), ImVec2(px, l.plot_max.y), kGrid, 1);
    const std::string s = whole_si_label(x);
    dl->AddText(ImVec2(px - ImGui::CalcTextSize(s.c_str()).x / 2, l.plot_max.y + 4), kInk, s.c_str());
  }
  for (double y = l.y_lo; y <= l.y_hi * 1.0001; y *= 10) {
    draw_y_tick(dl, l.plot_min.x, l.plot_max.x, std::round(l.to_px(l.x_lo, y).y), whole_si_label(y), 6, kGrid, kInk);
  }
  dl->AddRect(l.plot_min, l.plot_max, kInk);
  dl->AddText(ImVec2(min.x + kPad, l.plot_min.y - lh - 6), kInk, "updates/s");
  const char* x_label = "arithmetic intensity: min-plus updates per DRAM byte";
  dl->AddText(ImVec2((l.plot_min.x + l.plot_max.x - ImGui::CalcTextSize(x_label).x) / 2, l.plot_max.y + lh + 8), kInk,
              x_label);

  // Roofs: the bandwidth slope up to the ridge, then the flat min-plus peak.
  const double ridge = roofline.ridge_intensity();
  if (ridge > 0) {
    const ImVec2 a = l.to_px(l.x_lo, roofline.roof_at(l.x_lo));
    const ImVec2 r = l.to_px(ridge, roofline.peak_updates_per_s);
    const ImVec2 b = l.to_px(l.x_hi, roofline.peak_updates_per_s);
    dl->AddLine(a, r, kRoof, 2);
    dl->AddLine(r, b, kRoof, 2);
    char buf[96];
    std::snprintf(buf, sizeof buf, "min-plus peak %s updates/s", whole_si_label(roofline.peak_updates_per_s).c_str());
    dl->AddText(ImVec2(b.x - ImGui::CalcTextSize(buf).x, r.y - lh - 2), kRoof, buf);
    std::snprintf(buf, sizeof buf, "DRAM %.0f GB/s", roofline.bandwidth_bytes_per_s / 1e9);
    const ImVec2 mid((a.x + r.x) / 2, (a.y + r.y) / 2);
    dl->AddText(ImVec2(mid.x + 4, mid.y), kRoof, buf);
  }

  // Points, and their legend right of the plot.
  float legend_y = l.plot_min.y;
  for (const RooflinePoint& p : roofline.points) {
    const ImVec2 c = l.to_px(p.intensity, p.updates_per_s);
    dl->AddCircleFilled(c, 5, p.color, 16);
    dl->AddCircle(c, 5, kInk, 16);
    dl->AddText(ImVec2(c.x + 7, c.y - lh - 1), kInk, p.tag.c_str());
    dl->AddCircleFilled(ImVec2(l.plot_max.x + 14, legend_y + lh / 2), 5, p.color, 16);
    dl->AddText(ImVec2(l.plot_max.x + 24, legend_y), kInk, p.label.c_str());
    legend_y += lh + 4;
  }
  dl->PopClipRect();
}

void write_roofline_png(const std::string& path, const Roofline& roofline) {
  write_png(path, render_offscreen(kPanelWidth, kPanelHeight, [&](ImDrawList* dl) {
              draw_roofline(dl, roofline, ImVec2(0, 0), ImVec2(kPanelWidth, kPanelHeight));
            }));
}

}  // namespace apsp::chart
