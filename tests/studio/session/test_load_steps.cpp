// The studio's load takes the engine's path, Solver::reset(const Graph&): its steps (read or generate, build,
// upload, first view) reported in order while it runs and summed up in the log, and a backend that builds its
// matrix from the edges (a GPU's) given no n x n host matrix for a big graph, neither at the load nor when the
// run goes back to its start.
#include <apsp/core/errors.h>
#include <apsp/core/option_limits.h>
#include <apsp/solve/registry.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "session/solver_session.h"

namespace apsp::studio {
namespace {

std::vector<std::string> step_names(const LoadStatus& load) {
  std::vector<std::string> names;
  for (const LoadStep& s : load.steps) names.push_back(s.name);
  return names;
}

std::string log_line_starting(const Log& log, const std::string& start) {
  for (const LogEntry& e : log.entries())
    if (e.text.rfind(start, 0) == 0) return e.text;
  return {};
}

SolverConfig config(const std::string& backend, int block) {
  SolverConfig c;
  c.backend = backend;
  c.block = block;
  c.threads = 1;
  return c;
}

TEST(StudioLoadSteps, ALoadReportsItsStepsInOrderAndTheirBreakdownInTheLog) {
  Log log;
  SolverSession session(log, kDefaultViewBudget, 1);
  const std::string graph = "gnm:n=300,m=2000,seed=3,w=1:9";
  session.load_async(GraphSource::generator(graph), config("cpu-blocked", 16));
  session.wait_idle();
  ASSERT_FALSE(session.take_failure());
  ASSERT_TRUE(session.snapshot().load);
  const LoadStatus load = *session.snapshot().load;
  EXPECT_FALSE(load.running);
  EXPECT_EQ(load.what, GraphSource::generator(graph).label());
  EXPECT_EQ(step_names(load),
            (std::vector<std::string>{"generate", "build on the host", "upload", "first view"}));
  for (const LoadStep& s : load.steps) {
    EXPECT_TRUE(s.done) << s.name;
    EXPECT_GE(s.ms, 0.0) << s.name;
  }
  // The upload's bytes are the ones Solver::load_times() reports for reset(const Graph&): the padded matrix.
  EXPECT_EQ(load.steps[2].bytes, DistanceMatrix::required_bytes(300, 16, DType::I32));

  const std::string line = log_line_starting(log, "loaded " + load.what + ": n = 300");
  ASSERT_FALSE(line.empty()) << log.to_text();
  std::size_t at = 0;
  for (const char* step : {"generate ", "build on the host ", "upload ", "first view ", " in all"}) {
    const std::size_t found = line.find(step, at);
    ASSERT_NE(found, std::string::npos) << step << " in order in: " << line;
    at = found;
  }
  EXPECT_NE(line.find("(" + format_bytes(load.steps[2].bytes) + ")"), std::string::npos) << line;
}

TEST(StudioLoadSteps, AFileIsReadAndAFailedLoadLeavesItsStepsFinished) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "apsp-load-steps-test";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "g.txt").string();
  std::ofstream(path) << "0 1 4\n1 2 5\n";
  Log log;
  SolverSession session(log, kDefaultViewBudget, 1);
  session.load_async(GraphSource::file(path), config("cpu-blocked", 4));
  session.wait_idle();
  ASSERT_FALSE(session.take_failure());
  EXPECT_EQ(step_names(*session.snapshot().load).front(), "read");
  const int n = session.snapshot().n;

  std::ofstream(path) << "0 1 four\n";  // not a weight: the load fails, the steps end
  session.load_async(GraphSource::file(path), config("cpu-blocked", 4));
  session.wait_idle();
  EXPECT_TRUE(session.take_failure());
  const LoadStatus failed = *session.snapshot().load;
  EXPECT_FALSE(failed.running);
  EXPECT_EQ(failed.current(), nullptr);
  EXPECT_EQ(session.snapshot().n, n);  // the graph loaded before stays
  std::filesystem::remove_all(dir);
}

// A stand-in for a GPU backend that builds its matrix where it keeps it (builds_on_device()): plain Floyd–Warshall
// on a host matrix, counting how often an n x n matrix of a big graph was handed to it from the host.
std::atomic<int> g_big_host_loads{0};
std::atomic<int> g_edge_loads{0};
constexpr int kBig = limits::kMaxPredecessorVertices + 4;  // above it the base keeps no copy of the input

