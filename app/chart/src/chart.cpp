#include "chart/chart.h"

#include <apsp/core/format.h>

#include <algorithm>
#include <cstdio>

namespace apsp::chart {

double nice_tick_step(double max, int target_ticks) {
  if (!(max > 0) || target_ticks < 1) return 1;
  const double raw = max / target_ticks;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0})
    if (raw <= m * magnitude) return m * magnitude;
  return 10 * magnitude;
}

std::string format_value(double value, ValueFormat format) {
  if (!std::isfinite(value)) return "-";
  char buf[32];
  switch (format) {
    case ValueFormat::Duration:
      return format_duration_ms(value);
    case ValueFormat::Percent:
      std::snprintf(buf, sizeof buf, "%.0f %%", value);
      return buf;
    case ValueFormat::Plain:
      break;
  }
  const double a = std::fabs(value);
  std::snprintf(buf, sizeof buf, a >= 100 || a == 0 ? "%.0f" : (a >= 10 ? "%.1f" : (a >= 1 ? "%.2f" : "%.3g")), value);
  return buf;
}

double chart_max(const Chart& chart) {
  double max = 0;
  for (std::size_t i = 0; i < chart.categories.size(); ++i) {
    double stack = 0;
    for (const Series& s : chart.series) {
      const double v = i < s.values.size() && std::isfinite(s.values[i]) ? s.values[i] : 0;
      if (chart.type == ChartType::StackedBars && !s.overlay)
        stack += std::max(0.0, v);
      else
        max = std::max(max, v);
    }
    max = std::max(max, stack);
  }
  return max;
}

std::uint32_t series_color(int index) {
  // Tableau-like, distinguishable on white; 0xAABBGGRR.
  static const std::uint32_t palette[] = {0xffb4771f, 0xff0e7fff, 0xff2ca02c, 0xff2827d6, 0xffbd6794,
                                          0xff4b568c, 0xffc277e3, 0xff7f7f7f, 0xff22bdbc, 0xffcfbe17};
  return palette[static_cast<std::size_t>(index) % (sizeof palette / sizeof palette[0])];
}

std::uint32_t phase_color(int phase_index) {
  static const std::uint32_t phases[] = {0xff3c8ce6, 0xff50b450, 0xffc87832};  // orange, green, blue
  return phases[std::clamp(phase_index, 0, 2)];
}

}  // namespace apsp::chart
