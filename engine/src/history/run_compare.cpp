#include <apsp/history/run_compare.h>
#include <apsp/profile/profile.h>

#include <cstdio>

namespace apsp {

namespace {
double ratio(double a, double b) { return a > 0 ? b / a : 0; }
}  // namespace

std::vector<ComparisonRow> compare_runs(const RunRecord& a, const RunRecord& b) {
  std::vector<ComparisonRow> rows;
  for (Phase p : {Phase::Pivot, Phase::PivotRowCol, Phase::Independent, Phase::Full, Phase::Upload, Phase::Download,
                  Phase::Comm}) {
    const std::string name(to_string(p));
    const RunPhaseTotal* pa = a.phase(name);
    const RunPhaseTotal* pb = b.phase(name);
    if (!pa && !pb) continue;
    const double ma = pa ? pa->ms : 0, mb = pb ? pb->ms : 0;
    rows.push_back({name, ma, mb, ratio(ma, mb)});
  }
  rows.push_back({"compute", a.compute_ms(), b.compute_ms(), ratio(a.compute_ms(), b.compute_ms())});
  rows.push_back({"wall", a.wall_ms, b.wall_ms, ratio(a.wall_ms, b.wall_ms)});
  return rows;
}

double percent_change(const RunRecord& baseline, const RunRecord& run) {
  return baseline.wall_ms > 0 ? (run.wall_ms / baseline.wall_ms - 1.0) * 100.0 : 0.0;
}

std::string format_percent_change(const RunRecord& baseline, const RunRecord& run) {
  if (baseline.wall_ms <= 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f %%", percent_change(baseline, run));
  return buf;
}

}  // namespace apsp
