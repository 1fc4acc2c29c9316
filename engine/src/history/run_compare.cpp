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

namespace {
/// The figure ±% compares: the compute time, measured the same way by every source (a GUI run's wall clock
/// would count a user's pauses, `apsp solve`'s includes the upload); the wall time where a record has none.
double compared_ms(const RunRecord& r, bool use_compute) { return use_compute ? r.compute_ms() : r.wall_ms; }
bool both_have_compute(const RunRecord& a, const RunRecord& b) { return a.compute_ms() > 0 && b.compute_ms() > 0; }
}  // namespace

double percent_change(const RunRecord& baseline, const RunRecord& run) {
  const bool compute = both_have_compute(baseline, run);
  const double base = compared_ms(baseline, compute);
  return base > 0 ? (compared_ms(run, compute) / base - 1.0) * 100.0 : 0.0;
}

std::string format_percent_change(const RunRecord& baseline, const RunRecord& run) {
  if (compared_ms(baseline, both_have_compute(baseline, run)) <= 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f %%", percent_change(baseline, run));
  return buf;
}

}  // namespace apsp
