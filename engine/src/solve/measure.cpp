#include <apsp/solve/measure.h>

#include <algorithm>
#include <chrono>

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

MeasureResult measure_runs(const std::function<void()>& prepare, const std::function<void()>& timed,
                           const MeasureOptions& options) {
  MeasureResult result;
  for (int run = 0; run < options.warmup + options.repeat; ++run) {
    if (prepare) prepare();
    const auto t0 = std::chrono::steady_clock::now();
    timed();
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (run >= options.warmup) result.runs_ms.push_back(ms);
    if (options.after_run && !options.after_run()) {
      result.stopped = true;
      break;
    }
  }
  result.spread = spread_of(result.runs_ms);
  return result;
}

MeasureResult measure_solve(Solver& solver, const DistanceMatrix& initial, const MeasureOptions& options) {
  return measure_runs(
      [&] {
        solver.reset(initial);
        solver.synchronize();  // the upload is not part of the solve time
      },
      [&] {
        solver.step(Granularity::ToEnd);
        solver.synchronize();
      },
      options);
}

}  // namespace apsp
