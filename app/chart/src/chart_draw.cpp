#include "chart/chart_draw.h"

#include "chart/axes.h"
#include "chart/legend.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace apsp::chart {

namespace {

constexpr ImU32 kInk = IM_COL32(32, 32, 32, 255);
constexpr ImU32 kGrid = IM_COL32(225, 225, 225, 255);
constexpr ImU32 kBackground = IM_COL32(255, 255, 255, 255);
constexpr float kPad = 8;
constexpr float kSwatch = 10;

float line_height() { return ImGui::GetTextLineHeight(); }
float text_width(const std::string& s) { return ImGui::CalcTextSize(s.c_str()).x; }

/// Width of a legend entry: swatch, text and the space before the next one.
float legend_entry_width(const Series& s) { return kSwatch + 4 + text_width(s.label) + 14; }

/// The legend's rows: how its entries wrap within @p width; one row (perhaps empty) at least.
std::vector<std::pair<std::size_t, std::size_t>> legend_rows(const Chart& chart, float width) {
  std::vector<float> widths;
  for (const Series& s : chart.series) widths.push_back(legend_entry_width(s));
  std::vector<std::pair<std::size_t, std::size_t>> rows = wrap_rows(widths, 0, width);
  if (rows.empty()) rows.emplace_back(0, 0);
  return rows;
}

/// y axis: value -> pixel, and its ticks.
struct YAxis {
  bool log = false;
  double lo = 0, hi = 1;
  std::vector<double> ticks;

