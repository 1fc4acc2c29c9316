#include "session/solver_session.h"

#include <apsp/core/errors.h>
#include <apsp/io/graph_io.h>

#include <utility>

#include "session/run_factory.h"
#include "session/solve_errors.h"

namespace apsp::studio {

// ---- the worker thread and its failures ---------------------------------------------------------------------

SolverSession::SolverSession(Log& log, int view_budget, int cpu_threads)
    : m_log(log),
      m_jobs(std::make_unique<JobQueue>([this](const std::string& job, const std::exception& e) { fail(job, e); },
                                        [this] {
                                          std::lock_guard lock(m_mutex);
                                          ++m_snapshot.version;  // busy and activity changed
                                        })),
      m_views(view_budget),
      m_context{log,         m_views, m_jobs->cancel_flag(), [this](bool with_view) { publish(with_view); },
                cpu_threads, m_times,  m_load} {}

// The running job may still publish (and so wake through m_jobs) while it winds down: the queue stops and joins
// with every member still in place.
SolverSession::~SolverSession() { m_jobs->stop(); }

void SolverSession::post(std::string what, std::function<void()> job) { m_jobs->post(std::move(what), std::move(job)); }

void SolverSession::cancel() { m_jobs->cancel(); }
void SolverSession::wait_idle() { m_jobs->wait_idle(); }
bool SolverSession::wait_idle_for(std::chrono::milliseconds timeout) { return m_jobs->wait_idle_for(timeout); }
bool SolverSession::idle() const { return m_jobs->idle(); }
std::size_t SolverSession::pending() const { return m_jobs->pending(); }
void SolverSession::set_wake_callback(std::function<void()> wake) { m_jobs->set_wake_callback(std::move(wake)); }

void SolverSession::fail(const std::string& context, const std::exception& e) {
  std::string message = e.what();
  m_log.error(context + ": " + message);
  std::lock_guard lock(m_mutex);
  m_failure = JobFailure::of(e);
}

std::optional<JobFailure> SolverSession::take_failure() {
  std::lock_guard lock(m_mutex);
  return std::exchange(m_failure, std::nullopt);
}

void SolverSession::guard_solve(const std::function<void()>& body, bool classroom_sees_cycle) {
  try {
    body();
  } catch (const std::exception& e) {
    if (std::optional<std::string> why = stop_reason(e)) {
      if (const auto* cycle = dynamic_cast<const NegativeCycleError*>(&e); cycle && classroom_sees_cycle)
        m_run->found_negative_cycle(NegativeCycleFinding::from(*cycle));
      m_stopped = std::move(*why);
      inspect();  // the cycle into the inspector and the graph view now, with or without a selected cell
      publish(false);  // the status line says why; the failing job's error goes to the log
    }
    throw;
  }
}

// ---- the active run -----------------------------------------------------------------------------------------

ActiveRun& SolverSession::active_run() {
  if (!m_run) throw UsageError("no solver: load a graph first");
  return *m_run;
}

void SolverSession::install(std::unique_ptr<ActiveRun> run) {
  m_run = std::move(run);
  m_run->installed();
  m_views.forget_previous();  // a new matrix: nothing is "improved" relative to the old one
  m_stopped.clear();
  inspect();
}

void SolverSession::inspect() {
  if (m_run)
    m_run->update_inspection(m_inspection);
  else
    m_inspection = Inspection{};
}

void SolverSession::load_async(GraphSource source, SolverConfig config, bool block_from_graph) {
  post("load " + source.label(), [this, source, config, block_from_graph] {
    m_load.begin(source.label());
    const LoadEnd load_end{m_load};
    LoadedRun loaded = load_run(m_context, m_classroom, source, config, block_from_graph);
    // Only now, with everything built, replace the old state: a failure above leaves it untouched.
    m_load.start("first view");
    m_graph = std::move(loaded.graph);
    m_summary = loaded.summary;
    install(std::move(loaded.run));
    m_measure.reset();
    m_times.last_run_to_end_ms = 0;
    m_times.last_run = RunToEndTimes{};
    publish(true);
    m_load.finish();
    m_log.info("loaded " + source.label() + ": n = " + std::to_string(m_summary.n) +
               ", m = " + std::to_string(m_summary.m) + "; " + m_run->describe() + "; " +
               describe_load(m_load.status()));
    if (!loaded.warning.empty()) m_log.warning(loaded.warning);
  });
}

void SolverSession::configure_async(SolverConfig config) {
  post("configure " + config.backend, [this, config] {
    if (!m_graph) throw UsageError("load a graph first");
    install(configure_run(m_context, m_classroom, m_graph, config));
    m_summary.matrix_bytes = m_run->result_bytes();
    m_log.info("solver " + m_run->describe() + " ready");
    publish(true);
  });
}

// ---- stepping -----------------------------------------------------------------------------------------------

void SolverSession::step_async(Granularity g, int count) {
  post("step", [this, g, count] {
    ActiveRun& run = active_run();
    guard_solve([&] { run.step(g, count); });
    inspect();
    publish(true);
  });
}

void SolverSession::run_to_end_async() {
  post("run to end", [this] {
    ActiveRun& run = active_run();
    guard_solve([&] { run.run_to_end(); });
    inspect();
    publish(true);
  });
}

void SolverSession::measure_async(MeasureOptions options) {
  post("measure", [this, options] {
    ActiveRun& run = active_run();
    MeasureRecord record;
    // The measured solver is not the lesson's: a cycle it meets is not shown in the classroom.
    guard_solve([&] { record = run.measure(options); }, false);
    m_measure = std::move(record);
    publish(true);
  });
}

void SolverSession::reset_async() {
  cancel();
  post("reset", [this] {
    if (!m_run) return;
    m_run->reset();
    m_views.forget_previous();
    m_stopped.clear();
    inspect();
    publish(true);
  });
}

// ---- the classroom: time travel and the selected cell -------------------------------------------------------

void SolverSession::back_async(teach::TravelUnit unit, int count) {
  post("back", [this, unit, count] {
    active_run().back(unit, count);
    m_views.forget_previous();  // going back: nothing is "improved"
    m_stopped.clear();
    inspect();
    publish(true);
  });
}

void SolverSession::seek_async(std::size_t index) {
  post("seek", [this, index] {
    ActiveRun& run = active_run();
    m_views.forget_previous();
    guard_solve([&] { run.seek(index); });
    m_stopped.clear();
    inspect();
    publish(true);
  });
}

void SolverSession::select_async(int i, int j) {
  post("select", [this, i, j] {
    m_classroom.select(i, j);
    inspect();
    publish(false);
  });
}

void SolverSession::travel_async(std::string what, std::function<void(Solver&, teach::TimeTravel&)> body,
                                 bool mark_last_step) {
  post(std::move(what), [this, body = std::move(body), mark_last_step] {
    ActiveRun& run = active_run();
    m_views.forget_previous();  // the state moves anywhere: nothing is "improved" relative to the last view
    m_stopped.clear();
    guard_solve([&] { run.travel_with(body, mark_last_step); });
    inspect();
    publish(true);
  });
}

// ---- files --------------------------------------------------------------------------------------------------

void SolverSession::save_graph_async(std::string path) {
  post("save " + path, [this, path] {
    if (!m_graph) throw UsageError("no graph to save");
    write_graph(path, *m_graph);
    m_log.wrote(path, "graph, n = " + std::to_string(m_graph->n) + ", m = " + std::to_string(m_graph->m()));
  });
}

void SolverSession::save_distances_async(std::string path) {
  post("save " + path, [this, path] { active_run().save_distances(path); });
}

// ---- the view -----------------------------------------------------------------------------------------------

void SolverSession::fix_colours_async(bool fix, std::optional<ValueRange> current) {
  post("colour range", [this, fix, current] {
    m_views.fix_colours(fix, current);
    if (m_run) publish(true);
  });
}

void SolverSession::set_device_view_async(std::shared_ptr<DeviceViewChannel> channel) {
  post("device view", [this, channel] {
    m_views.set_device_channel(channel);
    if (m_run) publish(true);
  });
}

void SolverSession::set_view_updates_async(bool on) {
  post("view updates", [this, on] {
    m_views.set_view_updates(on);
    if (m_run) m_run->view_updates_changed(on);
  });
}

// ---- the snapshot -------------------------------------------------------------------------------------------

void SolverSession::publish(bool with_view) {
  std::shared_ptr<const ViewFrame> view = with_view && m_run ? m_run->view() : nullptr;
  {
    std::lock_guard lock(m_mutex);
    SessionSnapshot& s = m_snapshot;
    ++s.version;
    s.has_graph = m_graph != nullptr;
    s.graph = m_summary;
    s.loaded_graph = m_graph;
    s.has_solver = m_run != nullptr;
    if (m_run) {
      s.config = m_run->config();
      m_run->fill(s);
      if (view) s.view = std::move(view);
    } else {
      s.config = SolverConfig{};
      s.cursor = Cursor{};
      s.n = s.rounds = 0;
      s.samples.clear();
      s.sparse.reset();
      s.cuda_device = -1;
      s.gpu_solver = false;
      s.view.reset();
    }
    s.last_step_ms = m_times.last_step_ms;
    s.last_run_to_end_ms = m_times.last_run_to_end_ms;
    s.last_run = m_times.last_run;
    s.view_updates = m_views.view_updates();
    s.stopped = m_stopped;
    s.measure = m_measure;
    s.inspection = m_inspection;
    s.quiz = m_quiz;
  }
  m_jobs->wake();
}

SessionSnapshot SolverSession::snapshot() const {
  SessionSnapshot s;
  {
    std::lock_guard lock(m_mutex);
    s = m_snapshot;
  }
  s.busy = !m_jobs->idle();
  s.activity = m_jobs->activity();
  s.load = std::make_shared<const LoadStatus>(m_load.status());
  return s;
}

}  // namespace apsp::studio
