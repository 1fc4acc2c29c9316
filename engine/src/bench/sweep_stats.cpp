// The arithmetic of a sweep: statistics of the repeats, ratios, parallel efficiency, the best per n, ETA.
#include <apsp/bench/sweep.h>
#include <apsp/core/errors.h>

#include <algorithm>
#include <map>
#include <utility>

namespace apsp::bench {

std::string describe(const SweepConfig& c) {
  // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on "literal" + std::string temporaries.
  std::string s = c.backend;
  if (c.sparse()) {
    if (c.threads_per_block > 0) {
      s += " tpb=";
      s += std::to_string(c.threads_per_block);
    }
    if (c.concurrent > 0) {
      s += " K=";
      s += std::to_string(c.concurrent);
    }
    if (c.chunk > 0) {
      s += " batch=";
      s += c.batch > 0 ? std::to_string(c.batch) : std::string("auto");
      s += " chunk=";
      s += std::to_string(c.chunk);
    }
    s += " S=";
    s += std::to_string(c.sources);
    s += " n=";
    s += std::to_string(c.n);
    return s;
  }
  s += " B=";
  s += std::to_string(c.block);
  if (c.gpus != 1) {
    s += " x";
    s += std::to_string(c.gpus);
  }
  s += ' ';
  s += to_string(c.dtype);
  s += " n=";
  s += std::to_string(c.n);
  return s;
}

TimeStats time_stats(std::vector<double> samples_ms) {
  if (samples_ms.empty()) throw UsageError("time_stats: no samples");
  const TimeSpread spread = spread_of(samples_ms);  // the one definition, shared with measure_solve()
  TimeStats s;
  s.samples_ms = std::move(samples_ms);
  s.min_ms = spread.min_ms;
  s.median_ms = spread.median_ms;
  s.max_ms = spread.max_ms;
  s.spread_pct = spread.spread_pct;
  return s;
}

double SweepResult::gb_per_s(Phase phase) const {
  for (const PhaseFigures& p : phases)
    if (p.phase == phase) return p.gb_per_s();
  return 0;
}

double SweepResult::phase_ms(Phase phase) const {
  for (const PhaseFigures& p : phases)
    if (p.phase == phase) return p.ms;
  return 0;
}

void mark_best(std::vector<SweepResult>& results) {
  std::map<int, std::size_t> best_of_n;
  for (std::size_t i = 0; i < results.size(); ++i) {
    results[i].best = false;
    const auto it = best_of_n.find(results[i].config.n);
    if (it == best_of_n.end() || results[i].time.median_ms < results[it->second].time.median_ms)
      best_of_n[results[i].config.n] = i;
  }
  for (const auto& [n, i] : best_of_n) results[i].best = true;
}

namespace {
/// Same backend, block, dtype and n: results that differ only in their GPU count.
bool same_kind(const SweepConfig& a, const SweepConfig& b) {
  return a.backend == b.backend && a.block == b.block && a.dtype == b.dtype && a.n == b.n;
}
}  // namespace

void fill_ratios_and_scaling(std::vector<SweepResult>& results) {
  for (SweepResult& r : results) {
    r.ratio = 1;
    r.efficiency = -1;
    for (const SweepResult& first : results) {
      if (first.config.n != r.config.n) continue;
      if (r.time.median_ms > 0) r.ratio = first.time.median_ms / r.time.median_ms;
      break;
    }
    if (r.time.median_ms <= 0) continue;
    // Efficiency only where there is scaling to speak of: a one-GPU result and a multi-GPU one of this kind.
    const SweepResult* one = nullptr;
    bool scaled = false;
    for (const SweepResult& x : results) {
      if (!same_kind(x.config, r.config)) continue;
      if (x.config.gpus == 1 && x.time.median_ms > 0 && !one) one = &x;
      if (x.config.gpus > 1) scaled = true;
    }
    if (one && scaled) r.efficiency = one->time.median_ms / (static_cast<double>(r.config.gpus) * r.time.median_ms);
  }
}

double estimate_remaining_s(double elapsed_s, double work_done, double work_total) {
  if (work_done <= 0 || work_total <= 0 || elapsed_s <= 0) return -1;
  return elapsed_s * std::max(0.0, work_total - work_done) / work_done;
}

}  // namespace apsp::bench
