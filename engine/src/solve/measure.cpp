#include <apsp/solve/measure.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <map>
#include <utility>

namespace apsp {

TimeSpread spread_of(std::vector<double> ms) {
  TimeSpread s;
  if (ms.empty()) return s;
  std::sort(ms.begin(), ms.end());
  const std::size_t m = ms.size() / 2;
  s.count = ms.size();
  s.min_ms = ms.front();
  s.max_ms = ms.back();
  s.median_ms = ms.size() % 2 ? ms[m] : 0.5 * (ms[m - 1] + ms[m]);
  s.spread_pct = s.median_ms > 0 ? 100.0 * (s.max_ms - s.min_ms) / s.median_ms : 0.0;
  return s;
}

TimeSpread equal_rounds_spread(const std::vector<PhaseSample>& samples, Phase phase) {
  std::uint64_t whole_phase_k = 0;  // k-steps cover fewer k than a whole phase: only the largest count compares
  for (const PhaseSample& s : samples)
    if (s.phase == phase) whole_phase_k = std::max(whole_phase_k, s.k_steps);
  std::map<std::pair<int, std::uint64_t>, std::vector<std::pair<int, double>>> by_work;  // -> (round, ms)
  for (const PhaseSample& s : samples)
    if (s.phase == phase && s.k_steps == whole_phase_k && s.round >= 0)
      by_work[{s.device, s.updates}].emplace_back(s.round, s.ms);
  std::vector<double> most;
  for (const auto& [work, runs] : by_work) {
    int warmup_round = INT_MAX;
    for (const auto& [round, ms] : runs) warmup_round = std::min(warmup_round, round);
    std::vector<double> timed;
    for (const auto& [round, ms] : runs)
      if (round != warmup_round) timed.push_back(ms);
    if (timed.size() > most.size()) most = std::move(timed);
  }
  return most.size() >= kNoisyMinRuns ? spread_of(std::move(most)) : TimeSpread{};
}

MeasureResult measure_runs(const std::function<void()>& prepare, const std::function<void()>& timed,
                           const MeasureOptions& options, const std::function<void()>& after_timed_run) {
  MeasureResult result;
  const int max_runs = std::max(options.repeat, kMinTimeMaxRuns);
  double timed_ms = 0;
  auto more = [&](int run) {
    if (run < options.warmup + options.repeat) return true;
    return timed_ms < 1e3 * options.min_time_s && static_cast<int>(result.runs_ms.size()) < max_runs;
  };
  for (int run = 0; more(run); ++run) {
    if (prepare) prepare();
    const auto t0 = std::chrono::steady_clock::now();
    timed();
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (run >= options.warmup) {
      result.runs_ms.push_back(ms);
      timed_ms += ms;
      if (after_timed_run) after_timed_run();
    }
    if (options.after_run && !options.after_run()) {
      result.stopped = true;
      break;
    }
  }
  result.spread = spread_of(result.runs_ms);
  return result;
}

namespace {

// measure_solve's loop, the input put back by @p reset before each run (untimed).
MeasureResult measure_with_reset(Solver& solver, const std::function<void()>& reset, const MeasureOptions& options) {
  std::vector<std::vector<PhaseSample>> runs_samples;
  MeasureResult result = measure_runs(
      [&] {
        reset();
        solver.synchronize();  // the upload is not part of the solve time
      },
      [&] {
        solver.step(Granularity::ToEnd);
        solver.synchronize();
      },
      options,
      [&] {
        solver.collect_timings(true);
        runs_samples.push_back(solver.profile().samples());
      });
  result.runs_samples = std::move(runs_samples);
  return result;
}

}  // namespace

MeasureResult measure_solve(Solver& solver, const DistanceMatrix& initial, const MeasureOptions& options) {
  return measure_with_reset(solver, [&] { solver.reset(initial); }, options);
}

MeasureResult measure_solve(Solver& solver, const Graph& graph, const MeasureOptions& options) {
  return measure_with_reset(solver, [&] { solver.reset(graph); }, options);
}

}  // namespace apsp
