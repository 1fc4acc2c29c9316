// The arithmetic of a sweep: statistics of the repeats, ratios, parallel efficiency, the best per n, ETA.
#include <apsp/bench/sweep.h>
#include <apsp/core/errors.h>

#include <algorithm>
#include <map>
#include <utility>

namespace apsp::bench {

namespace {
/// " t=T" when a thread count was asked for; nothing for one per core (the default).
std::string threads_part(const SweepConfig& c) {
  if (c.threads <= 0) return {};
  std::string s = " t=";
  s += std::to_string(c.threads);
  return s;
}
}  // namespace

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
    s += threads_part(c);
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
  s += threads_part(c);
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

namespace {
/// Whether the min..max intervals of two results' timed runs share a point.
bool intervals_overlap(const TimeStats& a, const TimeStats& b) { return a.min_ms <= b.max_ms && b.min_ms <= a.max_ms; }

/// The configuration without its n, for a line that already names it.
std::string without_n(const SweepConfig& c) {
  const std::string full = describe(c);
  return full.substr(0, full.rfind(" n="));
}
}  // namespace

void mark_best(std::vector<SweepResult>& results) {
  std::map<int, std::size_t> leader_of_n;
  for (std::size_t i = 0; i < results.size(); ++i) {
    results[i].best = false;
    results[i].tied = false;
    const auto it = leader_of_n.find(results[i].config.n);
    if (it == leader_of_n.end() || results[i].time.median_ms < results[it->second].time.median_ms)
      leader_of_n[results[i].config.n] = i;
  }
  for (const auto& [n, leader] : leader_of_n) {
    results[leader].best = true;
    for (std::size_t i = 0; i < results.size(); ++i) {
      if (i == leader || results[i].config.n != n) continue;
      if (!intervals_overlap(results[i].time, results[leader].time)) continue;
      results[i].best = results[i].tied = true;
      results[leader].tied = true;
    }
  }
}

std::vector<std::string> best_lines(const std::vector<SweepResult>& results) {
  std::vector<int> sizes;
  for (const SweepResult& r : results)
    if (std::find(sizes.begin(), sizes.end(), r.config.n) == sizes.end()) sizes.push_back(r.config.n);
  std::vector<std::string> lines;
  for (int n : sizes) {
    std::vector<const SweepResult*> best;
    for (const SweepResult& r : results)
      if (r.config.n == n && r.best) best.push_back(&r);
    if (best.empty()) continue;
    std::stable_sort(best.begin(), best.end(),
                     [](const SweepResult* a, const SweepResult* b) { return a->time.median_ms < b->time.median_ms; });
    std::string line = "n=" + std::to_string(n) + ": ";
    if (best.size() > 1) line += "tied: ";
    for (std::size_t i = 0; i < best.size(); ++i) {
      if (i > 0) line += ", ";
      line += without_n(best[i]->config);
    }
    lines.push_back(std::move(line));
  }
  return lines;
}

const char* best_cell(const SweepResult& r) {
  if (!r.best) return "";
  return r.tied ? "tied" : "best";
}

namespace {
/// Same backend, block, dtype, threads and n: results that differ only in their GPU count.
bool same_kind(const SweepConfig& a, const SweepConfig& b) {
  return a.backend == b.backend && a.block == b.block && a.dtype == b.dtype && a.n == b.n && a.threads == b.threads;
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
