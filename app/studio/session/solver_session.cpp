#include "session/solver_session.h"

#include <apsp/core/errors.h>
#include <apsp/core/memory.h>
#include <apsp/io/distance_io.h>
#include <apsp/io/graph_io.h>
#include <apsp/io/graph_source.h>
#include <apsp/solve/block_size.h>
#include <apsp/solve/registry.h>
#include <apsp/core/solve_estimate.h>
#include <apsp/solve/solve_progress.h>
#include <apsp/io/sparse_graph_source.h>
#include <apsp/solve/sparse_registry.h>
#include <apsp/view/source_rows_view.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

#include "graph_view/graph_layout.h"
#include "session/classroom_worker.h"


namespace apsp::studio {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

// A long job republishes at most this often, so the heatmap animates without re-encoding after every tiny step.
constexpr double kPublishIntervalMs = 40;

std::string describe_cursor_short(const Cursor& c) {
  return c.finished ? std::string("finished") : "at round " + std::to_string(c.round) + " (0-based)";
}

bool is_last_round(const Solver& s) { return s.cursor().round + 1 >= s.rounds(); }

// GPU work the worker may queue ahead of the device: about half a frame, so that a pause, a reset or the
// heatmap's update never waits behind seconds of rounds (CUDA steps only enqueue, they do not wait).
constexpr double kQueueBudgetMs = 8;
// A run to the end (issue 15): nothing waits on the solver but a cancel, which two frames of queue still answer
// at once; the deeper queue keeps the device fed across the host's polling and the frame loop's CUDA calls.
constexpr double kRunQueueBudgetMs = 33;
constexpr int kMinRoundsInFlight = 2;
constexpr int kMaxRoundsInFlight = 64;

// Takes out of the first interactive run the one-time costs `apsp bench` leaves to its warm-up run: loading
// each kernel on its first launch (CUDA's lazy loading), the first cudaFuncSetAttribute, the clocks' ramp from
// idle and, with several GPUs, NCCL's lazy connection set-up on the first broadcast. One GPU: a tiny solve on a
// solver of its own (same backend, block, dtype), with a view tracked so that the live-minima kernels load too.
// Several GPUs: the communicator is the solver's own, so @p solver itself runs its first round, then is reset to
// @p initial (one more upload). After @p solver was built, so that an allocation failure still fails the load
// as before; a warm-up failure only means a colder first run: logged, never thrown.
void warm_up_gpu(Solver& solver, const DistanceMatrix& initial, Log& log) {
  const SolverOptions& options = solver.options();
  if (options.gpus > 1) {
    try {
      solver.step(Granularity::Round);
      solver.synchronize();
    } catch (const std::exception& e) {
      log.warning(std::string("GPU warm-up skipped: ") + e.what());
    }
    solver.reset(initial);  // back to the start whatever happened (a failure here fails the load)
    return;
  }
  try {
    const int n = std::max(2 * options.block, 256);
    const DistanceMatrix tiny(n, options.block, options.dtype);
    std::unique_ptr<Solver> scratch = create_solver(std::string(solver.name()), options);
    scratch->reset(tiny);
    const ViewGeometry g{n, n / 8, n / 8};  // 8 x 8 cells: the live-minima kernels run too
    (void)scratch->track_view(&g);
    (void)scratch->storage_for_reads_async();
    scratch->step(Granularity::ToEnd);
    scratch->synchronize();
  } catch (const std::exception& e) {
    log.warning(std::string("GPU warm-up skipped: ") + e.what());
  }
}

// What the samples of rounds >= 0 say about a run from round 0 (reset or restore dropped earlier rounds').
RunToEndTimes run_times(const Solver& solver) {
  RunToEndTimes t;
  t.rounds = solver.rounds();
  double first_us = -1, last_us = -1;
  for (const PhaseSample& s : solver.profile().samples()) {
    if (s.round < 0) continue;
    switch (s.phase) {
      case Phase::Pivot: t.pivot_ms += s.ms; break;
      case Phase::PivotRowCol: t.rowcol_ms += s.ms; break;
      case Phase::Independent: t.independent_ms += s.ms; break;
      case Phase::Full: t.full_ms += s.ms; break;
      default: continue;  // transfers and broadcasts are not compute phases
    }
    if (s.start_us < 0) continue;
    first_us = first_us < 0 ? s.start_us : std::min(first_us, s.start_us);
    last_us = std::max(last_us, s.start_us + 1000.0 * s.ms);
  }
  if (first_us >= 0) t.span_ms = (last_us - first_us) / 1000.0;
  return t;
}

// The solver's options for @p config; a backend that runs on one device gets gpus = 1 whatever was asked.
SolverOptions options_for(SolverConfig& config, const BackendInfo& info, int cpu_threads) {
  if (!info.multi_gpu || config.gpus < 1) config.gpus = 1;
  SolverOptions o{config.block, config.dtype, config.threads > 0 ? config.threads : cpu_threads};
  o.gpus = config.gpus;
  return o;
}

std::string describe_config(const SolverConfig& c) {
  std::string text = c.backend + ", block " + std::to_string(c.block) + ", " + std::string(to_string(c.dtype));
  if (c.gpus > 1) text += ", " + std::to_string(c.gpus) + " GPUs";
  if (c.threads > 0) text += ", " + std::to_string(c.threads) + " CPU threads";
  return text;
}

SparseSolverOptions sparse_options_for(const SolverConfig& c, int cpu_threads) {
  SparseSolverOptions o;
  o.threads = c.threads > 0 ? c.threads : cpu_threads;
  return o;
}

constexpr const char* kNoTimeTravelForSparse =
    "time travel steps back through Floyd-Warshall; a sparse solve has no history (Reset starts it over)";

std::string describe_sparse(const SolverConfig& c, const SparseRun& run) {
  std::string text = c.backend + " (sparse), sources " + run.spec().to_string() + " (" + std::to_string(run.rows()) +
                     (run.rows() == 1 ? " row)" : " rows)");
  if (c.threads > 0) text += ", " + std::to_string(c.threads) + " CPU threads";
  return text;
}

}  // namespace

