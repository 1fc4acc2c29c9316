// The optimization ladder's own options and shapes, on top of the suites every CUDA variant runs
// (test_cuda_solvers, test_cuda_stepping, test_cuda_time_travel, test_cuda_misc iterate cuda_backends(),
// which lists the whole ladder): every ladder backend against cpu-blocked after every round and at the end,
// on n that are not multiples of 4, of the block or of a tile, with negative edges and INF-heavy graphs, in
// int32 and int16; cuda-pseudo-blocked for every P; the classic phase 2 with one CTA per block index.
#include <apsp/solve/ladder.h>

#include "cuda_test_support.h"

#include <set>

namespace apsp {
namespace {

using test::first_difference;

struct LadderCase {
  std::string backend;
  DType dtype;
  int cells_per_thread = 4;
  Phase2Mode phase2 = Phase2Mode::Split;
};

std::string ladder_case_name(const ::testing::TestParamInfo<LadderCase>& info) {
  const LadderCase& c = info.param;
  std::string s = c.backend + "_" + std::string(to_string(c.dtype));
  if (c.backend == "cuda-pseudo-blocked") s += "_P" + std::to_string(c.cells_per_thread);
  if (c.phase2 == Phase2Mode::OneCta) s += "_one_cta";
  for (char& ch : s)
    if (ch == '-') ch = '_';
  return s;
}

void PrintTo(const LadderCase& c, std::ostream* os) {
  *os << c.backend << " " << to_string(c.dtype) << " P=" << c.cells_per_thread << " phase2 " << to_string(c.phase2);
}

std::vector<LadderCase> ladder_cases() {
  std::vector<LadderCase> out;
  for (DType t : {DType::I32, DType::I16}) {
    for (const std::string& b : ladder_backends()) {
      if (b == "cuda-pseudo-blocked") {
        for (int p : kCellsPerThreadChoices) out.push_back({b, t, p, Phase2Mode::Split});
      } else {
        out.push_back({b, t, 4, Phase2Mode::Split});
      }
    }
    for (const char* b : {"cuda-blocked", "cuda-staged", "cuda-blocked-vec"}) out.push_back({b, t, 4, Phase2Mode::OneCta});
  }
  return out;
}

constexpr int kBlock = 64;  // every ladder step offers it (cuda-staged and cuda-blocked-vec only it)

std::unique_ptr<Solver> make_ladder_solver(const LadderCase& c, const DistanceMatrix& initial) {
  SolverOptions o;
  o.block = kBlock;
  o.dtype = c.dtype;
  o.cells_per_thread = c.cells_per_thread;
  o.phase2 = c.phase2;
  auto s = create_solver(c.backend, o);
  s->reset(initial);
  return s;
}

/// n around 4, the block (64), the tuned tile (128 / 256) and odd sizes: every partial shape.
std::vector<int> ladder_sizes() { return {1, 3, 5, 63, 65, 127, 130, 203, 258}; }

/// Steps @p c and cpu-blocked round by round on @p g and compares after every round and at the end.
void expect_rounds_match_cpu(const LadderCase& c, const Graph& g, const std::string& what) {
  const DistanceMatrix initial = to_distance_matrix(g, kBlock, c.dtype);
  SolverOptions o;
  o.block = kBlock;
  o.dtype = c.dtype;
  auto cpu = create_solver("cpu-blocked", o);
  try {
    cpu->reset(initial);
  } catch (const RangeError&) {
    // int16 cannot hold this graph safely: the GPU must refuse it the same way.
    EXPECT_THROW(make_ladder_solver(c, initial), RangeError) << what << " n=" << g.n;
    return;
  }
  auto gpu = make_ladder_solver(c, initial);
  int round = 0;
  while (!cpu->finished()) {
    ASSERT_FALSE(gpu->finished()) << what << " n=" << g.n;
    cpu->step(Granularity::Round);
    gpu->step(Granularity::Round);
    ASSERT_EQ(first_difference(test::current(*gpu), test::current(*cpu), g.n), "")
        << what << " n=" << g.n << " after round " << round;
    ++round;
  }
  EXPECT_TRUE(gpu->finished());
  EXPECT_EQ(first_difference(test::current(*gpu), test::current(*cpu), g.n), "") << what << " n=" << g.n << " final";
}

class CudaLadder : public ::testing::TestWithParam<LadderCase> {};

TEST_P(CudaLadder, EveryRoundMatchesCpuBlockedOnDenseAndNegativeGraphs) {
  APSP_REQUIRE_GPU();
  const LadderCase c = GetParam();
  for (int n : ladder_sizes()) {
    test::RandomGraphOptions o;
    o.density = 0.15;
    expect_rounds_match_cpu(c, test::random_graph(n, 4000 + n, o), "dense");
    o.negative = true;
    o.potential = 15;
    expect_rounds_match_cpu(c, test::random_graph(n, 5000 + n, o), "negative edges");
  }
}

TEST_P(CudaLadder, EveryRoundMatchesCpuBlockedOnInfHeavyGraphs) {
  APSP_REQUIRE_GPU();
  const LadderCase c = GetParam();
  for (int n : ladder_sizes()) {
    test::RandomGraphOptions o;
    o.density = 1.5 / n;  // most pairs stay unreachable
    o.split = true;
    o.negative = true;
    o.parallel_edges = false;
    expect_rounds_match_cpu(c, test::random_graph(n, 6000 + n, o), "INF-heavy split");
  }
}

TEST_P(CudaLadder, KStepsThenWholePhasesReachTheFinalResult) {
  APSP_REQUIRE_GPU();
  const LadderCase c = GetParam();
  test::RandomGraphOptions o;
  o.negative = true;
  o.density = 0.08;
  const Graph g = test::random_graph(2 * kBlock + 7, 31, o);
  auto s = make_ladder_solver(c, to_distance_matrix(g, kBlock, c.dtype));
  for (int i = 0; i < 5; ++i) s->step(Granularity::KStep);  // part of a phase by k-steps (relax_k)
  s->step(Granularity::Phase);
  s->step(Granularity::Round);
  s->step(Granularity::ToEnd);
  EXPECT_EQ(first_difference(test::current(*s), test::reference_fw(g, g.n), g.n), "");
}

TEST_P(CudaLadder, NegativeCycleIsReported) {
  APSP_REQUIRE_GPU();
  const LadderCase c = GetParam();
  test::RandomGraphOptions o;
  o.density = 0.05;
  Graph g = test::random_graph(3 * kBlock + 5, 99, o);
  const int n = g.n;
  g.edges.push_back({10, 70, 3});
  g.edges.push_back({70, n - 2, -2});
  g.edges.push_back({n - 2, 10, -2});
  auto s = make_ladder_solver(c, to_distance_matrix(g, kBlock, c.dtype));
  test::expect_negative_cycle_reported(*s, g);
}

TEST_P(CudaLadder, ProfileHasEveryPhaseOfEveryRoundWithModeledBytes) {
  APSP_REQUIRE_GPU();
  const LadderCase c = GetParam();
  test::RandomGraphOptions o;
  const Graph g = test::random_graph(3 * kBlock - 3, 8, o);
  auto s = make_ladder_solver(c, to_distance_matrix(g, kBlock, c.dtype));
  s->step(Granularity::ToEnd);
  s->collect_timings(true);
  std::set<std::pair<int, Phase>> seen;
  for (const PhaseSample& p : s->profile().samples()) {
    if (!is_compute(p.phase)) continue;
    EXPECT_GT(p.bytes, 0u);
    EXPECT_GT(p.ms, 0.0);
    seen.insert({p.round, p.phase});
  }
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(s->rounds()) * (s->blocked() ? 3 : 1));
}

INSTANTIATE_TEST_SUITE_P(Ladder, CudaLadder, ::testing::ValuesIn(ladder_cases()), ladder_case_name);

TEST(CudaLadderOptions, BadCellsPerThreadIsAUsageError) {
  APSP_REQUIRE_GPU();
  SolverOptions o;
  o.cells_per_thread = 3;
  try {
    create_solver("cuda-pseudo-blocked", o);
    ADD_FAILURE() << "no UsageError";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("2, 4, 8"), std::string::npos) << e.what();
  }
  // Variants that do not use the option ignore it.
  EXPECT_NO_THROW(create_solver("cuda-simple", o));
}

TEST(CudaLadderOptions, StagedAndBlockedVecOfferOnlyB64) {
  APSP_REQUIRE_GPU();
  for (const char* name : {"cuda-staged", "cuda-blocked-vec"}) {
    SolverOptions o;
    o.block = 32;
    EXPECT_THROW(create_solver(name, o), UsageError) << name;
  }
}

TEST(CudaLadderModel, SimpleStreamsTheMatrixOncePerK) {
  APSP_REQUIRE_GPU();
  const int n = 100;
  test::RandomGraphOptions o;
  auto s = test::make_loaded("cuda-simple", to_distance_matrix(test::random_graph(n, 3, o), 64, DType::I32), 64,
                             DType::I32);
  s->step(Granularity::ToEnd);
  s->collect_timings(true);
  std::uint64_t bytes = 0;
  for (const PhaseSample& p : s->profile().samples())
    if (p.phase == Phase::Full) bytes += p.bytes;
  // Per k: n^2 cells read and written, row k and column k read: (2 n^2 + 2 n) x 4 bytes; n values of k.
  EXPECT_EQ(bytes, static_cast<std::uint64_t>(n) * (2ull * n * n + 2ull * n) * 4);
}

}  // namespace
}  // namespace apsp
