#pragma once
/// @file sweep.h
/// @brief The benchmark sweep shared by `apsp bench` and the studio's Sweep panel: the cartesian product of
/// backends x block sizes x GPU counts x dtypes x n (x CPU threads for the backends that run on the CPU) on one
/// generated graph per n (sparse solvers: x threads per block x concurrent sources for those with launch knobs, the
/// block and GPU lists not applying), with warm-up runs and repeats, min / median / max / spread per configuration,
/// updates/s, GB/s per phase, % of the min-plus peak (sparse solvers: edges relaxed and sources per second
/// instead), ratios, parallel efficiency and the best configuration per n
/// (or the configurations tied for it, when their min..max intervals overlap).
///
/// The pure parts (plan_sweep, time_stats, mark_best, fill_ratios_and_scaling) run no solver and are
/// unit-tested on their own; run_sweep does the measuring.
#include <apsp/core/types.h>
#include <apsp/history/run_context.h>
#include <apsp/profile/profile.h>
#include <apsp/solve/measure.h>
#include <apsp/solve/registry.h>
#include <apsp/solve/sparse_registry.h>

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <vector>

namespace apsp::bench {

/// @brief What to sweep. Every list must be non-empty.
struct SweepSpec {
  /// Variant names; "name:B" pins that variant to block B (the block list then does not apply to it).
  std::vector<std::string> backends = {"cpu-blocked"};
  std::vector<int> blocks = {64};
  std::vector<int> gpus = {1};
  std::vector<DType> dtypes = {DType::I32};
  std::vector<int> sizes = {1024};
  std::string graph = "er:p=0.05,seed=1,w=1:100";  ///< generator spec without n (n comes from sizes)
  int warmup = 1;   ///< untimed runs first (OpenMP's thread start-up, CUDA's module loading, caches)
  int repeat = 3;   ///< timed runs
  /// After `repeat` timed runs, more until the timed runs add up to this many seconds (MeasureOptions::min_time_s,
  /// Google Benchmark's min time; at most kMinTimeMaxRuns timed runs); 0: exactly `repeat`.
  double min_time_s = 0;
  /// CPU threads, one configuration per value for the backends that run on the CPU; 0: one per core. A GPU
  /// backend runs once, with the first value (its host threads are not what a threads sweep measures).
  std::vector<int> threads = {0};
  // Sparse solvers.
  std::string sources = "all";  ///< --sources text: the rows sparse solvers compute (dense variants solve all n)
  std::vector<int> threads_per_block = {SparseSolverOptions{}.threads_per_block};  ///< solvers that take it
  std::vector<int> concurrent = {SparseSolverOptions{}.concurrent};                ///< solvers that take it
  std::vector<int> batch = {SparseSolverOptions{}.batch};                          ///< solvers that take it
  std::vector<int> chunk = {SparseSolverOptions{}.chunk};                          ///< with batch
  // The ladder's solver options, passed to every variant (those that do not use them ignore them).
  int cells_per_thread = 4;               ///< SolverOptions::cells_per_thread (cuda-pseudo-blocked)
  Phase2Mode phase2 = Phase2Mode::Split;  ///< SolverOptions::phase2 (classic blocked phase 2)
};

/// @brief One point of the product.
struct SweepConfig {
  std::string backend;
  int block = 0;
  int gpus = 1;
  DType dtype = DType::I32;
  int n = 0;
  std::int64_t sources = 0;   ///< rows a sparse solver computes; 0 for a dense variant (all n rows)
  int threads_per_block = 0;  ///< a sparse solver's launch knobs; 0 where they do not apply
  int concurrent = 0;
  int batch = 0;  ///< sources per batch (0: automatic; meaningful only with chunk > 0)
  int chunk = 0;  ///< sources per warp; 0 where batching does not apply
  int threads = 0;  ///< CPU threads asked (0: one per core); a GPU backend's is SweepSpec::threads' first

