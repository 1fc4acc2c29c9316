#include "session/dense_run.h"

#include <apsp/core/errors.h>
#include <apsp/io/distance_io.h>
#include <apsp/profile/compute_busy.h>
#include <apsp/solve/registry.h>
#include <apsp/view/device_view.h>

#include <algorithm>
#include <cstdio>
#include <thread>

#include "session/lesson_range.h"

namespace apsp::studio {
namespace {

// GPU work the worker may queue ahead of the device: about half a frame, so that a pause, a reset or the
// heatmap's update never waits behind seconds of rounds (CUDA steps only enqueue, they do not wait).
constexpr double kQueueBudgetMs = 8;
// A run to the end: nothing waits on the solver but a cancel, which two frames of queue still answer at once;
// the deeper queue keeps the device fed across the host's polling and the frame loop's CUDA calls.
constexpr double kRunQueueBudgetMs = 33;
constexpr int kMinRoundsInFlight = 2;
constexpr int kMaxRoundsInFlight = 64;

bool is_last_round(const Solver& s) { return s.cursor().round + 1 >= s.rounds(); }

std::string describe_cursor_short(const Cursor& c) {
  return c.finished ? std::string("finished") : "at round " + std::to_string(c.round) + " (0-based)";
}

// What the samples of rounds >= 0 say about a run from round 0 (reset or restore dropped earlier rounds').
RunToEndTimes run_times(const Solver& solver) {
  RunToEndTimes t;
  t.rounds = solver.rounds();
  double first_us = -1, last_us = -1;
  for (const PhaseSample& s : solver.profile().samples()) {
    if (s.round < 0) continue;
    switch (s.phase) {
      case Phase::Pivot:
        t.pivot_ms += s.ms;
        break;
      case Phase::PivotRowCol:
        t.rowcol_ms += s.ms;
        break;
      case Phase::Independent:
        t.independent_ms += s.ms;
        break;
      case Phase::Full:
        t.full_ms += s.ms;
        break;
      default:
        continue;  // transfers and broadcasts are not compute phases
    }
    if (s.start_us < 0) continue;
    first_us = first_us < 0 ? s.start_us : std::min(first_us, s.start_us);
    last_us = std::max(last_us, s.start_us + 1000.0 * s.ms);
  }
  if (first_us >= 0) t.span_ms = (last_us - first_us) / 1000.0;
  t.busy_ms = compute_busy_ms(solver.profile().samples());
  return t;
}

}  // namespace

DenseRun::DenseRun(RunContext& ctx, ClassroomWorker& classroom, std::shared_ptr<const Graph> graph, SolverConfig config,
                   std::unique_ptr<Solver> solver)
    : m_ctx(ctx),
      m_classroom(classroom),
      m_graph(std::move(graph)),
      m_config(std::move(config)),
      m_solver(std::move(solver)),
      m_cuda_device(DeviceViewEncoder::device_for(*m_solver)),
      m_gpu_solver(backend_info(m_solver->name()).gpu),
      m_progress(*m_solver),
      m_queue_budget_ms(kQueueBudgetMs) {}

std::string DenseRun::describe() const { return describe_config(m_config); }

std::uint64_t DenseRun::result_bytes() const {
  return DistanceMatrix::required_bytes(m_graph->n, m_config.block, m_config.dtype);
}

DistanceMatrix DenseRun::initial_matrix() const { return to_distance_matrix(*m_graph, m_config.block, m_config.dtype); }

void DenseRun::installed() {
  // The lesson's range is replayed on the host at classroom sizes only: a big graph builds no matrix for it.
  m_ctx.views.set_lesson_range(m_graph->n <= kLessonRangeMaxN
                                   ? lesson_range(initial_matrix(), m_solver->blocked(), m_config.block)
                                   : std::nullopt);
  m_classroom.attach(*m_solver, m_graph);
}

void DenseRun::step_once(Granularity g, bool will_publish) {
  m_ctx.views.before_step(*m_solver, m_cuda_device, will_publish);
  m_classroom.travel()->step(g);
  // The check read() makes before any export, made as soon as the solve ends: a distance that left the dtype's
  // range stops the solve here (as `apsp solve` does) instead of being shown as a finished result.
  m_solver->check_final_range();
  throttle();
}

bool DenseRun::view_due(pacing::Clock::time_point last_publish, double interval_share) const {
  return m_ctx.views.due(last_publish, interval_share, m_cuda_device);
}

void DenseRun::publish_if_due(PublishPacer& pacer) {
  const bool with_view = view_due(pacer.last(), 1.0);
  if (!with_view && !pacer.interval_passed()) return;
  m_ctx.publish(with_view);
  pacer.published();
}

void DenseRun::throttle() {
  if (!m_gpu_solver) return;  // CPU steps have finished when step() returns
  for (;;) {
    // Several GPUs report one at a time: a round is done once the slowest of them finished it.
    const int rounds_done = m_progress.update(*m_solver);
    const Cursor c = m_solver->cursor();
    const int issued = c.finished ? m_solver->rounds() : c.round;
    const double round_ms = m_progress.round_ms();
    const int limit = round_ms > 0 ? std::clamp(static_cast<int>(m_queue_budget_ms / round_ms), kMinRoundsInFlight,
                                                kMaxRoundsInFlight)
                                   : kMinRoundsInFlight;
    if (issued - rounds_done <= limit || m_ctx.cancelled() || c.finished) return;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
}

void DenseRun::step(Granularity g, int count) {
  const auto t0 = pacing::Clock::now();
  PublishPacer pacer(t0);
  for (int i = 0; i < count && !m_solver->finished() && !m_ctx.cancelled(); ++i) {
    const bool last = i + 1 == count || is_last_round(*m_solver);
    step_once(g, last || view_due(pacer.last(), 0.5));
    if (i + 1 < count) publish_if_due(pacer);
  }
  m_ctx.times.last_step_ms = pacing::ms_since(t0);
}

void DenseRun::run_to_end() {
  // Only a run from the very start is a whole solve's time (the interactive figure beside measure's).
  const Cursor start = m_solver->cursor();
  const bool started_at_round_0 = start.round == 0 && start.k == 0 && !start.finished &&
                                  (start.phase == Phase::Pivot || start.phase == Phase::Full);
  const auto t0 = pacing::Clock::now();
  PublishPacer pacer(t0);
  m_queue_budget_ms = kRunQueueBudgetMs;
  struct RestoreBudget {
    double& budget;
    ~RestoreBudget() { budget = kQueueBudgetMs; }
  } restore_budget{m_queue_budget_ms};
  // Round by round (not Granularity::ToEnd) so the view animates and a cancel takes effect between rounds.
  while (!m_solver->finished() && !m_ctx.cancelled()) {
    step_once(Granularity::Round, is_last_round(*m_solver) || view_due(pacer.last(), 0.5));
    publish_if_due(pacer);
  }
  RunTimes& times = m_ctx.times;
  times.last_step_ms = pacing::ms_since(t0);
  if (m_solver->finished() && started_at_round_0) {
    times.last_run_to_end_ms = times.last_step_ms;
    m_solver->collect_timings(false);  // the last step waited for the device: every event has completed
    times.last_run = run_times(*m_solver);
  }
}

MeasureRecord DenseRun::measure(const MeasureOptions& options) {
  // What `apsp bench` runs for this configuration: measure_solve() from the graph, on a solver of its own, so
  // the lesson's solver (its step, its time-travel history, its view) stays as it was.
  SolverOptions options_timed = m_solver->options();
  options_timed.track_paths = false;  // bench keeps no Π: neither does its figure
  const std::unique_ptr<Solver> timed = create_solver(m_solver->name(), options_timed);
  MeasureRecord record;
  record.config = m_config;
  record.n = m_graph->n;
  record.threads = m_solver->options().threads;
  record.options = options;
  record.result = measure_solve(*timed, *m_graph, options);
  timed->check_final_range();
  const TimeSpread& t = record.result.spread;
  char line[256];
  std::snprintf(line, sizeof line,
                "measure (as apsp bench, %d warm-up + %d runs): median %.3f ms, min %.3f, max %.3f, spread %.1f%%%s",
                options.warmup, options.repeat, t.median_ms, t.min_ms, t.max_ms, t.spread_pct,
                t.noisy() ? " (noisy: more than 5 %)" : "");
  m_ctx.log.info(line);
  return record;
}

void DenseRun::reset() {
  m_solver->reset(*m_graph);
  m_progress = SolveProgress(*m_solver);
  m_classroom.restarted();
}

void DenseRun::back(teach::TravelUnit unit, int count) {
  m_classroom.set_negative_cycle({});
  m_classroom.travel()->back(count, unit);
  m_progress = SolveProgress(*m_solver);
}

void DenseRun::seek(std::size_t index) {
  m_classroom.set_negative_cycle({});
  m_classroom.travel()->seek(index);
  m_progress = SolveProgress(*m_solver);
}

void DenseRun::travel_with(const std::function<void(Solver&, teach::TimeTravel&)>& body, bool mark_last_step) {
  m_classroom.set_negative_cycle({});
  teach::TimeTravel& travel = *m_classroom.travel();
  body(*m_solver, travel);
  const std::optional<teach::StepRecord> last = travel.last_step();
  const bool stopped_early = m_solver->finished() && m_solver->cursor().round < m_solver->rounds();  // a cycle
  if (mark_last_step && last && !stopped_early && last->after == m_solver->cursor()) {
    // The same step again from the state before it (exact: time travel), now with the view's "before" kept.
    travel.seek(travel.current() - 1);
    step_once(last->granularity, true);
  }
  m_progress = SolveProgress(*m_solver);
}

void DenseRun::found_negative_cycle(NegativeCycleFinding cycle) { m_classroom.set_negative_cycle(std::move(cycle)); }

void DenseRun::update_inspection(Inspection& inspection) {
  try {
    inspection = m_classroom.inspect(m_ctx.log);
  } catch (const std::exception& e) {
    // A replay for the inspector that fails (it reached a negative cycle again) must not fail the job.
    m_ctx.log.warning(std::string("inspector: ") + e.what());
  }
}

void DenseRun::save_distances(const std::string& path) {
  DistanceMatrix m;
  m_solver->read(m);
  write_distances(path, m);
  m_ctx.log.wrote(path, "distances, n = " + std::to_string(m.n()) + ", " + describe_cursor_short(m_solver->cursor()));
}

std::shared_ptr<const ViewFrame> DenseRun::view() {
  if (m_solver->n() <= 0) return nullptr;
  return m_ctx.views.dense_frame(*m_solver, m_config.dtype, m_cuda_device);
}

void DenseRun::view_updates_changed(bool on) {
  if (!on) (void)m_solver->track_view(nullptr);  // the kernels stop their view work
}

void DenseRun::fill(SessionSnapshot& s) const {
  s.cursor = m_solver->cursor();
  s.n = m_solver->n();
  s.rounds = m_solver->rounds();
  s.samples = m_solver->profile().samples();
  s.sparse.reset();
  s.cuda_device = m_cuda_device;
  s.gpu_solver = m_gpu_solver;
}

}  // namespace apsp::studio