class EdgeBuildingSolver final : public Solver {
 public:
  explicit EdgeBuildingSolver(const SolverOptions& o) : Solver(o) {}
  std::string_view name() const override { return "test-edge-builder"; }
  bool blocked() const override { return false; }
  Storage storage() const override {
    Storage s;
    s.n = m_matrix.n();
    s.dtype = DType::I32;
    if (!m_matrix.empty())
      s.bands.push_back(StorageBand{-1, m_matrix.data(), m_matrix.pitch_bytes(), 0, m_matrix.n(), nullptr, nullptr});
    return s;
  }

 protected:
  void load(const DistanceMatrix& padded) override {
    if (padded.n() >= kBig) ++g_big_host_loads;
    m_matrix = to_copy(padded);
  }
  bool builds_on_device() const override { return true; }
  void load_edges(const Graph& graph, LoadTimes& times) override {
    ++g_edge_loads;
    m_matrix = to_distance_matrix(graph, options().block, DType::I32);
    times.upload_bytes = static_cast<std::uint64_t>(graph.m()) * sizeof(Edge);
  }
  void run_phase(int round, Phase, int k_begin, int k_end) override {
    const int n = m_matrix.n();
    for (int k = round * options().block + k_begin; k < std::min(n, round * options().block + k_end); ++k) {
      const std::int32_t* row_k = m_matrix.row<std::int32_t>(k);
      for (int i = 0; i < n; ++i) {
        std::int32_t* row_i = m_matrix.row<std::int32_t>(i);
        const std::int64_t ik = row_i[k];
        for (int j = 0; j < n; ++j)
          row_i[j] = static_cast<std::int32_t>(std::min<std::int64_t>(row_i[j], ik + row_k[j]));
      }
    }
    PhaseSample s;
    s.round = round;
    s.phase = Phase::Full;
    record(s);  // a GPU's finished round, as its events report it
  }
  bool negative_diagonal(bool) override {
    for (int i = 0; i < m_matrix.n(); ++i)
      if (m_matrix.get(i, i) < 0) return true;
    return false;
  }
  void read_raw(DistanceMatrix& out) override { std::memcpy(out.data(), m_matrix.data(), out.storage_bytes()); }
  std::int32_t raw_value_at(int i, int j) override { return m_matrix.get(i, j); }

 private:
  static DistanceMatrix to_copy(const DistanceMatrix& m) {
    DistanceMatrix copy(m.n(), m.block(), m.dtype());
    std::memcpy(copy.data(), m.data(), m.storage_bytes());
    return copy;
  }
  DistanceMatrix m_matrix;
};

const std::string& edge_building_backend() {
  static const std::string name = [] {
    BackendInfo info;
    info.name = "test-edge-builder";
    info.description = "a GPU stand-in that builds its matrix from the edges";
    info.gpu = true;
    info.supports_i16 = false;
    register_backend(info, [](const SolverOptions& o) { return std::make_unique<EdgeBuildingSolver>(o); });
    return info.name;
  }();
  return name;
}

TEST(StudioLoadSteps, ABigGraphOnABackendThatBuildsFromTheEdgesGetsNoHostMatrix) {
  Log log;
  SolverSession session(log, kDefaultViewBudget, 1);
  const std::string graph = "gnm:n=" + std::to_string(kBig) + ",m=20000,seed=5,w=1:100";
  g_big_host_loads = g_edge_loads = 0;
  session.load_async(GraphSource::generator(graph), config(edge_building_backend(), 64));
  session.wait_idle();
  ASSERT_FALSE(session.take_failure()) << log.to_text();
  SessionSnapshot s = session.snapshot();
  EXPECT_EQ(s.n, kBig);
  EXPECT_EQ(step_names(*s.load),
            (std::vector<std::string>{"generate", "build on the device", "upload", "warm-up", "first view"}));
  EXPECT_EQ(s.load->steps[2].bytes, 20000u * sizeof(Edge));
  EXPECT_EQ(g_edge_loads, 1);

  // Restart, and back to the start through time travel: both from the edges again.
  session.reset_async();
  session.step_async(Granularity::KStep);
  session.back_async(teach::TravelUnit::KStep);
  session.wait_idle();
  ASSERT_FALSE(session.take_failure()) << log.to_text();
  s = session.snapshot();
  EXPECT_EQ(s.cursor.round, 0);
  EXPECT_EQ(s.cursor.k, 0);
  EXPECT_EQ(g_edge_loads, 3);
  EXPECT_EQ(g_big_host_loads, 0);
}

}  // namespace
}  // namespace apsp::studio
