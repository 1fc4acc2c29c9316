#include <apsp/history/run_compare.h>
#include <apsp/history/run_key.h>
#include <apsp/profile/profile.h>

#include <cstdio>

namespace apsp {

namespace {
bool is_compute_phase(const std::string& name) {
  return name == "pivot" || name == "rowcol" || name == "independent" || name == "full";
}

/// Per repeat, the sum of the compute phases; empty when the phases do not all hold the same number of repeats
/// (a record written before repeats were kept, or edited by hand).
std::vector<double> compute_samples(const RunRecord& r) {
  std::vector<double> sums;
  bool first = true;
  for (const RunPhaseTotal& p : r.phases) {
    if (!is_compute_phase(p.phase)) continue;
    if (first) sums.assign(p.samples_ms.size(), 0.0);
    first = false;
    if (p.samples_ms.size() != sums.size()) return {};
    for (std::size_t i = 0; i < sums.size(); ++i) sums[i] += p.samples_ms[i];
  }
  return sums;
}

std::vector<double> or_single(std::vector<double> samples, double figure) {
  if (samples.empty() && figure > 0) samples.push_back(figure);
  return samples;
}
}  // namespace

std::vector<double> row_samples(const RunRecord& r, const std::string& what) {
  if (what == "wall") return or_single(r.wall_samples_ms, r.wall_ms);
  if (what == "compute") return or_single(compute_samples(r), r.compute_ms());
  const RunPhaseTotal* p = r.phase(what);
  return p ? or_single(p->samples_ms, p->ms) : std::vector<double>{};
}

std::vector<ComparisonRow> compare_runs(const RunRecord& a, const RunRecord& b, const CompareOptions& options) {
  std::vector<std::string> names;
  for (Phase p : {Phase::Pivot, Phase::PivotRowCol, Phase::Independent, Phase::Full, Phase::Upload, Phase::Download,
                  Phase::Comm}) {
    const std::string name(to_string(p));
    if (a.phase(name) || b.phase(name)) names.push_back(name);
  }
  names.push_back("compute");
  names.push_back("wall");
  std::vector<ComparisonRow> rows;
  for (const std::string& name : names) {
    ComparisonRow row;
    row.what = name;
    row.stats = compare_samples(row_samples(a, name), row_samples(b, name), options);
    row.a_ms = row.stats.median_a;
    row.b_ms = row.stats.median_b;
    row.ratio = row.stats.ratio;
    rows.push_back(std::move(row));
  }
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

std::string format_change_against(const RunRecord& baseline, const RunRecord& run) {
  const std::vector<KeyDifference> differences = key_differences(baseline, run);
  return differences.empty() ? format_percent_change(baseline, run) : "differs: " + differing_fields(differences);
}

}  // namespace apsp
