// run_sweep: measures every planned configuration (warm-up, then timed reset + step(ToEnd) runs) on one
// generated graph per n and reports progress, results and failures as it goes.
#include <apsp/bench/sweep.h>
#include <apsp/core/errors.h>
#include <apsp/device/device_info.h>
#include <apsp/graph/csr.h>
#include <apsp/graph/generators.h>
#include <apsp/graph/graph.h>
#include <apsp/graph/sources.h>
#include <apsp/solve/sparse_registry.h>
#include <apsp/solve/sparse_work.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <optional>

namespace apsp::bench {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

double cube(int n) { return static_cast<double>(n) * n * n; }

/// A configuration's work for the ETA's weights only (never reported as a rate): n^3, or S n^2 for a sparse
/// solver's S rows.
double work_of(const SweepConfig& c) {
  return c.sparse() ? static_cast<double>(c.sources) * c.n * static_cast<double>(c.n) : cube(c.n);
}



/// Per-phase medians and every run's figure, the phase 1+2 share of the medians and the median wall share not
/// covered by phase 3, from the profiles of the timed runs (@p runs_samples, in the order of @p runs_ms).
void fill_phase_figures(const std::vector<std::vector<PhaseSample>>& runs_samples, const std::vector<double>& runs_ms,
                        SweepResult& r) {
  std::vector<double> non_p3;
  for (std::size_t run = 0; run < runs_samples.size(); ++run) {
    ProfileLog log;
    for (const PhaseSample& x : runs_samples[run]) log.add(x);
    for (const PhaseTotals& t : log.totals()) {
      auto it = std::find_if(r.phases.begin(), r.phases.end(), [&](const PhaseFigures& p) { return p.phase == t.phase; });
      if (it == r.phases.end()) {
        it = r.phases.insert(std::upper_bound(r.phases.begin(), r.phases.end(), t.phase,
                                              [](Phase a, const PhaseFigures& p) { return a < p.phase; }),
                             PhaseFigures{t.phase, 0, {}, t.bytes, t.updates});
        it->samples_ms.assign(run, 0.0);  // runs before this one did not have the phase
      }
      it->samples_ms.push_back(t.ms);
    }
    for (PhaseFigures& p : r.phases) p.samples_ms.resize(run + 1, 0.0);
    // Phase-3 time of the busiest device: GPUs of a multi-GPU run work side by side, so their times must not
    // be added. What the wall time has beyond it is what phases 1+2 (and communication) really cost.
    std::map<int, double> ms3_by_device;
    for (const PhaseSample& x : runs_samples[run])
      if (x.phase == Phase::Independent) ms3_by_device[x.device] += x.ms;
    double ms3 = 0;
    for (const auto& [device, ms] : ms3_by_device) ms3 = std::max(ms3, ms);
    if (ms3 > 0 && runs_ms[run] > 0) non_p3.push_back(std::max(0.0, 1.0 - ms3 / runs_ms[run]));
  }
  double compute_ms = 0, ms12 = 0;
  for (PhaseFigures& p : r.phases) {
    p.ms = spread_of(p.samples_ms).median_ms;
    if (p.phase == Phase::Pivot || p.phase == Phase::PivotRowCol) ms12 += p.ms;
    if (is_compute(p.phase)) compute_ms += p.ms;
  }
  r.phase12_share = compute_ms > 0 ? ms12 / compute_ms : 0;
  r.non_p3_share = non_p3.empty() ? r.phase12_share : spread_of(non_p3).median_ms;
}

class SweepRun {
 public:
  SweepRun(const SweepSpec& spec, const SweepCallbacks& callbacks, const SweepPlan& plan)
      : m_spec(spec), m_callbacks(callbacks), m_plan(plan), m_start(Clock::now()) {
    const int solves = spec.warmup + spec.repeat;
    for (const SweepConfig& c : plan.runs) m_work_total += solves * work_of(c);
    m_progress.runs_total = solves * static_cast<int>(plan.runs.size());
    m_progress.configs_total = static_cast<int>(plan.runs.size());
  }

