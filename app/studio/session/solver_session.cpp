#include "session/solver_session.h"

#include <apsp/core/errors.h>
#include <apsp/graph/generators.h>
#include <apsp/io/graph_io.h>
#include <apsp/solve/registry.h>

#include <chrono>

namespace apsp::studio {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); }

// A long job republishes at most this often, so the heatmap animates without re-encoding after every tiny step.
constexpr double kPublishIntervalMs = 40;

bool is_last_round(const Solver& s) { return s.cursor().round + 1 >= s.rounds(); }

}  // namespace

struct SolverSession::Worker {
  std::optional<Graph> graph;
  GraphSummary summary;
  SolverConfig config;
  std::unique_ptr<Solver> solver;
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

  /// @param will_publish whether a frame may be published right after this step; only then does the state
  /// before it matter (a capture costs a pass over the matrix, a noticeable share of a round at large n).
  void step(Granularity g, int budget, bool will_publish) {
    if (!will_publish) {
      before = Before::None;
    } else if (last_frame_current && last_frame) {
      before = Before::LastFrame;
    } else {
      ViewGeometry geometry = make_view_geometry(solver->n(), budget);
      before_step.resize(geometry.texels());
      solver->view_tiles(geometry, before_step.data());
      before = Before::Captured;
    }
    last_frame_current = false;
    solver->step(g);
  }
  /// @brief A new matrix (load, configure, reset): nothing is "improved" relative to the old one.
  void replace_matrix() {
    last_frame_current = false;
    before = Before::None;
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
  }
}

void SolverSession::fail(const std::string& context, const std::exception& e) {
  std::string message = e.what();
  m_log.error(context + ": " + message);
  std::lock_guard lock(m_mutex);
  m_failure = JobFailure{message, exit_code(e)};
}

void SolverSession::publish(Worker& w, bool with_view) {
  std::shared_ptr<const ViewFrame> view;
  if (with_view && w.solver && w.solver->n() > 0) {
    auto frame = std::make_shared<ViewFrame>();
    frame->serial = ++w.view_serial;
    frame->geometry = make_view_geometry(w.solver->n(), m_view_budget);
    frame->inf = inf_of(w.config.dtype);
    frame->tiles.resize(frame->geometry.texels());
    w.solver->view_tiles(frame->geometry, frame->tiles.data());
    if (w.fixed_range) {
      frame->range = *w.fixed_range;
      frame->fixed_range = true;
    } else {
      frame->range = finite_range(frame->tiles.data(), frame->tiles.size(), frame->inf);
    }
    // "Improved" compares with the state before the last step, within the same matrix only.
    const std::int32_t* previous = w.previous_tiles(frame->tiles.size());
    frame->codes.resize(frame->tiles.size());
    encode_view(frame->tiles.data(), previous, frame->tiles.size(), frame->range, frame->inf, frame->codes.data());
    if (previous) {
      for (std::uint16_t c : frame->codes) frame->improved += (c & kViewImprovedBit) ? 1 : 0;
    }
    frame->cursor = w.solver->cursor();
    view = frame;
    w.last_frame = frame;
    w.last_frame_current = true;
    w.before = Worker::Before::None;
  }
  std::lock_guard lock(m_mutex);
  SessionSnapshot& s = m_snapshot;
  ++s.version;
  s.has_graph = w.graph.has_value();
  s.graph = w.summary;
  s.has_solver = w.solver != nullptr;
  s.config = w.config;
  if (w.solver) {
    s.cursor = w.solver->cursor();
    s.n = w.solver->n();
    s.rounds = w.solver->rounds();
    s.samples = w.solver->profile().samples();
  } else {
    s.cursor = Cursor{};
    s.n = 0;
    s.rounds = 0;
    s.samples.clear();
  }
  if (view) s.view = view;
  if (!w.solver) s.view.reset();
  s.last_step_ms = w.last_step_ms;
}

