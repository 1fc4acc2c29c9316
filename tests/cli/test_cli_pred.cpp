// apsp solve --pred FILE: the predecessor matrix in the distances' formats (NIL = -1, 0-based), equal to the
// engine's Π, its paths as long as the distances on dense and sparse backends; refused above the size limit
// and where it would replace the input or another output.
#include <apsp/core/option_limits.h>
#include <apsp/graph/generators.h>
#include <apsp/io/distance_io.h>
#include <apsp/solve/registry.h>

#include <filesystem>

#include "../engine/predecessor_checks.h"
#include "cli_test_support.h"

namespace apsp::test {
namespace {

class CliPred : public TempDir {};

/// The engine's Π of @p spec solved to the end by @p backend (tracked when it can be).
PredecessorMatrix engine_pi(const std::string& spec, const std::string& backend, int block) {
  SolverOptions o;
  o.block = block;
  o.track_paths = true;
  auto s = create_solver(backend, o);
  s->reset(to_distance_matrix(generate(GeneratorSpec::parse(spec)), block, DType::I32));
  s->step(Granularity::ToEnd);
  PredecessorMatrix pi;
  s->read_predecessors(pi);
  return pi;
}

PredecessorMatrix as_pi(const DistanceTable& t) {
  PredecessorMatrix pi(t.n);
  EXPECT_EQ(t.rows, t.n);
  for (int i = 0; i < t.n; ++i)
    for (int j = 0; j < t.n; ++j) pi.set(i, j, t.values[static_cast<std::size_t>(i) * t.n + j]);
  return pi;
}

TEST_F(CliPred, TheClrsPresetWritesTheTextbooksPiNumberedFromZero) {
  const RunResult r = run_apsp("solve --gen classroom:clrs --backend cpu-naive -q --pred " + path("pi.csv"));
  ASSERT_EQ(r.status, 0) << r.output;
  // The textbook's Π^(5) (1-based, NIL) is this, every vertex one less and NIL as -1.
  EXPECT_EQ(read_text(path("pi.csv")), "-1,2,3,4,0\n3,-1,3,1,0\n3,2,-1,1,0\n3,2,3,-1,0\n3,2,3,4,-1\n");
}

TEST_F(CliPred, EveryFormatHoldsTheEnginesPi) {
  const std::string spec = "gnm:n=37,m=220,seed=3,w=0:5,neg=1";
  for (const char* backend : {"cpu-naive", "cpu-blocked"}) {
    SCOPED_TRACE(backend);
    const PredecessorMatrix expected = engine_pi(spec, backend, 8);
    for (const char* file : {"pi.bin", "pi.npy", "pi.csv"}) {
      SCOPED_TRACE(file);
      const RunResult r = run_apsp("solve --gen " + spec + " --backend " + backend + " --block 8 -q --pred " + path(file));
      ASSERT_EQ(r.status, 0) << r.output;
      EXPECT_TRUE(as_pi(read_distance_table(path(file))) == expected);
    }
  }
  // --out-format names the format of both files; '-' writes csv to standard output.
  ASSERT_EQ(run_apsp("solve --gen " + spec + " --backend cpu-naive -q --out-format npy --pred " + path("pi.data")).status, 0);
  EXPECT_TRUE(as_pi(read_distance_table(path("pi.data"), DistanceFormat::Npy)) == engine_pi(spec, "cpu-naive", 64));
  const RunResult out = run_apsp("solve --gen classroom:clrs --backend cpu-naive -q --pred -");
  ASSERT_EQ(out.status, 0) << out.output;
  EXPECT_EQ(out.output.substr(0, 11), "-1,2,3,4,0\n");
}

TEST_F(CliPred, PathsReadFromTheWrittenPiHaveTheDistancesLengthsOnDenseAndSparseBackends) {
  const std::string spec = "gnm:n=45,m=260,seed=8,w=0:4,neg=1";
  const Graph g = generate(GeneratorSpec::parse(spec));
  const DistanceMatrix weights = to_distance_matrix(g, 64, DType::I32);
  for (const char* backend : {"cpu-naive", "cpu-blocked", "cpu-dijkstra"}) {
    SCOPED_TRACE(backend);
    const RunResult r = run_apsp("solve --gen " + spec + " --backend " + backend + " -q -o " + path("d.npy") +
                                 " --pred " + path("p.npy"));
    ASSERT_EQ(r.status, 0) << r.output;
    const DenseDistances dd = read_distances(path("d.npy"));
    DistanceMatrix d(dd.n, 64, DType::I32);
    d.assign_dense(dd.values.data());
    EXPECT_EQ(predecessor_mismatch(weights, d, as_pi(read_distance_table(path("p.npy")))), "");
  }
  // --sources: the rows of those sources, from a dense and a sparse backend alike.
  const PredecessorMatrix all = as_pi(read_distance_table(path("p.npy")));
  for (const char* backend : {"cpu-blocked", "cpu-dijkstra"}) {
    ASSERT_EQ(run_apsp("solve --gen " + spec + " --backend " + backend + " -q --sources 7,0 --pred " + path("rows.csv")).status, 0);
    const DistanceTable rows = read_distance_table(path("rows.csv"));
    ASSERT_EQ(rows.rows, 2);
    for (int v = 0; v < g.n; ++v) {
      EXPECT_EQ(rows.values[static_cast<std::size_t>(v)], all.at(7, v)) << backend;
      EXPECT_EQ(rows.values[static_cast<std::size_t>(g.n + v)], all.at(0, v)) << backend;
    }
  }
}

TEST_F(CliPred, RefusedAboveTheLimitBeforeSolving) {
  const std::string n = std::to_string(limits::kMaxPredecessorVertices + 1);
  for (const char* backend : {"cpu-blocked", "cpu-dijkstra"}) {
    const RunResult r = run_apsp("solve --gen path:n=" + n + " --backend " + std::string(backend) + " --pred " +
                                 path("p.npy") + " -o " + path("d.npy"));
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
    EXPECT_NE(r.output.find(std::to_string(limits::kMaxPredecessorVertices)), std::string::npos) << r.output;
    EXPECT_FALSE(std::filesystem::exists(path("p.npy")));
    EXPECT_FALSE(std::filesystem::exists(path("d.npy")));  // nothing solved, nothing written
  }
}

TEST_F(CliPred, RefusedWhereItWouldReplaceTheInputOrAnotherOutput) {
  std::ofstream(path("g.txt")) << "0 1 4\n1 2 5\n2 0 1\n";
  const std::string graph = read_text(path("g.txt"));
  const auto expect_refused = [&](const RunResult& r, const std::string& other) {
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
    EXPECT_NE(r.output.find("--pred"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(other), std::string::npos) << r.output;
    EXPECT_EQ(read_text(path("g.txt")), graph);
  };
  expect_refused(run_apsp("solve " + path("g.txt") + " -q --pred " + path("g.txt")), "input");
  expect_refused(run_apsp("solve " + path("g.txt") + " -q -o " + path("x.csv") + " --pred " + path("x.csv")), "-o");
  EXPECT_FALSE(std::filesystem::exists(path("x.csv")));
  expect_refused(run_apsp("solve " + path("g.txt") + " -q -o - --pred -"), "standard output");
  expect_refused(run_apsp("solve " + path("g.txt") + " -q --pred ''"), "empty");
  // The course binary holds the whole matrix only.
  const RunResult rows = run_apsp("solve " + path("g.txt") + " -q --sources 1 --pred " + path("p.bin"));
  EXPECT_EQ(rows.status, 2) << rows.output;
  EXPECT_FALSE(std::filesystem::exists(path("p.bin")));
}

}  // namespace
}  // namespace apsp::test
