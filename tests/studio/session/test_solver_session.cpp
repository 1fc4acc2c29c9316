// SolverSession driven as run_driver drives it (post, wait_idle, snapshot), without a window: what it shows
// after each job is compared with the engine's own solver taken through the same steps.
#include <apsp/core/errors.h>
#include <apsp/io/distance_io.h>
#include <apsp/io/graph_source.h>
#include <apsp/solve/registry.h>
#include <apsp/view/source_rows_view.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "session/classroom_fill.h"
#include "session/explain_json.h"
#include "session/solver_session.h"
#include "session/sparse_run.h"

namespace apsp {
// Failures name the cursor, not its bytes.
void PrintTo(const Cursor& c, std::ostream* os) {
  *os << "{round " << c.round << ", phase " << static_cast<int>(c.phase) << ", k " << c.k
      << (c.finished ? ", finished}" : "}");
}
}  // namespace apsp

namespace apsp::studio {
namespace {

constexpr const char* kGraph = "er:n=40,p=0.15,seed=7";

class ScratchDir {
 public:
  ScratchDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "apsp-session-XXXXXX").string();
    if (!::mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
    m_path = tmpl;
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(m_path, ec);
  }
  std::string file(const std::string& name, const std::string& text = "") const {
    const std::string path = (m_path / name).string();
    if (!text.empty()) std::ofstream(path) << text;
    return path;
  }

 private:
  std::filesystem::path m_path;
};

Graph engine_graph(const GraphSource& source) { return load_graph(source, {}).graph; }

/// @brief The engine's cpu-blocked solver on @p graph, for the session's backend, block and dtype.
std::unique_ptr<Solver> engine_solver(const Graph& graph, int block, DType dtype = DType::I32) {
  SolverOptions o{block, dtype, 1};
  std::unique_ptr<Solver> solver = create_solver("cpu-blocked", o);
  solver->reset(to_distance_matrix(graph, block, dtype));
  return solver;
}

std::vector<std::int32_t> final_distances(const Graph& graph) {
  std::unique_ptr<Solver> solver = engine_solver(graph, 8);
  solver->step(Granularity::ToEnd);
  DistanceMatrix m;
  solver->read(m);
  return m.to_dense();
}

SolverConfig config(const std::string& backend, int block = 8, DType dtype = DType::I32) {
  SolverConfig c;
  c.backend = backend;
  c.block = block;
  c.dtype = dtype;
  c.threads = 1;
  return c;
}

class StudioSession : public testing::Test {
 protected:
  SessionSnapshot settle() {
    session.wait_idle();
    return session.snapshot();
  }
  /// @brief The heatmap the session shows equals @p reference's view of the same geometry, cell for cell.
  void expect_view_of(const SessionSnapshot& s, Solver& reference) {
    ASSERT_TRUE(s.view);
    ASSERT_FALSE(s.view->on_device);
    std::vector<std::int32_t> expected(s.view->geometry.texels());
    reference.view_tiles(s.view->geometry, expected.data());
    EXPECT_EQ(s.cursor, reference.cursor());
    EXPECT_EQ(s.view->tiles, expected);
  }
  std::vector<std::int32_t> saved_distances(const std::string& name) {
    const std::string path = dir.file(name);
    session.save_distances_async(path);
    settle();
    return read_distances(path).values;
  }