void SolverSession::load_async(GraphSource source, SolverConfig config) {
  post("load " + source.label(), [this, source, config](Worker& w) {
    auto t0 = Clock::now();
    Graph graph;
    if (source.kind == GraphSource::Kind::Generator) {
      graph = generate(GeneratorSpec::parse(source.text));
    } else {
      graph = read_graph(source.text).graph;
    }
    double load_s = ms_since(t0) / 1000.0;
    SolverConfig effective = config;
    BackendInfo info = backend_info(effective.backend);
    // Variable-block backends take 1..n; a classroom graph smaller than the block gets one block.
    if (info.block_sizes.empty() && graph.n > 0 && effective.block > graph.n) effective.block = graph.n;
    DistanceMatrix initial = to_distance_matrix(graph, effective.block, effective.dtype);
    std::unique_ptr<Solver> solver =
        create_solver(effective.backend, SolverOptions{effective.block, effective.dtype, m_cpu_threads});
    solver->reset(initial);
    // Only now, with everything built, replace the old state: a failure above leaves it untouched.
    auto weights = graph.weight_range();
    w.summary = GraphSummary{source,         graph.n,
                             graph.m(),      weights.first,
                             weights.second, DistanceMatrix::required_bytes(graph.n, effective.block, effective.dtype),
                             load_s};
    w.graph = std::move(graph);
    w.config = effective;
    w.solver = std::move(solver);
    w.replace_matrix();
    m_log.info("loaded " + source.label() + ": n = " + std::to_string(w.summary.n) +
               ", m = " + std::to_string(w.summary.m) + " (" + std::to_string(static_cast<int>(load_s * 1000)) +
               " ms); " + std::string(w.solver->name()) + ", block " + std::to_string(effective.block) + ", " +
               std::string(to_string(effective.dtype)));
    publish(w, true);
  });
}

void SolverSession::configure_async(SolverConfig config) {
  post("configure " + config.backend, [this, config](Worker& w) {
    if (!w.graph) throw UsageError("load a graph first");
    SolverConfig effective = config;
    BackendInfo info = backend_info(effective.backend);
    if (info.block_sizes.empty() && w.graph->n > 0 && effective.block > w.graph->n) effective.block = w.graph->n;
    DistanceMatrix initial = to_distance_matrix(*w.graph, effective.block, effective.dtype);
    std::unique_ptr<Solver> solver =
        create_solver(effective.backend, SolverOptions{effective.block, effective.dtype, m_cpu_threads});
    solver->reset(initial);
    w.solver = std::move(solver);
    w.config = effective;
    w.summary.matrix_bytes = DistanceMatrix::required_bytes(w.graph->n, effective.block, effective.dtype);
    w.replace_matrix();
    m_log.info("solver " + effective.backend + ", block " + std::to_string(effective.block) + ", " +
               std::string(to_string(effective.dtype)) + " ready");
    publish(w, true);
  });
}

void SolverSession::step_async(Granularity g, int count) {
  post("step", [this, g, count](Worker& w) {
    if (!w.solver) throw UsageError("no solver: load a graph first");
    auto t0 = Clock::now();
    auto last_publish = t0;
    for (int i = 0; i < count && !w.solver->finished() && !m_cancel; ++i) {
      bool last = i + 1 == count || is_last_round(*w.solver);
      w.step(g, m_view_budget, last || ms_since(last_publish) > kPublishIntervalMs * 0.5);
      if (i + 1 < count && ms_since(last_publish) > kPublishIntervalMs) {
        publish(w, true);
        last_publish = Clock::now();
      }
    }
    w.last_step_ms = ms_since(t0);
    publish(w, true);
  });
}

void SolverSession::run_to_end_async() {
  post("run to end", [this](Worker& w) {
    if (!w.solver) throw UsageError("no solver: load a graph first");
    auto t0 = Clock::now();
    auto last_publish = t0;
    // Round by round (not Granularity::ToEnd) so the view animates and cancel() takes effect between rounds.
    while (!w.solver->finished() && !m_cancel) {
      w.step(Granularity::Round, m_view_budget,
             is_last_round(*w.solver) || ms_since(last_publish) > kPublishIntervalMs * 0.5);
      if (ms_since(last_publish) > kPublishIntervalMs) {
        publish(w, true);
        last_publish = Clock::now();
      }
    }
    w.last_step_ms = ms_since(t0);
    publish(w, true);
  });
}

void SolverSession::reset_async() {
  cancel();
  post("reset", [this](Worker& w) {
    if (!w.graph) return;
    DistanceMatrix initial = to_distance_matrix(*w.graph, w.config.block, w.config.dtype);
    w.solver->reset(initial);
    w.replace_matrix();
    publish(w, true);
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

void SolverSession::set_fixed_range_async(std::optional<ValueRange> range) {
  post("colour range", [this, range](Worker& w) {
    w.fixed_range = range;
    if (!w.solver) return;
    w.before = Worker::Before::None;  // no step happened: nothing to mark as improved
    publish(w, true);
  });
}

void SolverSession::wait_idle() {
  std::unique_lock lock(m_mutex);
  m_idle.wait(lock, [&] { return m_jobs.empty() && !m_running_job; });
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