  bool sparse() const { return sources > 0; }
  bool operator==(const SweepConfig&) const = default;
};

/// @brief Whether @p config's backend (dense or sparse) runs on a GPU.
bool runs_on_gpu(const SweepConfig& config);

/// @brief "cuda-tuned B=64 x2 i16 n=16384", "cpu-blocked B=64 i32 t=2 n=1024": a configuration in one line, for
/// notes, logs and chart labels; the threads appear as "t=T" when a count was asked for (not 0, one per core).
std::string describe(const SweepConfig& config);

/// @brief A combination that is not run, and why ("cuda-tuned offers B = 32, 64, 128", "cpu-blocked runs on
/// one device", "only 1 CUDA device here", "no CUDA device", ...) or how it failed ("failed: ...").
struct SkippedConfig {
  SweepConfig config;
  std::string reason;
};

/// @brief The runs of a sweep in order (n, backend, dtype, block, GPUs, threads), and the combinations left out.
struct SweepPlan {
  std::vector<SweepConfig> runs;
  std::vector<SkippedConfig> skipped;
};

/// @brief Expands @p spec against @p backends and @p sparse_backends (as list_backends() and
/// list_sparse_backends() give them; a test may pass its own) with @p device_count CUDA devices. A sparse
/// solver gets one configuration per (n, dtype i32, and each knob list it takes: threads per block, concurrent,
/// batch x chunk); block 0, one GPU; int16 and more GPUs are skipped with the reason. A backend that runs on the
/// CPU gets one configuration per SweepSpec::threads value; one that runs on a GPU one, with the first value (the
/// others are not multiplied, not skipped). Invalid combinations are skipped with the reason, never an error; an
/// unknown variant name, an empty list or a malformed "name:B" throws UsageError.
SweepPlan plan_sweep(const SweepSpec& spec, const std::vector<BackendInfo>& backends, int device_count,
                     const std::vector<SparseBackendInfo>& sparse_backends = {});

/// @brief min / median / max of the timed runs and their spread.
struct TimeStats {
  double min_ms = 0;
  double median_ms = 0;
  double max_ms = 0;
  double spread_pct = 0;           ///< (max - min) / median x 100
  std::vector<double> samples_ms;  ///< in the order they ran

  /// @brief is_noisy(): the figure is noise-dominated and must say so.
  bool noisy() const { return is_noisy(samples_ms.size(), spread_pct); }
};

/// @brief Statistics of @p samples_ms (non-empty; throws UsageError when empty).
TimeStats time_stats(std::vector<double> samples_ms);

/// @brief One phase over the timed runs, from the solver's profile: the median of the runs, and every run.
struct PhaseFigures {
  Phase phase = Phase::Full;
  double ms = 0;                   ///< median over the timed runs of the run's time (summed over devices and rounds)
  std::vector<double> samples_ms;  ///< each timed run's time, in the order of TimeStats::samples_ms
  std::uint64_t bytes = 0;         ///< modeled bytes of one run
  std::uint64_t updates = 0;       ///< of one run
  double gb_per_s() const { return ms > 0 ? static_cast<double>(bytes) / (ms * 1e6) : 0.0; }
};

/// @brief One measured configuration.
struct SweepResult {
  SweepConfig config;
  TimeStats time;                    ///< wall time of step(ToEnd) + synchronize, upload excluded
  double updates_per_s = 0;          ///< n^3 / median; 0 for a sparse solver, which does no min-plus updates
  double peak_pct = -1;              ///< % of the min-plus peak of the device(s); -1 when no device is known or
                                     ///< for a sparse solver (a dense peak says nothing of its work)
  // Sparse solvers only (0 for the dense variants): the rates of their own work.
  std::int64_t edges = 0;            ///< edges_relaxed() of one run (apsp/solve/sparse_work.h)
  double edges_per_s = 0;            ///< edges / median
  double sources_per_s = 0;          ///< S / median
  std::vector<PhaseFigures> phases;  ///< every phase that occurred, enum order: medians and every run
  std::vector<PhaseSample> last_samples;  ///< the last timed run's profile (the run history's per-round times)
  double phase12_share = 0;          ///< phases 1+2 / all compute event time, of the phases' medians
  double non_p3_share = 0;           ///< median over the runs of the wall time not covered by the busiest
                                     ///< device's phase-3 events
  double ratio = 1;                  ///< median of the first result of the same n / this median
  double efficiency = -1;            ///< t(1 GPU) / (gpus x t); -1 unless results of this kind ran on 1 GPU and on more
  /// Best of its n (mark_best): the lowest median, and when `tied`, one of those whose min..max interval overlaps
  /// the lowest median's, which the timed runs cannot tell apart from it.
  bool best = false;
  bool tied = false;  ///< best, but tied with at least one other result of its n
  std::vector<GpuClockRange> gpu_clocks;  ///< SM and memory clocks over its runs (GPU backends with NVML)