  float to_px(double v, const ChartLayout& l) const {
    double t;
    if (log)
      t = (std::log10(std::max(v, lo)) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
    else
      t = (v - lo) / (hi - lo);
    return l.plot_max.y - static_cast<float>(std::clamp(t, 0.0, 1.0)) * (l.plot_max.y - l.plot_min.y);
  }
};

YAxis y_axis(const Chart& chart) {
  YAxis a;
  const double max = chart_max(chart);
  if (chart.log_y && chart.type == ChartType::Lines) {
    double min = max;
    for (const Series& s : chart.series)
      for (double v : s.values)
        if (std::isfinite(v) && v > 0) min = std::min(min, v);
    if (max > 0) {
      a.log = true;
      a.lo = std::pow(10.0, std::floor(std::log10(min)));
      a.hi = std::pow(10.0, std::ceil(std::log10(max * 1.05)));
      if (a.hi <= a.lo) a.hi = a.lo * 10;
      for (double t = a.lo; t <= a.hi * 1.0001; t *= 10) a.ticks.push_back(t);
      return a;
    }
  }
  const double top = max > 0 ? max * 1.12 : 1;  // headroom for the point labels
  const double step = nice_tick_step(top, 5);
  a.hi = std::ceil(top / step) * step;
  for (double t = 0; t <= a.hi + step * 1e-6; t += step) a.ticks.push_back(t);
  return a;
}

void add_text_centered(ImDrawList* dl, ImVec2 centre_top, ImU32 col, const std::string& s) {
  dl->AddText(ImVec2(std::round(centre_top.x - text_width(s) / 2), std::round(centre_top.y)), col, s.c_str());
}

void dashed_line(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float thickness) {
  const float dx = b.x - a.x, dy = b.y - a.y;
  const float len = std::sqrt(dx * dx + dy * dy);
  if (len <= 0) return;
  constexpr float kDash = 6, kGap = 4;
  for (float s = 0; s < len; s += kDash + kGap) {
    const float e = std::min(len, s + kDash);
    dl->AddLine(ImVec2(a.x + dx * s / len, a.y + dy * s / len), ImVec2(a.x + dx * e / len, a.y + dy * e / len), col,
                thickness);
  }
}

double value_at(const Series& s, std::size_t i) { return i < s.values.size() ? s.values[i] : kMissing; }

}  // namespace

ChartLayout layout_chart(const Chart& chart, ImVec2 min, ImVec2 max) {
  const float lh = line_height();
  const float legend_h = static_cast<float>(legend_rows(chart, max.x - min.x - 2 * kPad).size()) * (lh + 2);
  float y_labels = 0;
  for (double t : y_axis(chart).ticks) y_labels = std::max(y_labels, text_width(format_value(t, chart.format)));
  ChartLayout l;
  // Title, legend, then the y axis' label on a line of its own above the plot.
  l.plot_min = ImVec2(std::round(min.x + kPad + y_labels + 6), std::round(min.y + kPad + lh + 6 + legend_h + lh + 8));
  l.plot_max.x = std::max(std::round(max.x - kPad - 6), l.plot_min.x + 1);
  const int n = std::max(1, static_cast<int>(chart.categories.size()));
  l.slot_width = (l.plot_max.x - l.plot_min.x) / static_cast<float>(n);
  // Long category names (the ladder's backends) would run into each other: every other one a line lower.
  for (const std::string& c : chart.categories) l.staggered = l.staggered || text_width(c) > l.slot_width - 6;
  l.plot_max.y = std::max(std::round(max.y - kPad - (l.staggered ? 3 : 2) * lh - 8), l.plot_min.y + 1);
  return l;
}

void draw_chart(ImDrawList* dl, const Chart& chart, ImVec2 min, ImVec2 max) {
  const ChartLayout l = layout_chart(chart, min, max);
  const YAxis y = y_axis(chart);
  const float lh = line_height();
  dl->PushClipRect(min, max, true);
  dl->AddRectFilled(min, max, kBackground);
  dl->AddText(ImVec2(min.x + kPad, min.y + kPad), kInk, chart.title.c_str());

  // Legend under the title.
  float ly = min.y + kPad + lh + 6;
  for (const auto& [first, last] : legend_rows(chart, max.x - min.x - 2 * kPad)) {
    float lx = min.x + kPad;
    for (std::size_t i = first; i < last; ++i) {
      const Series& s = chart.series[i];
      const float cy = ly + lh / 2;
      if (chart.type == ChartType::Lines || s.overlay) {
        if (s.dashed)
          dashed_line(dl, ImVec2(lx, cy), ImVec2(lx + kSwatch + 4, cy), s.color, 2);
        else
          dl->AddLine(ImVec2(lx, cy), ImVec2(lx + kSwatch + 4, cy), s.color, 2);
      } else {
        dl->AddRectFilled(ImVec2(lx, cy - kSwatch / 2), ImVec2(lx + kSwatch, cy + kSwatch / 2), s.color);
      }
      dl->AddText(ImVec2(lx + kSwatch + 6, ly), kInk, s.label.c_str());
      lx += legend_entry_width(s);
    }
    ly += lh + 2;
  }

  // Grid, y ticks and labels.
  for (double t : y.ticks)
    draw_y_tick(dl, l.plot_min.x, l.plot_max.x, std::round(y.to_px(t, l)), format_value(t, chart.format), 6, kGrid,
                kInk);
  // The y label stays horizontal (ImGui draws no rotated text), on its line above the plot.
  dl->AddText(ImVec2(min.x + kPad, l.plot_min.y - lh - 6), kInk, chart.y_label.c_str());

  // Categories and the x label.
  for (std::size_t i = 0; i < chart.categories.size(); ++i) {
    const float row = l.staggered && i % 2 == 1 ? lh : 0;
    add_text_centered(dl, ImVec2(l.category_x(static_cast<int>(i)), l.plot_max.y + 4 + row), kInk, chart.categories[i]);
  }
  add_text_centered(dl, ImVec2((l.plot_min.x + l.plot_max.x) / 2, l.plot_max.y + 6 + (l.staggered ? 2 : 1) * lh), kInk,
                    chart.x_label);

  if (chart.type == ChartType::StackedBars) {
    const float half = std::max(2.f, l.slot_width * 0.3f);
    for (std::size_t i = 0; i < chart.categories.size(); ++i) {
      const float cx = l.category_x(static_cast<int>(i));
      double base = 0, top = 0;
      for (const Series& s : chart.series) {
        if (s.overlay) continue;
        const double v = value_at(s, i);
        if (!std::isfinite(v) || v <= 0) continue;
        const float y0 = std::round(y.to_px(base, l)), y1 = std::round(y.to_px(base + v, l));
        if (y0 - y1 >= 1)
          dl->AddRectFilled(ImVec2(std::round(cx - half), y1), ImVec2(std::round(cx + half), y0), s.color);
        base += v;
      }
      top = base;
      for (const Series& s : chart.series) {
        if (!s.overlay) continue;
        const double v = value_at(s, i);
        if (!std::isfinite(v)) continue;
        const float py = std::round(y.to_px(v, l));
        dl->AddLine(ImVec2(cx - half - 4, py), ImVec2(cx + half + 4, py), s.color, 2);
        top = std::max(top, v);
      }
      for (const Series& s : chart.series)
        if (i < s.point_labels.size() && !s.point_labels[i].empty())
          add_text_centered(dl, ImVec2(cx, y.to_px(top, l) - lh - 2), kInk, s.point_labels[i]);
    }
  } else {
    for (const Series& s : chart.series) {
      ImVec2 prev;
      bool have_prev = false;
      for (std::size_t i = 0; i < chart.categories.size(); ++i) {
        const double v = value_at(s, i);
        if (!std::isfinite(v)) {
          have_prev = false;
          continue;
        }
        const ImVec2 p(l.category_x(static_cast<int>(i)), y.to_px(v, l));
        if (have_prev) {
          if (s.dashed)
            dashed_line(dl, prev, p, s.color, 1.5f);
          else
            dl->AddLine(prev, p, s.color, 2);
        }
        if (!s.dashed) dl->AddCircleFilled(p, 3.5f, s.color, 12);
        if (i < s.point_labels.size() && !s.point_labels[i].empty())
          add_text_centered(dl, ImVec2(p.x, p.y - lh - 4), s.color, s.point_labels[i]);
        prev = p;
        have_prev = true;
      }
    }
  }
  dl->AddRect(l.plot_min, l.plot_max, kInk, 0, 0, 1);
  dl->AddRect(min, max, IM_COL32(200, 200, 200, 255));
  dl->PopClipRect();
}

int category_at(const Chart& chart, const ChartLayout& l, ImVec2 p) {
  if (p.x < l.plot_min.x || p.x >= l.plot_max.x || p.y < l.plot_min.y || p.y >= l.plot_max.y || l.slot_width <= 0)
    return -1;
  const int i = static_cast<int>((p.x - l.plot_min.x) / l.slot_width);
  return i < static_cast<int>(chart.categories.size()) ? i : -1;
}

std::string hover_text(const Chart& chart, int category) {
  if (category < 0 || category >= static_cast<int>(chart.categories.size())) return {};
  const auto i = static_cast<std::size_t>(category);
  std::string text = chart.x_label + " " + chart.categories[i];
  for (const Series& s : chart.series) {
    const double v = value_at(s, i);
    if (!std::isfinite(v)) continue;
    text += "\n" + s.label + ": " + format_value(v, chart.format);
    if (i < s.point_labels.size() && !s.point_labels[i].empty()) text += " (" + s.point_labels[i] + ")";
  }
  return text;
}

}  // namespace apsp::chart