  SweepReport run() {
    SweepReport report;
    report.spec = m_spec;
    report.skipped = m_plan.skipped;
    const bool any_gpu = std::any_of(m_plan.runs.begin(), m_plan.runs.end(),
                                     [](const SweepConfig& c) { return runs_on_gpu(c); });
    if (any_gpu) m_devices = cuda_devices(false);
    report.context = collect_run_context(m_spec.threads.front(), any_gpu);
    if (!m_devices.empty()) report.device = m_devices.front().name;
    if (!m_plan.runs.empty()) {
      m_progress.current = m_plan.runs.front();
      notify();
    }
    for (const SweepConfig& config : m_plan.runs) {
      if (cancelled()) {
        report.cancelled = true;
        break;
      }
      m_progress.current = config;
      try {
        std::optional<SweepResult> r = config.sparse() ? measure_sparse(config) : measure(config);
        if (!r) {  // cancelled between its solves
          report.cancelled = true;
          break;
        }
        report.results.push_back(std::move(*r));
        fill_ratios_and_scaling(report.results);
        if (m_callbacks.result) m_callbacks.result(report.results.back());
      } catch (const std::exception& e) {
        report.skipped.push_back({config, std::string("failed: ") + e.what()});
        if (!report.first_failure) report.first_failure = std::current_exception();
        // The solves it did not get to count as done, so the bar and the ETA stay right.
        m_progress.runs_done = std::max(m_progress.runs_done, m_runs_before_config + m_spec.warmup + m_spec.repeat);
        m_work_done = std::max(m_work_done, m_work_before_config + (m_spec.warmup + m_spec.repeat) * work_of(config));
      }
      ++m_progress.configs_done;
      m_runs_before_config = m_progress.runs_done;
      m_work_before_config = m_work_done;
    }
    fill_ratios_and_scaling(report.results);
    mark_best(report.results);
    return report;
  }

 private:
  bool cancelled() const { return m_callbacks.cancel && m_callbacks.cancel->load(); }

  void notify() {
    m_progress.elapsed_s = seconds_since(m_start);
    m_progress.eta_s = estimate_remaining_s(m_progress.elapsed_s, m_work_done, m_work_total);
    if (m_callbacks.progress) m_callbacks.progress(m_progress);
  }

  /// The sweep's warm-up, repeats and min time for @p c, counting every solve for the progress bar and the ETA.
  /// A configuration's runs beyond the planned ones (a min time) add to the total as they happen, so the bar
  /// never passes its end.
  MeasureOptions measure_options(const SweepConfig& c) {
    MeasureOptions how{m_spec.warmup, m_spec.repeat, {}, m_spec.min_time_s};
    how.after_run = [this, c] {
      ++m_progress.runs_done;
      m_work_done += work_of(c);
      if (m_progress.runs_done - m_runs_before_config > m_spec.warmup + m_spec.repeat) {
        ++m_progress.runs_total;
        m_work_total += work_of(c);
      }
      notify();
      return !cancelled();
    };
    return how;
  }

  /// One initial matrix per (block, dtype) of the current n, padded the way that solver wants, so reset()
  /// copies it in one go instead of re-padding element by element on every repeat.
  const Graph& graph_for(int n) {
    if (!m_graph || m_graph_n != n) {
      GeneratorSpec spec = GeneratorSpec::parse(m_spec.graph);
      spec.params["n"] = std::to_string(n);
      m_graph = std::make_unique<Graph>(generate(spec));
      m_graph_n = n;
      m_initial.clear();
      m_csr.reset();
    }
    return *m_graph;
  }

  const DistanceMatrix& initial_for(const SweepConfig& c) {
    graph_for(c.n);
    const auto key = std::make_pair(c.block, c.dtype);
    auto it = m_initial.find(key);
    if (it == m_initial.end()) it = m_initial.emplace(key, to_distance_matrix(*m_graph, c.block, c.dtype)).first;
    return it->second;
  }

  std::optional<SweepResult> measure(const SweepConfig& c) {
    SolverOptions opts;
    opts.block = c.block;
    opts.dtype = c.dtype;
    opts.threads = c.threads;
    opts.gpus = c.gpus;
    opts.cells_per_thread = m_spec.cells_per_thread;
    opts.phase2 = m_spec.phase2;
    const DistanceMatrix& initial = initial_for(c);
    std::unique_ptr<Solver> solver = create_solver(c.backend, opts);
    if (cancelled()) return std::nullopt;
    // The one timing loop, shared with the studio's measure mode (apsp/solve/measure.h).
    MeasureOptions how = measure_options(c);
    // Sampled after each run, never before the first: an idle GPU sits at a few hundred MHz.
    GpuClockMonitor gpu_clocks(backend_info(c.backend).gpu ? c.gpus : 0);
    how.after_run = [&gpu_clocks, progress = how.after_run] {
      gpu_clocks.sample();  // while the GPU still runs at the clocks this run had
      return progress();
    };
    const MeasureResult measured = measure_solve(*solver, initial, how);
    if (measured.stopped || measured.runs_ms.empty()) return std::nullopt;
    const std::vector<double>& times = measured.runs_ms;
    // A result that left the dtype's range is an error, not a figure (outside the timing: it may copy back).
    solver->check_final_range();
    solver->collect_timings(true);
    SweepResult r;
    r.config = c;
    r.time = time_stats(times);
    r.updates_per_s = cube(c.n) / (r.time.median_ms * 1e-3);
    if (backend_info(c.backend).gpu && !m_devices.empty()) {
      const DeviceInfo& d = m_devices.front();
      const double peak = (c.dtype == DType::I16 ? d.minplus_peak_i16 : d.minplus_peak_i32) * c.gpus;
      if (peak > 0) r.peak_pct = 100.0 * r.updates_per_s / peak;
    }
    fill_phase_figures(measured.runs_samples, times, r);
    r.last_samples = solver->profile().samples();
    r.gpu_clocks = gpu_clocks.ranges();
    return r;
  }

