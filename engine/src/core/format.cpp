#include <apsp/core/format.h>

#include <cmath>
#include <cstdio>

namespace apsp {

namespace {
/// Three significant figures for a value in [1, 1000): "1.23", "12.3", "123".
std::string three_figures(double v, const char* unit) {
  char buf[32];
  std::snprintf(buf, sizeof buf, v >= 99.95 ? "%.0f %s" : (v >= 9.995 ? "%.1f %s" : "%.2f %s"), v, unit);
  return buf;
}
}  // namespace

std::string format_duration_ms(double ms) {
  if (!std::isfinite(ms) || ms < 0) return "-";
  if (ms == 0) return "0 ms";
  // The thresholds sit where rounding to three figures would print "1000": 999.95 µs is "1.00 ms".
  if (ms < 0.99995) return three_figures(ms * 1e3, "\xC2\xB5s");
  if (ms < 999.95) return three_figures(ms, "ms");
  return three_figures(ms * 1e-3, "s");
}

}  // namespace apsp
