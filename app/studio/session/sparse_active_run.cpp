#include "session/sparse_active_run.h"

#include <apsp/core/errors.h>
#include <apsp/core/memory.h>
#include <apsp/io/distance_io.h>
#include <apsp/io/sparse_graph_source.h>
#include <apsp/solve/sparse_registry.h>

#include "session/graph_view_limit.h"
#include "session/run_factory.h"
#include "session/solve_errors.h"

namespace apsp::studio {
namespace {

// Above this many vertices the stepper's settled and frontier sets are not copied into snapshots: only the
// graph view draws them, and it is hidden beyond its own limit.
bool with_trace(const Graph& graph) { return graph.n <= kGraphViewMaxVertices; }

constexpr const char* kNoTimeTravelForSparse =
    "time travel steps back through Floyd-Warshall; a sparse solve has no history (Reset starts it over)";

SparseSolverOptions sparse_options_for(RunContext& ctx, const SolverConfig& c) {
  SparseSolverOptions o;
  o.threads = ctx.threads_for(c);
  o.should_stop = [&cancel = ctx.cancel] { return cancel.load(); };  // ends Johnson's potentials too
  return o;
}

// The engine's memory rule of a sparse solve (CSR graph, S x n result, the solver's working memory), with the
// solver created first: a GPU solver without a device says so before anything is read or allocated.
struct SparsePlan {
  SourceSpec spec;
  SparseSolverOptions options;
  std::unique_ptr<SparseSolver> probe;
  SparseLoadOptions load;
};

SparsePlan plan_sparse(RunContext& ctx, const SolverConfig& config) {
  SparsePlan plan;
  plan.spec = SourceSpec::parse(config.sources);
  plan.options = sparse_options_for(ctx, config);
  plan.probe = create_sparse_solver(config.backend, plan.options);
  plan.load.sources = plan.spec;
  plan.load.cancel = &ctx.cancel;
  plan.load.keep_edges = true;  // the graph view draws the edges; a dense solver may be chosen later
  plan.load.working_bytes = [probe = plan.probe.get()](std::int64_t n, std::int64_t m) {
    return probe->working_bytes(n, m);
  };
  return plan;
}

}  // namespace

LoadedRun load_sparse_run(RunContext& ctx, ClassroomWorker& classroom, const GraphSource& source,
                          const SolverConfig& config) {
  SparsePlan plan = plan_sparse(ctx, config);
  ctx.load.plan(2);  // read or generate, the first view (the session's)
  ctx.load.start(source.kind == GraphSource::Kind::File ? "read" : "generate");
  LoadedSparseGraph loaded = load_sparse_graph(source, plan.load);
  ctx.load.end_step();
  auto graph = std::make_shared<const Graph>(std::move(loaded.edges));
  auto rows = std::make_unique<SparseRun>(graph, std::move(loaded.graph), config.backend, plan.spec, plan.options);
  LoadedRun out;
  out.run = std::make_unique<SparseActiveRun>(ctx, classroom, graph, std::move(rows), config);
  out.summary = summarize(source, *graph, *out.run, loaded.seconds);
  out.graph = std::move(graph);
  return out;
}

std::unique_ptr<ActiveRun> configure_sparse_run(RunContext& ctx, ClassroomWorker& classroom,
                                                std::shared_ptr<const Graph> graph, const SolverConfig& config) {
  SparsePlan plan = plan_sparse(ctx, config);
  const std::int64_t n = graph->n;
  require_host_memory("the CSR graph and the " + std::to_string(plan.spec.count(n)) + " x " + std::to_string(n) +
                          " i32 distances of " + config.backend,
                      sparse_solve_bytes(n, graph->m(), plan.load));
  auto rows = std::make_unique<SparseRun>(graph, to_csr(*graph), config.backend, plan.spec, plan.options);
  return std::make_unique<SparseActiveRun>(ctx, classroom, std::move(graph), std::move(rows), config);
}

SparseActiveRun::SparseActiveRun(RunContext& ctx, ClassroomWorker& classroom, std::shared_ptr<const Graph> graph,
                                 std::unique_ptr<SparseRun> run, SolverConfig config)
    : m_ctx(ctx),
      m_classroom(classroom),
      m_graph(std::move(graph)),
      m_run(std::move(run)),
      m_config(std::move(config)) {
  m_config.gpus = 1;
  for (const SparseBackendInfo& b : list_sparse_backends())
    if (b.name == m_config.backend) m_gpu_solver = b.gpu;
}

std::string SparseActiveRun::describe() const {
  std::string text = m_config.backend + " (sparse), sources " + m_run->spec().to_string() + " (" +
                     std::to_string(m_run->rows()) + (m_run->rows() == 1 ? " row)" : " rows)");
  if (m_config.threads > 0) text += ", " + std::to_string(m_config.threads) + " CPU threads";
  return text;
}

std::uint64_t SparseActiveRun::result_bytes() const { return SourceDistances::bytes_for(m_run->rows(), m_graph->n); }

void SparseActiveRun::installed() {
  m_ctx.views.set_lesson_range(std::nullopt);  // rows of a sparse solve: each view's own range
  m_classroom.detach();  // no Floyd–Warshall solver: no time travel, no inspection
  m_ctx.times.last_step_ms = 0;
}

void SparseActiveRun::step(Granularity g, int count) {
  if (g == Granularity::ToEnd) {
    run_to_end();
    return;
  }
  const auto t0 = pacing::Clock::now();
  PublishPacer pacer(t0);
  try {
    for (int i = 0; i < count && !m_run->finished() && !m_ctx.cancelled(); ++i) {
      if (g == Granularity::Round)
        m_run->finish_source();
      else
        m_run->settle_one();
      if (i + 1 < count) publish_if_due(pacer);
    }
  } catch (const Error& e) {
    // Cancelled while Johnson's potentials were searched: the step did not happen, nothing failed.
    if (!m_ctx.cancelled() || stops_the_solve(e) || dynamic_cast<const InterruptedError*>(&e)) throw;
    m_ctx.log.info(m_config.backend + " step stopped before Johnson's potentials were found");
  }
  m_ctx.times.last_step_ms = pacing::ms_since(t0);
}

void SparseActiveRun::run_to_end() {
  const bool from_start = m_run->rows_done() == 0;
  const auto t0 = pacing::Clock::now();
  PublishPacer pacer(t0);
  try {
    // The solver calls both hooks on this thread, between batches: the view grows as rows arrive.
    m_run->solve_remaining([this] { return m_ctx.cancelled(); }, [&] { publish_if_due(pacer); });
  } catch (const InterruptedError&) {
    m_ctx.publish(true);
    throw;
  } catch (const Error& e) {
    if (!m_ctx.cancelled() || stops_the_solve(e)) throw;
    // Cancelled (reset, a new graph, closing): the rows that arrived stay.
    m_ctx.log.info(m_config.backend + " stopped: " + std::to_string(m_run->rows_done()) + " of " +
                   std::to_string(m_run->rows()) + " rows done");
  }
  RunTimes& times = m_ctx.times;
  times.last_step_ms = pacing::ms_since(t0);
  if (m_run->finished() && from_start) times.last_run_to_end_ms = times.last_step_ms;
}

void SparseActiveRun::publish_if_due(PublishPacer& pacer) {
  if (!m_ctx.views.view_updates() || !pacer.interval_passed()) return;
  m_ctx.publish(true);
  pacer.published();
}

MeasureRecord SparseActiveRun::measure(const MeasureOptions&) {
  throw UsageError("measure: sparse solvers are timed by apsp bench --backend " + m_config.backend + " --sources " +
                   m_run->spec().to_string());
}

void SparseActiveRun::reset() {
  m_run->reset();
  m_ctx.times.last_step_ms = 0;
}

void SparseActiveRun::back(teach::TravelUnit, int) { throw UsageError(kNoTimeTravelForSparse); }

void SparseActiveRun::seek(std::size_t) { throw UsageError(kNoTimeTravelForSparse); }

void SparseActiveRun::travel_with(const std::function<void(Solver&, teach::TimeTravel&)>&, bool) {
  throw UsageError(kNoTimeTravelForSparse);
}

void SparseActiveRun::save_distances(const std::string& path) {
  // The rows computed so far, S x n (the course binary only for every source in order, as apsp solve).
  const SourceDistances rows = m_run->finished_rows();
  if (rows.rows() == 0) throw Error(path + ": no rows computed yet (step or run to the end first)");
  write_distances(path, rows);
  m_ctx.log.wrote(path, "distances, " + std::to_string(rows.rows()) + " x " + std::to_string(rows.n) + ", " +
                            std::to_string(rows.rows()) + " of " + std::to_string(m_run->rows()) + " sources");
}

std::shared_ptr<const ViewFrame> SparseActiveRun::view() {
  if (m_run->rows() <= 0 || m_run->result().n <= 0) return nullptr;
  return m_ctx.views.sparse_frame(*m_run);
}

void SparseActiveRun::fill(SessionSnapshot& s) const {
  s.cursor = Cursor{};
  s.cursor.finished = m_run->finished();
  s.n = m_graph->n;
  s.rounds = 0;
  s.samples.clear();
  s.sparse = m_run->snapshot(with_trace(*m_graph));
  s.cuda_device = -1;
  s.gpu_solver = m_gpu_solver;
}

}  // namespace apsp::studio
