// The predecessor matrix Π of every CUDA dense variant and of multi-GPU cuda-tuned, derived from their distances
// (Solver::read_predecessors): at every round's start and the end, each path read from Π weighs the distance;
// on random graphs (negative, zero and parallel edges, self loops, n no multiple of B) and the course cases.
#include <apsp/core/option_limits.h>
#include <apsp/io/graph_io.h>

#include <filesystem>

#include "cuda_test_support.h"
#include "predecessor_checks.h"
#include "solve/cuda/multi_gpu_solver.h"

namespace apsp {
namespace {

/// Checks Π at every round's start and at the end of @p s, loaded with @p weights; mid-round it is refused.
void expect_derived_pi_at_round_boundaries(Solver& s, const DistanceMatrix& weights) {
  ASSERT_FALSE(s.tracks_predecessors());
  DistanceMatrix d;
  PredecessorMatrix pi;
  while (true) {
    s.read(d);
    s.read_predecessors(pi);
    ASSERT_EQ(test::predecessor_mismatch(weights, d, pi), "") << "at the start of round " << s.cursor().round;
    if (s.finished()) break;
    s.step(Granularity::KStep);
    if (!s.finished() && s.cursor().k != 0) {
      EXPECT_THROW(s.read_predecessors(pi), UsageError);
    }
    s.step(Granularity::Round);
  }
}

std::vector<Graph> random_graphs() {
  std::vector<Graph> out;
  test::RandomGraphOptions o;
  o.negative = true;
  o.w_lo = 0;
  o.w_hi = 4;
  o.density = 0.1;
  for (const int n : {5, 37, 130}) out.push_back(test::random_graph(n, 40 + static_cast<std::uint64_t>(n), o));
  test::RandomGraphOptions zero;
  zero.w_lo = 0;
  zero.w_hi = 0;
  zero.density = 0.05;
  out.push_back(test::random_graph(71, 3, zero));
  return out;
}

TEST(CudaPredecessors, EveryDenseVariantDerivesAPiWithTheDistancesLengths) {
  APSP_REQUIRE_GPU();
  for (const std::string& backend : test::cuda_backends()) {
    const int block = test::blocks_of(backend).front();
    for (const Graph& g : random_graphs()) {
      SCOPED_TRACE(backend + " B=" + std::to_string(block) + " n=" + std::to_string(g.n));
      const DistanceMatrix weights = to_distance_matrix(g, block, DType::I32);
      auto s = test::make_loaded(backend, weights, block, DType::I32);
      expect_derived_pi_at_round_boundaries(*s, weights);
    }
  }
}

TEST(CudaPredecessors, CourseCasesGiveAPiWithTheDistancesLengths) {
  APSP_REQUIRE_GPU();
  const std::filesystem::path dir = std::filesystem::path(APSP_TESTDATA_DIR) / "course-hw3";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << dir << " not present";
  int cases = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name == "README.md" || name.ends_with(".sha256")) continue;
    const Graph g = read_graph(entry.path().string()).graph;
    if (g.n > limits::kMaxPredecessorVertices) continue;
    for (const std::string& backend : test::cuda_backends()) {
      SCOPED_TRACE(name + " " + backend);
      const int block = test::blocks_of(backend).back();
      const DistanceMatrix weights = to_distance_matrix(g, block, DType::I32);
      auto s = test::make_loaded(backend, weights, block, DType::I32);
      s->step(Granularity::ToEnd);
      DistanceMatrix d;
      s->read(d);
      PredecessorMatrix pi;
      s->read_predecessors(pi);
      EXPECT_EQ(test::predecessor_mismatch(weights, d, pi), "");
    }
    ++cases;
  }
  EXPECT_GE(cases, 17);
}

TEST(CudaPredecessors, MultiGpuDerivesAPiWithTheDistancesLengths) {
  APSP_REQUIRE_GPU();
  // Three bands emulated on GPU 0 (peer copies), and two real GPUs where there are two.
  std::vector<std::vector<int>> setups{{0, 0, 0}};
  if (cuda_device_count() >= 2) setups.push_back({0, 1});
  for (const std::vector<int>& devices : setups) {
    SolverOptions o;
    o.block = 64;
    o.gpus = static_cast<int>(devices.size());
    auto s = cuda::make_multi_gpu_solver(o, cuda::MultiGpuConfig{devices, "peer"});
    test::RandomGraphOptions r;
    r.negative = true;
    r.w_lo = 0;
    r.w_hi = 4;
    r.density = 0.03;
    const Graph g = test::random_graph(300, 17, r);  // three 128-row band units
    SCOPED_TRACE(std::to_string(devices.size()) + " bands");
    const DistanceMatrix weights = to_distance_matrix(g, 64, DType::I32);
    s->reset(weights);
    expect_derived_pi_at_round_boundaries(*s, weights);
  }
}

}  // namespace
}  // namespace apsp