struct SolverSession::Worker {
  std::shared_ptr<const Graph> graph;  // shared read-only with the snapshot (the graph view draws its edges)
  GraphSummary summary;
  SolverConfig config;
  std::unique_ptr<Solver> solver;
  std::unique_ptr<SparseRun> sparse;  // a sparse solver instead of `solver` (issue 13); never both
  std::uint64_t view_serial = 0;
  double last_step_ms = 0;
  // "Improved" marks what the most recent step changed, not everything since the last published frame (a
  // scripted --advance 9 would otherwise mark nine rounds). The state before that step is either the last
  // published frame (when nothing ran since: the usual case, no extra work) or a capture taken just before it.
  std::shared_ptr<const ViewFrame> last_frame;
  bool last_frame_current = false;  // the matrix has not changed since last_frame was published
  enum class Before { None, LastFrame, Captured } before = Before::None;
  std::vector<std::int32_t> before_step;
  std::optional<ValueRange> fixed_range;
  std::shared_ptr<DeviceViewChannel> device_view;  // device path when the solver's matrix is on a CUDA device
  int cuda_device = -1;
  bool gpu_solver = false;  // steps return once issued: the worker throttles and polls CUDA events
  bool view_updates = true;
  // Rounds whose last phase completed on every GPU, from the profile (events polled, never waited on).
  SolveProgress progress;
  std::string stopped;  // why the solve stopped (SessionSnapshot::stopped)
  double last_run_to_end_ms = 0;
  RunToEndTimes last_run;
  double queue_budget_ms = kQueueBudgetMs;  // GPU work throttle() keeps queued ahead
  std::optional<MeasureRecord> measure;
  ClassroomWorker classroom;  // time travel, the selected cell, its inspection (issue 10)
  Inspection inspection;      // the last one computed, published with every snapshot

  /// @brief The solver and graph just changed: a new TimeTravel around them.
  void attach_classroom() {
    classroom.attach(*solver, *graph, [this] { return to_distance_matrix(*graph, config.block, config.dtype); });
  }

  bool device_mode() const { return device_view && cuda_device >= 0; }

  /// @brief A new matrix (load, configure, reset): nothing is "improved" relative to the old one.
  void replace_matrix() {
    last_frame_current = false;
    before = Before::None;
    cuda_device = solver ? DeviceViewEncoder::device_for(*solver) : -1;
    gpu_solver = solver && backend_info(solver->name()).gpu;
    progress = solver ? SolveProgress(*solver) : SolveProgress();
    stopped.clear();
  }
  const std::int32_t* previous_tiles(std::size_t count) const {
    if (before == Before::LastFrame && last_frame && last_frame->tiles.size() == count) return last_frame->tiles.data();
    if (before == Before::Captured && before_step.size() == count) return before_step.data();
    return nullptr;
  }
};

SolverSession::SolverSession(Log& log, int view_budget, int cpu_threads)
    : m_log(log), m_view_budget(view_budget), m_cpu_threads(cpu_threads), m_worker(std::make_unique<Worker>()) {
  m_thread = std::thread([this] { worker_main(); });
}

SolverSession::~SolverSession() {
  {
    std::lock_guard lock(m_mutex);
    m_stop = true;
    m_jobs.clear();
  }
  m_cancel = true;
  m_wake.notify_all();
  m_thread.join();
}

void SolverSession::post(std::string what, std::function<void(Worker&)> job) {
  {
    std::lock_guard lock(m_mutex);
    m_jobs.emplace_back(std::move(what), std::move(job));
    m_snapshot.busy = true;
  }
  m_wake.notify_one();
}