  /// A sparse solver's configuration: warm-up then timed solve() of the sources on the CSR of the graph (built
  /// once per n), through the same timing loop as the dense variants.
  std::optional<SweepResult> measure_sparse(const SweepConfig& c) {
    const Graph& graph = graph_for(c.n);
    if (!m_csr) m_csr = std::make_unique<CsrGraph>(to_csr(graph));
    const std::vector<std::int32_t> sources = SourceSpec::parse(m_spec.sources).resolve(c.n);
    SparseSolverOptions opts;
    opts.threads = c.threads;
    if (c.threads_per_block > 0) opts.threads_per_block = c.threads_per_block;
    if (c.concurrent > 0) opts.concurrent = c.concurrent;
    if (c.chunk > 0) {
      opts.batch = c.batch;
      opts.chunk = c.chunk;
    }
    opts.should_stop = [this] { return cancelled(); };
    std::unique_ptr<SparseSolver> solver = create_sparse_solver(c.backend, opts);
    if (cancelled()) return std::nullopt;
    const MeasureOptions how = measure_options(c);
    // One result reused by every run (solve_into): freeing the last 1 GiB and faulting in a fresh one are not
    // the solver's work, as the dense variants' timings hold neither an upload nor a download.
    SourceDistances rows;
    MeasureResult measured;
    std::vector<double> rows_ms;  // each timed run's rows time (Johnson's Bellman–Ford excluded)
    try {
      measured = measure_runs({}, [&] { solver->solve_into(*m_csr, sources, rows); }, how,
                              [&] { rows_ms.push_back(solver->stats().rows_ms); });
    } catch (const std::exception&) {
      if (cancelled()) return std::nullopt;  // should_stop ended the solve: a cancel, not a failure
      throw;
    }
    if (measured.stopped || measured.runs_ms.empty()) return std::nullopt;
    SweepResult r;
    r.config = c;
    r.time = time_stats(measured.runs_ms);
    // Its own rates: a sparse solver does no min-plus updates, so no updates/s and no % of the dense peak.
    r.edges = edges_relaxed(*m_csr, rows);
    r.edges_per_s = static_cast<double>(r.edges) / (r.time.median_ms * 1e-3);
    r.sources_per_s = static_cast<double>(sources.size()) / (r.time.median_ms * 1e-3);
    // The rows time of every run, and the last run's batches, as the run history keeps them.
    const SparseSolveStats& stats = solver->stats();
    r.phases.push_back({Phase::Full, spread_of(rows_ms).median_ms, rows_ms, 0, 0});
    double start_ms = 0;
    for (const SparseBatchSample& b : stats.batches) {
      PhaseSample x;
      x.phase = Phase::Full;
      x.round = static_cast<int>(r.last_samples.size());
      x.ms = b.ms;
      x.start_us = 1e3 * start_ms;
      start_ms += b.ms;
      r.last_samples.push_back(x);
    }
    return r;
  }

  const SweepSpec& m_spec;
  const SweepCallbacks& m_callbacks;
  const SweepPlan& m_plan;
  Clock::time_point m_start;
  std::vector<DeviceInfo> m_devices;
  SweepProgress m_progress;
  double m_work_total = 0;
  double m_work_done = 0;
  int m_runs_before_config = 0;
  double m_work_before_config = 0;
  std::unique_ptr<Graph> m_graph;
  int m_graph_n = 0;
  std::map<std::pair<int, DType>, DistanceMatrix> m_initial;
  std::unique_ptr<CsrGraph> m_csr;  ///< the current graph's CSR, for sparse solvers
};

}  // namespace

bool runs_on_gpu(const SweepConfig& c) {
  if (!c.sparse()) return backend_info(c.backend).gpu;
  for (const SparseBackendInfo& info : list_sparse_backends())
    if (info.name == c.backend) return info.gpu;
  return false;
}

SweepReport run_sweep(const SweepSpec& spec, const SweepCallbacks& callbacks) {
  const SweepPlan plan = plan_sweep(spec, list_backends(), cuda_device_count(), list_sparse_backends());
  GeneratorSpec::parse(spec.graph);  // a bad graph spec fails before any work
  return SweepRun(spec, callbacks, plan).run();
}

}  // namespace apsp::bench