  /// @brief GB/s of @p phase at its median time, 0 when it did not occur.
  double gb_per_s(Phase phase) const;
  /// @brief Median event time of @p phase over the timed runs, 0 when it did not occur.
  double phase_ms(Phase phase) const;
};

/// @brief The one rule for "best", noise-aware: for every n, the result with the lowest median (the first of
/// equal medians) is the leader; each result of that n whose interval, min..max of its timed runs (the spread
/// the tables show), overlaps the leader's is tied with it. With none the leader alone is best, else the leader
/// and those are best and tied. Clears the marks of the rest.
void mark_best(std::vector<SweepResult>& results);

/// @brief The best of each n as text, one line per n in the order the sizes first occur: "n=1024: cpu-blocked
/// B=64 i16" or "n=1024: tied: cpu-blocked B=64 i16, cpu-blocked B=128 i16" (the tied ones by median, the
/// n left out of each); @p results as mark_best left them.
std::vector<std::string> best_lines(const std::vector<SweepResult>& results);

/// @brief The CSV's `best` cell of @p result: "best", "tied" or "".
const char* best_cell(const SweepResult& result);

/// @brief ratio (to the first result of the same n) and efficiency (against the one-GPU result of the same
/// backend, block, dtype, threads and n, where one of that kind also ran on several GPUs) of every result.
void fill_ratios_and_scaling(std::vector<SweepResult>& results);

/// @brief Where a running sweep stands.
struct SweepProgress {
  int runs_done = 0;  ///< solves finished (warm-up and timed)
  int runs_total = 0;
  int configs_done = 0;
  int configs_total = 0;
  double elapsed_s = 0;
  double eta_s = -1;    ///< remaining time, from the work done so far weighted by n^3; -1 before any estimate
  SweepConfig current;  ///< the configuration running now
  double fraction() const { return runs_total > 0 ? static_cast<double>(runs_done) / runs_total : 0.0; }
};

/// @brief Hooks into a running sweep; every member may be empty.
struct SweepCallbacks {
  std::function<void(const SweepProgress&)> progress;  ///< after every solve (and once before the first)
  std::function<void(const SweepResult&)> result;      ///< after every configuration measured
  const std::atomic<bool>* cancel = nullptr;           ///< polled between solves; true: stop, keep what is done
};

/// @brief A finished (or cancelled) sweep.
struct SweepReport {
  SweepSpec spec;
  std::vector<SweepResult> results;    ///< with ratios, efficiency and best filled in
  std::vector<SkippedConfig> skipped;  ///< plan's skips, then the configurations that failed
  std::exception_ptr first_failure;    ///< the first configuration's error, for a caller that has no result
  bool cancelled = false;
  std::string device;  ///< the first CUDA device's name, "" without one
  RunContext context;  ///< collected as the sweep began (spec.threads asked); GPU clocks are per result
};

/// @brief Runs the sweep: per n one generated graph, per configuration warm-up then timed runs of
/// reset + step(ToEnd) (a sparse solver: solve() of the sources on the graph's CSR, built once per n). A configuration that throws (RangeError for int16, OutOfMemoryError, ...) is recorded
/// as skipped ("failed: what") and the sweep goes on. Throws UsageError for a bad spec (plan_sweep) or graph.
SweepReport run_sweep(const SweepSpec& spec, const SweepCallbacks& callbacks = {});

/// @brief Seconds left, from @p elapsed_s spent on @p work_done units out of @p work_total (-1 when unknown).
double estimate_remaining_s(double elapsed_s, double work_done, double work_total);

}  // namespace apsp::bench