void SolverSession::worker_main() {
  for (;;) {
    std::pair<std::string, std::function<void(Worker&)>> job;
    {
      std::unique_lock lock(m_mutex);
      m_wake.wait(lock, [&] { return m_stop || !m_jobs.empty(); });
      if (m_stop) return;
      job = std::move(m_jobs.front());
      m_jobs.pop_front();
      m_running_job = true;
      m_snapshot.busy = true;
      m_snapshot.activity = job.first;
    }
    try {
      job.second(*m_worker);
    } catch (const std::exception& e) {
      fail(job.first, e);
    }
    {
      std::lock_guard lock(m_mutex);
      m_running_job = false;
      m_snapshot.busy = !m_jobs.empty();
      m_snapshot.activity.clear();
      ++m_snapshot.version;
    }
    m_idle.notify_all();
    wake_frame_loop();
  }
}

void SolverSession::wake_frame_loop() {
  std::lock_guard lock(m_wake_mutex);
  if (m_wake_callback) m_wake_callback();
}

void SolverSession::set_wake_callback(std::function<void()> wake) {
  std::lock_guard lock(m_wake_mutex);
  m_wake_callback = std::move(wake);
}

void SolverSession::fail(const std::string& context, const std::exception& e) {
  std::string message = e.what();
  m_log.error(context + ": " + message);
  std::lock_guard lock(m_mutex);
  m_failure = JobFailure{message, exit_code(e)};
}

void SolverSession::step_once(Worker& w, Granularity g, bool will_publish) {
  if (!will_publish) {
    w.before = Worker::Before::None;
  } else if (w.last_frame_current && w.last_frame) {
    w.before = Worker::Before::LastFrame;
  } else if (w.device_mode()) {
    // The state before the step, kept on the GPU for the improved bit.
    auto lease = w.device_view->lease_for_worker();
    lease.set_live_minima(w.view_updates);
    lease.capture_previous_async(*w.solver, make_view_geometry(w.solver->n(), m_view_budget));
    w.before = Worker::Before::Captured;
  } else {
    ViewGeometry geometry = make_view_geometry(w.solver->n(), m_view_budget);
    w.before_step.resize(geometry.texels());
    w.solver->view_tiles(geometry, w.before_step.data());
    w.before = Worker::Before::Captured;
  }
  w.last_frame_current = false;
  try {
    w.classroom.travel()->step(g);
    // The check read() makes before any export, made as soon as the solve ends: a distance that left the dtype's
    // range stops the solve here (as `apsp solve` does) instead of being shown as a finished result.
    w.solver->check_final_range();
  } catch (const NegativeCycleError& e) {
    w.classroom.set_negative_cycle(e.cycle());
    stop(w, e.what());
    throw;
  } catch (const RangeError& e) {
    stop(w, std::string("RangeError: ") + e.what());
    throw;
  }
  throttle(w);
}

void SolverSession::stop(Worker& w, std::string why) {
  w.stopped = std::move(why);
  publish(w, false);  // the status line says why; the failing job's error goes to the log
}