  ScratchDir dir;
  Log log;
  SolverSession session{log, kDefaultViewBudget, 1};
};

TEST_F(StudioSession, DenseLoadStepBackAndRunToEndMatchTheEngine) {
  const Graph graph = engine_graph(GraphSource::generator(kGraph));
  std::unique_ptr<Solver> reference = engine_solver(graph, 8);

  session.load_async(GraphSource::generator(kGraph), config("cpu-blocked"));
  SessionSnapshot s = settle();
  ASSERT_FALSE(session.take_failure());
  EXPECT_TRUE(s.has_graph);
  EXPECT_TRUE(s.has_solver);
  EXPECT_FALSE(s.sparse);
  EXPECT_EQ(s.n, 40);
  EXPECT_EQ(s.rounds, 5);
  EXPECT_EQ(s.graph.m, graph.m());
  ASSERT_TRUE(s.view);
  EXPECT_EQ(s.view->geometry.rows, 40);  // one texel per cell: the tiles are the distances
  expect_view_of(s, *reference);

  session.step_async(Granularity::Round, 2);
  s = settle();
  for (int i = 0; i < 2; ++i) reference->step(Granularity::Round);
  expect_view_of(s, *reference);
  EXPECT_GT(s.view->improved, 0u);

  // Three phases forward, two back: the state after the round's first phase, as the engine reaches it.
  session.step_async(Granularity::Phase, 3);
  session.back_async(teach::TravelUnit::Phase, 2);
  s = settle();
  ASSERT_FALSE(session.take_failure());
  reference->step(Granularity::Phase);
  expect_view_of(s, *reference);
  EXPECT_EQ(s.inspection.steps_taken, 3u);  // two rounds and one phase
  EXPECT_EQ(s.view->improved, 0u);          // going back marks nothing

  session.run_to_end_async();
  s = settle();
  reference->step(Granularity::ToEnd);
  EXPECT_TRUE(s.cursor.finished);
  expect_view_of(s, *reference);
  EXPECT_TRUE(s.stopped.empty());
  EXPECT_EQ(saved_distances("d.txt"), final_distances(graph));

  session.reset_async();
  s = settle();
  expect_view_of(s, *engine_solver(graph, 8));
  EXPECT_EQ(s.last_run_to_end_ms, 0.0);  // a run from the middle is not a whole solve's time
}

TEST_F(StudioSession, DenseRunFromTheStartIsTimed) {
  session.load_async(GraphSource::generator(kGraph), config("cpu-blocked"));
  session.run_to_end_async();
  const SessionSnapshot s = settle();
  EXPECT_TRUE(s.cursor.finished);
  EXPECT_GT(s.last_run_to_end_ms, 0.0);
  EXPECT_EQ(s.last_run.rounds, 5);
}

TEST_F(StudioSession, CancelStopsARunAndTheSessionGoesOn) {
  // Long enough (3.4e9 updates on one thread) that the cancel lands while it runs.
  session.load_async(GraphSource::generator("ring:n=1500"), config("cpu-blocked", 32));
  settle();
  session.run_to_end_async();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (session.snapshot().activity != "run to end" && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  session.cancel();
  SessionSnapshot s = settle();
  EXPECT_FALSE(s.cursor.finished);
  EXPECT_FALSE(s.busy);
  EXPECT_FALSE(session.take_failure());
  const int round = s.cursor.round;
  session.step_async(Granularity::Round);  // the cancel is over: the next job runs in full
  s = settle();
  EXPECT_EQ(s.cursor.round, round + 1);
}

TEST(StudioSessionLifetime, ClosingWhileARunPublishesWaitsForIt) {
  // The window closes in the middle of a run to the end: the run stops at its next round and still publishes
  // its last snapshot, which must find the session whole (this is every GPU batch run's exit, where the worker
  // is still busy with the view when the frame loop leaves).
  Log log;
  auto session = std::make_unique<SolverSession>(log, kDefaultViewBudget, 1);
  std::atomic<int> wakes{0};
  session->set_wake_callback([&wakes] { ++wakes; });
  session->load_async(GraphSource::generator("ring:n=1500"), config("cpu-blocked", 32));
  session->wait_idle();
  session->run_to_end_async();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (session->snapshot().activity != "run to end" && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ASSERT_EQ(session->snapshot().activity, "run to end");
  const int before = wakes.load();
  session.reset();  // joins the worker after the run's last publish
  EXPECT_GT(wakes.load(), before);
}

TEST_F(StudioSession, RangeErrorStopsTheSolve) {
  // Each weight fits int16 (the loader's rule: below 8191), the path 0 -> 12 (48000) does not.
  std::string edges;
  for (int v = 0; v < 12; ++v) edges += std::to_string(v) + " " + std::to_string(v + 1) + " 4000\n";
  const std::string path = dir.file("wide.txt", edges);
  session.load_async(GraphSource::file(path), config("cpu-blocked", 2, DType::I16));
  ASSERT_FALSE(session.take_failure());
  EXPECT_TRUE(settle().stopped.empty());
  session.run_to_end_async();
  const SessionSnapshot s = settle();
  const std::optional<JobFailure> failure = session.take_failure();
  ASSERT_TRUE(failure);
  EXPECT_EQ(s.stopped.rfind("RangeError: ", 0), 0u) << s.stopped;
  EXPECT_NE(s.stopped.find(failure->message), std::string::npos);
  // The engine's solver says the same when asked as `apsp solve` asks it.
  std::unique_ptr<Solver> engine = engine_solver(engine_graph(GraphSource::file(path)), 2, DType::I16);
  engine->step(Granularity::ToEnd);
  EXPECT_THROW(engine->check_final_range(), RangeError);

  session.reset_async();  // a reset clears it
  EXPECT_TRUE(settle().stopped.empty());
}

TEST_F(StudioSession, NegativeCycleStopsTheSolveAndTheClassroomShowsIt) {
  const std::string path = dir.file("cycle.txt", "0 1 1\n1 2 -3\n2 0 1\n2 3 4\n");
  session.load_async(GraphSource::file(path), config("cpu-blocked", 2));
  settle();
  session.run_to_end_async();
  const SessionSnapshot s = settle();
  ASSERT_TRUE(session.take_failure());
  EXPECT_FALSE(s.stopped.empty());
  EXPECT_EQ(s.stopped.find("RangeError"), std::string::npos);
  session.select_async(0, 1);  // the inspector of any cell now says why there are no shortest paths
  const NegativeCycleFinding shown = settle().inspection.negative_cycle;
  EXPECT_TRUE(shown.found);
  EXPECT_EQ(shown.vertices, (std::vector<std::int32_t>{0, 1, 2}));
  EXPECT_THROW(solve_all(*engine_solver(engine_graph(GraphSource::file(path)), 2),
                         to_distance_matrix(engine_graph(GraphSource::file(path)), 2, DType::I32)),
               NegativeCycleError);
}

TEST_F(StudioSession, SparseStepsRowsAndRunsToTheEngineAnswer) {
  const Graph graph = engine_graph(GraphSource::generator(kGraph));
  session.load_async(GraphSource::generator(kGraph), config("cpu-dijkstra"));
  SessionSnapshot s = settle();
  ASSERT_FALSE(session.take_failure());
  ASSERT_TRUE(s.sparse);
  EXPECT_TRUE(s.has_solver);
  EXPECT_EQ(s.n, 40);
  EXPECT_EQ(s.rounds, 0);
  EXPECT_EQ(s.sparse->sources, 40);
  EXPECT_EQ(s.sparse->rows_done, 0);

  session.step_async(Granularity::KStep, 3);  // three vertices of source 0 settled
  s = settle();
  EXPECT_EQ(s.sparse->settles, 3);
  EXPECT_EQ(s.sparse->current_source, 0);
  session.step_async(Granularity::Round);  // source 0 finished
  s = settle();
  EXPECT_EQ(s.sparse->rows_done, 1);
  const std::vector<std::int32_t> expected = final_distances(graph);
  ASSERT_TRUE(s.view);
  ASSERT_EQ(s.view->geometry.cols, 40);  // one texel per cell: row 0 holds source 0's distances
  ASSERT_EQ(s.view->tiles.size(), 40u * 40u);
  EXPECT_EQ(std::vector<std::int32_t>(s.view->tiles.begin(), s.view->tiles.begin() + 40),
            std::vector<std::int32_t>(expected.begin(), expected.begin() + 40));
  EXPECT_EQ(s.view->tiles[40], kViewPendingTile);  // source 1 not computed yet

  session.back_async(teach::TravelUnit::Round);  // no history to travel
  settle();
  const std::optional<JobFailure> failure = session.take_failure();
  ASSERT_TRUE(failure);
  EXPECT_NE(failure->message.find("no history"), std::string::npos);

  session.run_to_end_async();
  s = settle();
  EXPECT_TRUE(s.cursor.finished);
  EXPECT_EQ(s.sparse->rows_done, 40);
  EXPECT_EQ(saved_distances("all.txt"), expected);
  ASSERT_TRUE(s.view);
  EXPECT_EQ(s.view->geometry.rows, 40);
}

TEST_F(StudioSession, SparseNegativeCycleStopsTheSolve) {
  const std::string path = dir.file("cycle.txt", "0 1 1\n1 2 -3\n2 0 1\n2 3 4\n");
  session.load_async(GraphSource::file(path), config("cpu-dijkstra"));
  settle();
  ASSERT_FALSE(session.take_failure());
  session.step_async(Granularity::Round);
  const SessionSnapshot s = settle();
  ASSERT_TRUE(session.take_failure());
  EXPECT_FALSE(s.stopped.empty());
  EXPECT_EQ(s.stopped.find("RangeError"), std::string::npos);
}

// A negative cycle whose recovery was stopped (cancel) carries no vertices: the classroom still says a cycle
// exists, with its vertices unknown, in the inspector's state and in --explain-json, never "no cycle".
TEST(NegativeCycleFinding, AStoppedRecoveryIsFoundWithUnknownVertices) {
  const NegativeCycleFinding stopped = NegativeCycleFinding::from(NegativeCycleError({}));
  EXPECT_TRUE(stopped.found);
  EXPECT_FALSE(stopped.vertices_known());
  EXPECT_FALSE(NegativeCycleFinding{}.found);

  Inspection inspection;
  inspection.negative_cycle = stopped;
  ClassroomState classroom;
  fill_classroom(classroom, inspection);
  EXPECT_TRUE(classroom.negative_cycle.found);

  ScratchDir dir;
  SessionSnapshot snapshot;
  snapshot.inspection = inspection;
  const std::string path = dir.file("explain.json");
  write_explain_json(path, snapshot);
  std::ifstream in(path);
  const std::string json((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(json.find("\"negative_cycle_found\": true"), std::string::npos) << json;
  EXPECT_NE(json.find("\"negative_cycle\": null"), std::string::npos) << json;
}

// The teaching stepper's Johnson potentials poll the run's stop hook (the studio's cancel), as the solver does.
TEST(SparseRunStepper, JohnsonPotentialsStopOnTheRunsStopHook) {
  ScratchDir dir;
  const std::string path = dir.file("negative.txt", "0 1 2\n1 2 -1\n2 3 1\n");
  auto graph = std::make_shared<const Graph>(engine_graph(GraphSource::file(path)));
  SparseSolverOptions options;
  options.should_stop = [] { return true; };
  SparseRun run(graph, to_csr(*graph), "cpu-dijkstra", SourceSpec::parse("all"), options);
  EXPECT_THROW(run.settle_one(), Error);
  EXPECT_EQ(run.rows_done(), 0);

  SparseRun unstopped(graph, to_csr(*graph), "cpu-dijkstra", SourceSpec::parse("all"), SparseSolverOptions{});
  EXPECT_NO_THROW(unstopped.finish_source());
  EXPECT_EQ(unstopped.rows_done(), 1);
}

TEST_F(StudioSession, ConfigureSwitchesBetweenDenseAndSparse) {
  session.load_async(GraphSource::generator(kGraph), config("cpu-blocked"));
  session.configure_async(config("cpu-dijkstra"));
  SessionSnapshot s = settle();
  ASSERT_FALSE(session.take_failure());
  ASSERT_TRUE(s.sparse);
  EXPECT_EQ(s.config.backend, "cpu-dijkstra");
  session.measure_async();  // sparse solvers are measured by apsp bench
  settle();
  ASSERT_TRUE(session.take_failure());

  session.configure_async(config("cpu-blocked", 16));
  s = settle();
  ASSERT_FALSE(session.take_failure());
  EXPECT_FALSE(s.sparse);
  EXPECT_EQ(s.rounds, 3);
  EXPECT_EQ(s.graph.matrix_bytes, DistanceMatrix::required_bytes(40, 16, DType::I32));
}

}  // namespace
}  // namespace apsp::studio
