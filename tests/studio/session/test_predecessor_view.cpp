// Π in the studio's session (session/predecessor_view.h): the Π it publishes equals the engine's own
// Solver::read_predecessors at every cursor the session reaches (forward by k-steps, phases and rounds, and back
// by time travel), π_ij before a step is the engine's Π before it, and the path read from Π has the distance's
// length once the solve ends.
#include <apsp/io/graph_source.h>
#include <apsp/solve/registry.h>
#include <apsp/teach/shortest_path.h>
#include <apsp/teach/time_travel.h>
#include <gtest/gtest.h>

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "session/predecessor_reader.h"
#include "session/solver_session.h"

namespace apsp::studio {
namespace {

Graph graph_of(const std::string& spec) { return load_graph(GraphSource::generator(spec), {}).graph; }

SolverConfig config(const std::string& backend, int block) {
  SolverConfig c;
  c.backend = backend;
  c.block = block;
  c.threads = 1;
  return c;
}

/// The engine's solver as the session builds it for a classroom graph: Π kept.
std::unique_ptr<Solver> engine_solver(const Graph& graph, const std::string& backend, int block) {
  SolverOptions o{block, DType::I32, 1};
  o.track_paths = true;
  std::unique_ptr<Solver> solver = create_solver(backend, o);
  solver->reset(to_distance_matrix(graph, block, DType::I32));
  return solver;
}

std::vector<std::int32_t> values_of(const PredecessorMatrix& pi) {
  std::vector<std::int32_t> out;
  for (int i = 0; i < pi.n(); ++i)
    for (const std::int32_t v : pi.row(i)) out.push_back(v);
  return out;
}

std::vector<std::int32_t> engine_pi(Solver& solver) {
  PredecessorMatrix pi;
  solver.read_predecessors(pi);
  return values_of(pi);
}

struct Case {
  const char* graph;
  const char* backend;
  int block;
};
// Failures name the case, not its bytes.
void PrintTo(const Case& c, std::ostream* os) { *os << c.graph << " on " << c.backend << ", B = " << c.block; }

class PredecessorView : public testing::TestWithParam<Case> {
 protected:
  SessionSnapshot settle() {
    session.wait_idle();
    EXPECT_FALSE(session.take_failure());
    return session.snapshot();
  }
  Log log;
  SolverSession session{log, kDefaultViewBudget, 1};
};

TEST_P(PredecessorView, PublishedPiIsTheSolversAtEveryCursor) {
  const Case c = GetParam();
  const Graph graph = graph_of(c.graph);
  std::unique_ptr<Solver> reference = engine_solver(graph, c.backend, c.block);
  session.load_async(GraphSource::generator(c.graph), config(c.backend, c.block), false);
  session.select_async(1, graph.n - 1);
  SessionSnapshot s = settle();
  ASSERT_TRUE(s.inspection.predecessors.shown()) << s.inspection.predecessors.note;
  EXPECT_TRUE(s.inspection.predecessors.tracked);
  EXPECT_EQ(values_of(*s.inspection.predecessors.pi), engine_pi(*reference));
  EXPECT_FALSE(s.inspection.predecessors.pi_ij_before);  // no step yet

  // Forward by every granularity: after each step the published Π is the engine's, and π_ij before the step
  // is the engine's Π before it.
  const std::size_t cell = static_cast<std::size_t>(graph.n - 1);  // (1, n - 1) in a row-major n x n
  const Granularity order[] = {Granularity::KStep, Granularity::Phase, Granularity::KStep, Granularity::Round,
                               Granularity::Phase, Granularity::Phase, Granularity::KStep};
  for (const Granularity g : order) {
    ASSERT_FALSE(reference->finished());
    const std::vector<std::int32_t> before = engine_pi(*reference);
    reference->step(g);
    session.step_async(g);
    s = settle();
    ASSERT_TRUE(s.inspection.predecessors.shown()) << s.inspection.predecessors.note;
    EXPECT_EQ(values_of(*s.inspection.predecessors.pi), engine_pi(*reference));
    ASSERT_TRUE(s.inspection.predecessors.pi_before);
    EXPECT_EQ(values_of(*s.inspection.predecessors.pi_before), before);
    ASSERT_TRUE(s.inspection.predecessors.pi_ij_before);
    EXPECT_EQ(*s.inspection.predecessors.pi_ij_before, before[static_cast<std::size_t>(graph.n) + cell]);
    EXPECT_EQ(s.inspection.predecessors.pi_ij, engine_pi(*reference)[static_cast<std::size_t>(graph.n) + cell]);
  }

  // Two phases in one job (π_ij before is the state before the second, never read by the session before),
  // then back one phase and forward again on the timeline: exact, Π included.
  ASSERT_FALSE(reference->finished());
  reference->step(Granularity::Phase);
  const std::vector<std::int32_t> before_last = engine_pi(*reference);
  ASSERT_FALSE(reference->finished());
  reference->step(Granularity::Phase);
  const std::vector<std::int32_t> after_two = engine_pi(*reference);
  session.step_async(Granularity::Phase, 2);
  s = settle();
  EXPECT_EQ(values_of(*s.inspection.predecessors.pi), after_two);
  ASSERT_TRUE(s.inspection.predecessors.pi_before);
  EXPECT_EQ(values_of(*s.inspection.predecessors.pi_before), before_last);
  ASSERT_TRUE(s.inspection.predecessors.pi_ij_before);
  EXPECT_EQ(*s.inspection.predecessors.pi_ij_before, before_last[static_cast<std::size_t>(graph.n) + cell]);

  session.back_async(teach::TravelUnit::Phase, 1);
  s = settle();
  EXPECT_EQ(values_of(*s.inspection.predecessors.pi), before_last);
  session.seek_async(s.inspection.steps_recorded);
  s = settle();
  EXPECT_EQ(values_of(*s.inspection.predecessors.pi), after_two);

  // To the end: Π is the engine's, and the path read from Π for every pair has the distance's length.
  session.run_to_end_async();
  s = settle();
  ASSERT_TRUE(s.cursor.finished);
  reference->step(Granularity::ToEnd);
  EXPECT_EQ(values_of(*s.inspection.predecessors.pi), engine_pi(*reference));
  const teach::OutEdges edges(graph);
  int paths = 0;
  for (int i = 0; i < graph.n; ++i) {
    for (int j = 0; j < graph.n; ++j) {
      const PredecessorPath p = predecessor_path(*s.inspection.predecessors.pi, edges, i, j);
      const std::int32_t d = reference->value_at(i, j);
      if (d == kInf32) {
        EXPECT_TRUE(p.vertices.empty()) << i << " -> " << j;
        continue;
      }
      ASSERT_FALSE(p.vertices.empty()) << i << " -> " << j;
      EXPECT_EQ(p.vertices.front(), i);
      EXPECT_EQ(p.vertices.back(), j);
      EXPECT_TRUE(p.on_edges) << i << " -> " << j;
      EXPECT_EQ(p.length, d) << i << " -> " << j;
      ++paths;
    }
  }
  EXPECT_GT(paths, graph.n);
  // The selected cell's path as the inspector shows it: its length beside d_ij, equal.
  const PredecessorInspection& sel = s.inspection.predecessors;
  if (sel.d_ij != kInf32) {
    ASSERT_FALSE(sel.path.empty());
    EXPECT_EQ(sel.path_length, sel.d_ij);
  }
}

INSTANTIATE_TEST_SUITE_P(ClassroomGraphs, PredecessorView,
                         testing::Values(Case{"classroom:textbook4", "cpu-blocked", 1},
                                         Case{"classroom:cities8", "cpu-blocked", 2},
                                         Case{"classroom:grid3", "cpu-naive", 1},
                                         // ties (weights 1..3) and negative edges (potentials), no cycle
                                         Case{"er:n=13,p=0.3,seed=5,w=1:3,neg=1", "cpu-blocked", 4},
                                         Case{"er:n=13,p=0.3,seed=5,w=1:3,neg=1", "cpu-naive", 2}));

TEST(PredecessorReader, DerivedPiIsShownAtRoundBoundariesAndSaidMidRound) {
  // A solver that keeps no Π of its own (as the GPU backends) derives it from the distances: at a round boundary
  // it is shown, and is the tracked solver's wherever shortest paths do not tie; mid-round one line says why
  // there is none instead of a wrong Π.
  const Graph graph = graph_of("classroom:cities8");
  SolverOptions o{2, DType::I32, 1};
  std::unique_ptr<Solver> derived = create_solver("cpu-blocked", o);
  derived->reset(to_distance_matrix(graph, 2, DType::I32));
  teach::TimeTravel travel(*derived, [&] { return to_distance_matrix(graph, 2, DType::I32); });
  const teach::OutEdges edges(graph);
  PredecessorReader reader;
  travel.step(Granularity::Round);
  PredecessorInspection p = reader.read(*derived, travel, edges, 7, 2);
  ASSERT_TRUE(p.shown()) << p.note;
  EXPECT_FALSE(p.tracked);
  EXPECT_TRUE(p.pi_ij_before);  // the start: a round boundary
  travel.step(Granularity::Phase);
  p = reader.read(*derived, travel, edges, 7, 2);
  EXPECT_FALSE(p.shown());
  EXPECT_NE(p.note.find("round boundaries"), std::string::npos) << p.note;
  EXPECT_EQ(p.note.find('\n'), std::string::npos);
  travel.step(Granularity::ToEnd);
  p = reader.read(*derived, travel, edges, 7, 2);
  ASSERT_TRUE(p.shown()) << p.note;
  EXPECT_FALSE(p.pi_ij_before);  // the step began mid-round: no Π before it
  EXPECT_EQ(p.path_length, p.d_ij);
}

TEST(PredecessorViewLimit, AboveTheGraphViewsSizeSaysWhyInOneLine) {
  Log log;
  SolverSession session{log, kDefaultViewBudget, 1};
  session.load_async(GraphSource::generator("ring:n=" + std::to_string(kPredecessorViewMaxVertices + 1)),
                     config("cpu-blocked", 16), false);
  session.wait_idle();
  const SessionSnapshot s = session.snapshot();
  EXPECT_FALSE(s.inspection.predecessors.shown());
  EXPECT_NE(s.inspection.predecessors.note.find("at most " + std::to_string(kPredecessorViewMaxVertices)),
            std::string::npos)
      << s.inspection.predecessors.note;
  EXPECT_EQ(s.inspection.predecessors.note.find('\n'), std::string::npos);
}

}  // namespace
}  // namespace apsp::studio