void SolverSession::throttle(Worker& w) {
  if (!w.gpu_solver) return;  // CPU steps have finished when step() returns
  for (;;) {
    // Several GPUs report one at a time: a round is done once the slowest of them finished it.
    const int rounds_done = w.progress.update(*w.solver);
    const Cursor c = w.solver->cursor();
    const int issued = c.finished ? w.solver->rounds() : c.round;
    const double round_ms = w.progress.round_ms();
    const int limit = round_ms > 0 ? std::clamp(static_cast<int>(w.queue_budget_ms / round_ms), kMinRoundsInFlight,
                                                kMaxRoundsInFlight)
                                   : kMinRoundsInFlight;
    if (issued - rounds_done <= limit || m_cancel || c.finished) return;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
}

std::shared_ptr<ViewFrame> SolverSession::new_view_frame(Worker& w) const {
  auto frame = std::make_shared<ViewFrame>();
  frame->serial = ++w.view_serial;
  frame->geometry = make_view_geometry(w.solver->n(), m_view_budget);
  frame->inf = inf_of(w.config.dtype);
  frame->fixed_range = w.fixed_range.has_value();
  frame->cursor = w.solver->cursor();
  return frame;
}

std::shared_ptr<const ViewFrame> SolverSession::view_from_host(Worker& w) const {
  auto t0 = Clock::now();
  std::shared_ptr<ViewFrame> frame = new_view_frame(w);
  frame->tiles.resize(frame->geometry.texels());
  w.solver->view_tiles(frame->geometry, frame->tiles.data());
  frame->range = w.fixed_range ? *w.fixed_range : finite_range(frame->tiles.data(), frame->tiles.size(), frame->inf);
  // "Improved" compares with the state before the last step, within the same matrix only.
  const std::int32_t* previous = w.previous_tiles(frame->tiles.size());
  frame->codes.resize(frame->tiles.size());
  encode_view(frame->tiles.data(), previous, frame->tiles.size(), frame->range, frame->inf, frame->codes.data());
  if (previous) {
    for (std::uint16_t c : frame->codes) frame->improved += (c & kViewImprovedBit) ? 1 : 0;
  }
  frame->host_encode_ms = ms_since(t0);
  return frame;
}

std::shared_ptr<const ViewFrame> SolverSession::view_from_device(Worker& w) const {
  std::shared_ptr<ViewFrame> frame = new_view_frame(w);
  frame->on_device = true;
  auto lease = w.device_view->lease_for_worker();
  // With view updates on, the solver's kernels keep the view's minima (a view then copies rows x cols values);
  // off (solve-time comparisons), the final view reduces the matrix once and the kernels do no view work.
  lease.set_live_minima(w.view_updates);
  lease.reduce_async(*w.solver, frame->geometry, w.fixed_range, w.before != Worker::Before::None, frame->serial);
  return frame;
}

void SolverSession::publish(Worker& w, bool with_view) {
  std::shared_ptr<const ViewFrame> view;
  if (with_view && w.sparse && w.sparse->rows() > 0 && w.sparse->result().n > 0) {
    view = view_from_sparse(w);
    w.last_frame = view;
    w.last_frame_current = true;
  } else if (with_view && w.solver && w.solver->n() > 0) {
    view = w.device_mode() ? view_from_device(w) : view_from_host(w);
    w.last_frame = view;
    w.last_frame_current = true;
    w.before = Worker::Before::None;
  }
  std::unique_lock lock(m_mutex);
  SessionSnapshot& s = m_snapshot;
  ++s.version;
  s.has_graph = w.graph != nullptr;
  s.graph = w.summary;
  s.loaded_graph = w.graph;
  s.has_solver = w.solver != nullptr || w.sparse != nullptr;
  s.config = w.config;
  if (w.solver) {
    s.cursor = w.solver->cursor();
    s.n = w.solver->n();
    s.rounds = w.solver->rounds();
    s.samples = w.solver->profile().samples();
  } else if (w.sparse) {
    s.cursor = Cursor{};
    s.cursor.finished = w.sparse->finished();
    s.n = w.graph ? w.graph->n : 0;
    s.rounds = 0;
    s.samples.clear();
  } else {
    s.cursor = Cursor{};
    s.n = 0;
    s.rounds = 0;
    s.samples.clear();
  }
  if (view) s.view = view;
  if (!w.solver && !w.sparse) s.view.reset();
  s.sparse.reset();
  if (w.sparse) s.sparse = w.sparse->snapshot(w.graph && w.graph->n <= kGraphViewMaxVertices);
  s.last_step_ms = w.last_step_ms;
  s.cuda_device = w.cuda_device;
  s.gpu_solver = w.gpu_solver;
  s.view_updates = w.view_updates;
  s.stopped = w.stopped;
  s.last_run_to_end_ms = w.last_run_to_end_ms;
  s.last_run = w.last_run;
  s.measure = w.measure;
  s.inspection = w.inspection;
  lock.unlock();
  wake_frame_loop();
}

void SolverSession::load_async(GraphSource source, SolverConfig config, bool block_from_graph) {
  post("load " + source.label(), [this, source, config, block_from_graph](Worker& w) {
    if (is_sparse_backend(config.backend)) {
      load_sparse(w, source, config);
      return;
    }
    // The whole solve is counted for memory before any matrix exists (a tiny file may declare a huge n), and
    // cancel() or closing the window stops a pipe still being read, or a load between its stages.
    GraphLoadOptions load;
    load.block = config.block;
    load.dtype = config.dtype;
    load.backend = config.backend;
    load.threads = threads_for(config);
    load.gpus = config.gpus;
    load.cancel = &m_cancel;
    LoadedGraph loaded = load_graph(source, load);
    Graph& graph = loaded.graph;
    const double load_s = loaded.seconds;
    SolverConfig effective = config;
    BackendInfo info = backend_info(effective.backend);
    // A classroom graph opens with the block it suggests unless one was asked for (the rule: block_size.h).
    if (block_from_graph)
      effective.block = opening_block_size(info, effective.block, graph.n, loaded.suggested_block);
    effective.block = effective_block_size(info, effective.block, graph.n);
    DistanceMatrix initial = to_distance_matrix(graph, effective.block, effective.dtype);
    if (m_cancel) throw Error("load " + source.label() + ": cancelled");
    const SolverOptions options = options_for(effective, info, m_cpu_threads);
    std::unique_ptr<Solver> solver = create_solver(effective.backend, options);
    solver->reset(initial);
    if (info.gpu) warm_up_gpu(*solver, initial, m_log);
    // Only now, with everything built, replace the old state: a failure above leaves it untouched.
    auto weights = graph.weight_range();
    w.summary = GraphSummary{source,         graph.n,
                             graph.m(),      weights.first,
                             weights.second, DistanceMatrix::required_bytes(graph.n, effective.block, effective.dtype),
                             load_s};
    w.summary.suggested_block = loaded.suggested_block;
    w.graph = std::make_shared<const Graph>(std::move(graph));
    w.config = effective;
    w.sparse.reset();
    w.solver = std::move(solver);
    w.replace_matrix();
    w.measure.reset();
    w.last_run_to_end_ms = 0;
    w.last_run = RunToEndTimes{};
    w.attach_classroom();
    inspect(w);
    m_log.info("loaded " + source.label() + ": n = " + std::to_string(w.summary.n) +
               ", m = " + std::to_string(w.summary.m) + " (" + std::to_string(static_cast<int>(load_s * 1000)) +
               " ms); " + describe_config(effective));
    // As `apsp solve` announces it: an O(n^3) solve of minutes or hours is said before the user starts it.
    if (loaded.estimate.seconds >= 5) m_log.warning("a whole solve: " + loaded.estimate.describe(effective.backend));
    publish(w, true);
  });
}

void SolverSession::configure_async(SolverConfig config) {
  post("configure " + config.backend, [this, config](Worker& w) {
    if (!w.graph) throw UsageError("load a graph first");
    if (is_sparse_backend(config.backend)) {
      configure_sparse(w, config);
      return;
    }
    SolverConfig effective = config;
    BackendInfo info = backend_info(effective.backend);
    effective.block = effective_block_size(info, effective.block, w.graph->n);
    // As a load does: the new solve is counted whole (the old one stays until it is built) before allocating.
    const SolveShape shape{effective.backend, effective.block, effective.dtype, threads_for(effective), effective.gpus,
                           false};
    const bool negative = w.graph->m() > 0 && w.graph->weight_range().first < 0;
    const std::string n = std::to_string(w.graph->n);
    require_memory(effective.backend + " on the " + n + " x " + n + " " + std::string(to_string(effective.dtype)) +
                       " matrix (input, working copies, result)",
                   estimate_solve(shape, w.graph->n, negative).host_bytes, host_available_bytes());
    DistanceMatrix initial = to_distance_matrix(*w.graph, effective.block, effective.dtype);
    const SolverOptions options = options_for(effective, info, m_cpu_threads);
    std::unique_ptr<Solver> solver = create_solver(effective.backend, options);
    solver->reset(initial);
    if (info.gpu) warm_up_gpu(*solver, initial, m_log);
    w.sparse.reset();
    w.solver = std::move(solver);
    w.config = effective;
    w.summary.matrix_bytes = DistanceMatrix::required_bytes(w.graph->n, effective.block, effective.dtype);
    w.replace_matrix();
    w.attach_classroom();
    inspect(w);
    m_log.info("solver " + describe_config(effective) + " ready");
    publish(w, true);
  });
}

void SolverSession::step_async(Granularity g, int count) {
  post("step", [this, g, count](Worker& w) {
    if (w.sparse) {
      sparse_step(w, g, count);
      return;
    }
    if (!w.solver) throw UsageError("no solver: load a graph first");
    auto t0 = Clock::now();
    auto last_publish = t0;
    for (int i = 0; i < count && !w.solver->finished() && !m_cancel; ++i) {
      bool last = i + 1 == count || is_last_round(*w.solver);
      step_once(w, g, last || view_due(w, last_publish, 0.5));
      if (i + 1 < count && (view_due(w, last_publish, 1.0) || ms_since(last_publish) > kPublishIntervalMs)) {
        publish(w, view_due(w, last_publish, 1.0));
        last_publish = Clock::now();
      }
    }
    w.last_step_ms = ms_since(t0);
    inspect(w);
    publish(w, true);
  });
}

void SolverSession::run_to_end_async() {
  post("run to end", [this](Worker& w) {
    if (w.sparse) {
      sparse_run_to_end(w);
      return;
    }
    if (!w.solver) throw UsageError("no solver: load a graph first");
    // Only a run from the very start is a whole solve's time (the interactive figure beside measure's).
    const Cursor start = w.solver->cursor();
    const bool started_at_round_0 = start.round == 0 && start.k == 0 && !start.finished &&
                                    (start.phase == Phase::Pivot || start.phase == Phase::Full);
    auto t0 = Clock::now();
    auto last_publish = t0;
    w.queue_budget_ms = kRunQueueBudgetMs;
    struct RestoreBudget {
      Worker& w;
      ~RestoreBudget() { w.queue_budget_ms = kQueueBudgetMs; }
    } restore_budget{w};
    // Round by round (not Granularity::ToEnd) so the view animates and cancel() takes effect between rounds.
    while (!w.solver->finished() && !m_cancel) {
      step_once(w, Granularity::Round, is_last_round(*w.solver) || view_due(w, last_publish, 0.5));
      if (view_due(w, last_publish, 1.0) || ms_since(last_publish) > kPublishIntervalMs) {
        publish(w, view_due(w, last_publish, 1.0));
        last_publish = Clock::now();
      }
    }
    w.last_step_ms = ms_since(t0);
    if (w.solver->finished() && started_at_round_0) {
      w.last_run_to_end_ms = w.last_step_ms;
      w.solver->collect_timings(false);  // the last step waited for the device: every event has completed
      w.last_run = run_times(*w.solver);
    }
    inspect(w);
    publish(w, true);
  });
}

void SolverSession::measure_async(MeasureOptions options) {
  post("measure", [this, options](Worker& w) {
    if (w.sparse)
      throw UsageError("measure: sparse solvers are timed by apsp bench --backend " + w.config.backend +
                       " --sources " + w.sparse->spec().to_string());
    if (!w.solver || !w.graph) throw UsageError("no solver: load a graph first");
    // What `apsp bench` runs for this configuration: the matrix padded for the solver, then measure_solve(), on
    // a solver of its own, so the lesson's solver (its step, its time-travel history, its view) stays as it was.
    const DistanceMatrix initial = to_distance_matrix(*w.graph, w.config.block, w.config.dtype);
    const std::unique_ptr<Solver> timed = create_solver(w.solver->name(), w.solver->options());
    MeasureRecord record;
    record.config = w.config;
    record.n = w.graph->n;
    record.threads = w.solver->options().threads;
    record.options = options;
    try {
      record.result = measure_solve(*timed, initial, options);
      timed->check_final_range();
    } catch (const NegativeCycleError& e) {
      stop(w, e.what());
      throw;
    } catch (const RangeError& e) {
      stop(w, std::string("RangeError: ") + e.what());
      throw;
    }
    const TimeSpread& t = record.result.spread;
    char line[256];
    std::snprintf(line, sizeof line,
                  "measure (as apsp bench, %d warm-up + %d runs): median %.3f ms, min %.3f, max %.3f, spread %.1f%%%s",
                  options.warmup, options.repeat, t.median_ms, t.min_ms, t.max_ms, t.spread_pct,
                  t.noisy() ? " (noisy: more than 5 %)" : "");
    m_log.info(line);
    w.measure = record;
    publish(w, true);
  });
}

void SolverSession::reset_async() {
  cancel();
  post("reset", [this](Worker& w) {
    if (!w.graph) return;
    if (w.sparse) {
      w.sparse->reset();
      w.stopped.clear();
      w.last_step_ms = 0;
      publish(w, true);
      return;
    }
    DistanceMatrix initial = to_distance_matrix(*w.graph, w.config.block, w.config.dtype);
    w.solver->reset(initial);
    w.replace_matrix();
    w.classroom.restarted();
    inspect(w);
    publish(w, true);
  });
}

void SolverSession::inspect(Worker& w) {
  if (!w.solver) {
    w.inspection = Inspection{};
    return;
  }
  try {
    w.inspection = w.classroom.inspect(m_log);
  } catch (const std::exception& e) {
    // A replay for the inspector that fails (it reached a negative cycle again) must not fail the job.
    m_log.warning(std::string("inspector: ") + e.what());
  }
}

void SolverSession::back_async(teach::TravelUnit unit, int count) {
  post("back", [this, unit, count](Worker& w) {
    if (w.sparse) throw UsageError(kNoTimeTravelForSparse);
    if (!w.solver) throw UsageError("no solver: load a graph first");
    w.before = Worker::Before::None;  // going back: nothing is "improved"
    w.last_frame_current = false;
    w.stopped.clear();
    w.classroom.set_negative_cycle({});
    w.classroom.travel()->back(count, unit);
    w.progress = SolveProgress(*w.solver);
    inspect(w);
    publish(w, true);
  });
}

void SolverSession::seek_async(std::size_t index) {
  post("seek", [this, index](Worker& w) {
    if (w.sparse) throw UsageError(kNoTimeTravelForSparse);
    if (!w.solver) throw UsageError("no solver: load a graph first");
    w.before = Worker::Before::None;
    w.last_frame_current = false;
    w.stopped.clear();
    w.classroom.set_negative_cycle({});
    try {
      w.classroom.travel()->seek(index);
    } catch (const NegativeCycleError& e) {
      w.classroom.set_negative_cycle(e.cycle());
      w.stopped = e.what();
      throw;
    }
    w.progress = SolveProgress(*w.solver);
    inspect(w);
    publish(w, true);
  });
}

void SolverSession::select_async(int i, int j) {
  post("select", [this, i, j](Worker& w) {
    w.classroom.select(i, j);
    inspect(w);
    publish(w, false);
  });
}

void SolverSession::cancel() {
  {
    std::lock_guard lock(m_mutex);
    m_jobs.clear();
  }
  m_cancel = true;
  // The flag must be cleared only after the running job saw it: a job queued behind it does that.
  post("resume", [this](Worker&) { m_cancel = false; });
}

void SolverSession::save_graph_async(std::string path) {
  post("save " + path, [this, path](Worker& w) {
    if (!w.graph) throw UsageError("no graph to save");
    write_graph(path, *w.graph);
    m_log.info("saved graph to " + path);
  });
}

void SolverSession::save_distances_async(std::string path) {
  post("save " + path, [this, path](Worker& w) {
    if (w.sparse) {
      // The rows computed so far, S x n (the course binary only for every source in order, as apsp solve).
      const SourceDistances rows = w.sparse->finished_rows();
      if (rows.rows() == 0) throw Error(path + ": no rows computed yet (step or run to the end first)");
      write_distances(path, rows);
      m_log.info("distances written to " + path + " (" + std::to_string(rows.rows()) + " x " +
                 std::to_string(rows.n) + ", " + std::to_string(rows.rows()) + " of " +
                 std::to_string(w.sparse->rows()) + " sources)");
      return;
    }
    if (!w.solver) throw UsageError("no solver: load a graph first");
    DistanceMatrix m;
    w.solver->read(m);
    write_distances(path, m);
    m_log.info("distances written to " + path + " (n = " + std::to_string(m.n()) + ", " +
               describe_cursor_short(w.solver->cursor()) + ")");
  });
}

void SolverSession::set_fixed_range_async(std::optional<ValueRange> range) {
  post("colour range", [this, range](Worker& w) {
    w.fixed_range = range;
    if (!w.solver && !w.sparse) return;
    w.before = Worker::Before::None;  // no step happened: nothing to mark as improved
    publish(w, true);
  });
}

void SolverSession::load_sparse(Worker& w, const GraphSource& source, const SolverConfig& config) {
  const SourceSpec spec = SourceSpec::parse(config.sources);
  const SparseSolverOptions options = sparse_options_for(config, m_cpu_threads);
  // Created first: a GPU solver without a device says so before anything is read.
  const std::unique_ptr<SparseSolver> probe = create_sparse_solver(config.backend, options);
  SparseLoadOptions load;
  load.sources = spec;
  load.cancel = &m_cancel;
  load.keep_edges = true;  // the graph view draws the edges; a dense solver may be chosen later
  load.working_bytes = [&probe](std::int64_t n, std::int64_t m) { return probe->working_bytes(n, m); };
  LoadedSparseGraph loaded = load_sparse_graph(source, load);
  auto graph = std::make_shared<const Graph>(std::move(loaded.edges));
  auto run = std::make_unique<SparseRun>(graph, std::move(loaded.graph), config.backend, spec, options);
  const auto weights = graph->weight_range();
  w.summary = GraphSummary{source,         graph->n,
                           graph->m(),     weights.first,
                           weights.second, SourceDistances::bytes_for(run->rows(), graph->n),
                           loaded.seconds};
  w.graph = graph;
  install_sparse(w, std::move(run), config);
  w.measure.reset();
  w.last_run_to_end_ms = 0;
  m_log.info("loaded " + source.label() + ": n = " + std::to_string(w.summary.n) + ", m = " +
             std::to_string(w.summary.m) + " (" + std::to_string(static_cast<int>(loaded.seconds * 1000)) + " ms); " +
             describe_sparse(config, *w.sparse));
  publish(w, true);
}

void SolverSession::configure_sparse(Worker& w, const SolverConfig& config) {
  const SourceSpec spec = SourceSpec::parse(config.sources);
  const SparseSolverOptions options = sparse_options_for(config, m_cpu_threads);
  const std::int64_t n = w.graph->n;
  require_memory("the CSR graph and the " + std::to_string(spec.count(n)) + " x " + std::to_string(n) +
                     " i32 distances of " + config.backend,
                 csr_build_bytes(n, w.graph->m()) + SourceDistances::bytes_for(spec.count(n), n),
                 host_available_bytes());
  auto run = std::make_unique<SparseRun>(w.graph, to_csr(*w.graph), config.backend, spec, options);
  w.summary.matrix_bytes = SourceDistances::bytes_for(run->rows(), n);
  install_sparse(w, std::move(run), config);
  m_log.info("solver " + describe_sparse(config, *w.sparse) + " ready");
  publish(w, true);
}

void SolverSession::install_sparse(Worker& w, std::unique_ptr<SparseRun> run, const SolverConfig& config) {
  w.classroom.detach();  // before the solver it points at goes
  w.solver.reset();
  w.sparse = std::move(run);
  w.config = config;
  w.config.gpus = 1;
  w.replace_matrix();
  for (const SparseBackendInfo& b : list_sparse_backends())
    if (b.name == config.backend) w.gpu_solver = b.gpu;  // the stats' device line names the GPU
  w.inspection = Inspection{};
  w.last_step_ms = 0;
}

void SolverSession::sparse_step(Worker& w, Granularity g, int count) {
  if (g == Granularity::ToEnd) {
    sparse_run_to_end(w);
    return;
  }
  const auto t0 = Clock::now();
  auto last_publish = t0;
  try {
    for (int i = 0; i < count && !w.sparse->finished() && !m_cancel; ++i) {
      if (g == Granularity::Round)
        w.sparse->finish_source();
      else
        w.sparse->settle_one();
      if (i + 1 < count && w.view_updates && ms_since(last_publish) > kPublishIntervalMs) {
        publish(w, true);
        last_publish = Clock::now();
      }
    }
  } catch (const NegativeCycleError& e) {
    stop(w, e.what());
    throw;
  } catch (const RangeError& e) {
    stop(w, std::string("RangeError: ") + e.what());
    throw;
  }
  w.last_step_ms = ms_since(t0);
  publish(w, true);
}

void SolverSession::sparse_run_to_end(Worker& w) {
  const bool from_start = w.sparse->rows_done() == 0;
  const auto t0 = Clock::now();
  auto last_publish = t0;
  try {
    // The solver calls both hooks on this thread, between batches: the view grows as rows arrive.
    w.sparse->solve_remaining([this] { return m_cancel.load(); },
                              [&] {
                                if (w.view_updates && ms_since(last_publish) > kPublishIntervalMs) {
                                  publish(w, true);
                                  last_publish = Clock::now();
                                }
                              });
  } catch (const NegativeCycleError& e) {
    stop(w, e.what());
    throw;
  } catch (const RangeError& e) {
    stop(w, std::string("RangeError: ") + e.what());
    throw;
  } catch (const InterruptedError&) {
    publish(w, true);
    throw;
  } catch (const Error& e) {
    if (!m_cancel) throw;
    // Cancelled (reset, a new graph, closing): the rows that arrived stay.
    m_log.info(w.config.backend + " stopped: " + std::to_string(w.sparse->rows_done()) + " of " +
               std::to_string(w.sparse->rows()) + " rows done");
  }
  w.last_step_ms = ms_since(t0);
  if (w.sparse->finished() && from_start) w.last_run_to_end_ms = w.last_step_ms;
  publish(w, true);
}

std::shared_ptr<const ViewFrame> SolverSession::view_from_sparse(Worker& w) const {
  const auto t0 = Clock::now();
  auto frame = std::make_shared<ViewFrame>();
  frame->serial = ++w.view_serial;
  const SourceDistances& d = w.sparse->result();
  frame->geometry = make_source_rows_geometry(d.rows(), d.n, m_view_budget);
  frame->inf = kInf32;
  frame->fixed_range = w.fixed_range.has_value();
  frame->cursor.finished = w.sparse->finished();
  frame->tiles = w.sparse->view_tiles(frame->geometry);  // only texel rows completed since the last view reduced
  frame->range = w.fixed_range ? *w.fixed_range : finite_range(frame->tiles.data(), frame->tiles.size(), frame->inf);
  frame->codes.resize(frame->tiles.size());
  encode_source_rows_view(frame->tiles.data(), frame->tiles.size(), frame->range, frame->inf, frame->codes.data());
  frame->host_encode_ms = ms_since(t0);
  return frame;
}

bool SolverSession::view_due(const Worker& w, Clock::time_point last_publish, double interval_share) const {
  if (!w.view_updates) return false;
  // Device path: a new view as soon as the frame loop took the last one (about once per frame); host path:
  // at most every kPublishIntervalMs, since each costs a read-back and an encode on the host.
  if (w.device_mode()) return w.device_view->wants_view();
  return ms_since(last_publish) > kPublishIntervalMs * interval_share;
}

void SolverSession::set_device_view_async(std::shared_ptr<DeviceViewChannel> channel) {
  post("device view", [this, channel](Worker& w) {
    w.device_view = channel;
    w.before = Worker::Before::None;  // the new encoder has no previous tiles: nothing is "improved"
    w.last_frame_current = false;
    if (w.solver || w.sparse) publish(w, true);
  });
}

void SolverSession::set_view_updates_async(bool on) {
  post("view updates", [on](Worker& w) {
    w.view_updates = on;
    if (!on && w.solver) (void)w.solver->track_view(nullptr);  // the kernels stop their view work
  });
}

void SolverSession::wait_idle() {
  std::unique_lock lock(m_mutex);
  m_idle.wait(lock, [&] { return m_jobs.empty() && !m_running_job; });
}

bool SolverSession::wait_idle_for(std::chrono::milliseconds timeout) {
  std::unique_lock lock(m_mutex);
  return m_idle.wait_for(lock, timeout, [&] { return m_jobs.empty() && !m_running_job; });
}

bool SolverSession::idle() const {
  std::lock_guard lock(m_mutex);
  return m_jobs.empty() && !m_running_job;
}

std::size_t SolverSession::pending() const {
  std::lock_guard lock(m_mutex);
  return m_jobs.size() + (m_running_job ? 1 : 0);
}

SessionSnapshot SolverSession::snapshot() const {
  std::lock_guard lock(m_mutex);
  return m_snapshot;
}

std::optional<JobFailure> SolverSession::take_failure() {
  std::lock_guard lock(m_mutex);
  return std::exchange(m_failure, std::nullopt);
}

}  // namespace apsp::studio
