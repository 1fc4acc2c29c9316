#pragma once
/// @file measure.h
/// @brief Timing a whole solve the way `apsp bench` does, so that every program that reports "the" time of a
/// configuration (bench, the studio's measure mode) runs the same solver calls: per run, reset() (the upload,
/// waited for, untimed), then the steady clock around step(ToEnd) and synchronize(); warm-up runs first,
/// untimed. And the spread of repeated times, with the one threshold above which a figure is called noisy.
#include <apsp/solve/solver.h>

#include <cstddef>
#include <functional>
#include <vector>

namespace apsp {

/// @brief A result whose spread exceeds this many percent is reported as noisy.
inline constexpr double kNoisySpreadPct = 5.0;

/// @brief A spread is judged only from this many timed runs on, all after a warm-up (the caller leaves the
/// warm-up out). With two runs the "spread" is one difference over their mean: a single disturbed run (the
/// other core busy for a moment) reads as up to 200 % and says nothing about the typical run. From three on,
/// the median is a run of its own that the extremes are compared with; and `apsp bench --repeat` defaults to 3.
inline constexpr std::size_t kNoisyMinRuns = 3;

/// @brief The one rule for the noisy flag (bench, its CSV, the studio's profile and measure figures): at least
/// kNoisyMinRuns timed runs and a spread above kNoisySpreadPct.
inline bool is_noisy(std::size_t timed_runs, double spread_pct) {
  return timed_runs >= kNoisyMinRuns && spread_pct > kNoisySpreadPct;
}

/// @brief min / median / max of repeated times and their spread, (max - min) / median in percent.
struct TimeSpread {
  std::size_t count = 0;
  double min_ms = 0;
  double median_ms = 0;
  double max_ms = 0;
  double spread_pct = 0;
  /// @brief is_noisy(): the difference between two such figures may be noise.
  bool noisy() const { return is_noisy(count, spread_pct); }
};

/// @brief The spread of @p ms (any order); all zero when empty.
TimeSpread spread_of(std::vector<double> ms);

/// @brief The spread of one phase's times over the rounds of a solve that did the same work (same device and
/// updates, whole phases): in a blocked solve those are repeats of one measurement. The earliest such round is
/// the warm-up (caches, threads and clocks come up during it) and is left out; fewer than kNoisyMinRuns rounds
/// after it give an empty spread (count 0: nothing to judge yet). Of several kinds of equal work, the most
/// frequent.
TimeSpread equal_rounds_spread(const std::vector<PhaseSample>& samples, Phase phase);

/// @brief With a min time, the most timed runs of one measurement: a fast solve and a long min time would
/// otherwise run for ever in small steps (Google Benchmark caps its iterations the same way). --repeat above it
/// still runs all its runs.
inline constexpr int kMinTimeMaxRuns = 100;

/// @brief Untimed warm-up runs, then timed ones.
struct MeasureOptions {
  int warmup = 1;
  int repeat = 3;
  /// @brief Called after every run, warm-up included (progress, cancel); returning false stops there, and the
  /// result holds the runs timed so far. Empty: every run happens.
  std::function<bool()> after_run;
  /// After `repeat` timed runs, more until the timed runs add up to this many seconds (Google Benchmark's
  /// --benchmark_min_time), at most max(repeat, kMinTimeMaxRuns) timed runs; 0: exactly `repeat`. Last, with a
  /// default, so that positional braces {warmup, repeat, after_run} keep their meaning.
  double min_time_s = 0;
};

struct MeasureResult {
  std::vector<double> runs_ms;  ///< the timed runs, in order
  /// measure_solve only: every timed run's profile samples, in the order of runs_ms (collected after each run,
  /// outside its timing), so per-phase figures come from the same runs as the wall-time statistics.
  std::vector<std::vector<PhaseSample>> runs_samples;
  TimeSpread spread;
  bool stopped = false;  ///< after_run asked to stop before every run was done
};

/// @brief The loop itself: warmup + repeat times, @p prepare (untimed; may be empty), then the steady clock
/// around @p timed, then @p after_timed_run (untimed; may be empty) after each timed run only, to keep what
/// that run measured. measure_solve and the sweep's sparse solvers both time through it.
MeasureResult measure_runs(const std::function<void()>& prepare, const std::function<void()>& timed,
                           const MeasureOptions& options, const std::function<void()>& after_timed_run = {});

/// @brief Solves @p initial (padded for the solver's block and dtype, as reset() takes it) warmup + repeat
/// times with @p solver and times the repeats, keeping each timed run's profile (MeasureResult::runs_samples).
/// Afterwards the solver is finished and its profile holds the last run's samples (reset() clears it). Throws
/// what reset() and step() throw.
MeasureResult measure_solve(Solver& solver, const DistanceMatrix& initial, const MeasureOptions& options);
/// @brief measure_solve() from @p graph's edges (Solver::reset(const Graph&)): a backend that builds its matrix
/// where it keeps it needs no n x n host matrix for the runs.
MeasureResult measure_solve(Solver& solver, const Graph& graph, const MeasureOptions& options);

}  // namespace apsp
