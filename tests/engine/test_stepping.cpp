// The step API: after round r the matrix equals Floyd–Warshall restricted to intermediates < (r+1)*B;
// three phase steps equal one round step; k-steps compose to a round; the cursor walks as documented.
#include <apsp/solve/registry.h>
#include <apsp/view/view.h>
#include <gtest/gtest.h>

#include "reference_fw.h"

namespace apsp {
namespace {

using test::as_vector;
using test::first_difference;

std::unique_ptr<Solver> loaded(const std::string& backend, const Graph& g, int block, DType dtype = DType::I32) {
  SolverOptions o;
  o.block = block;
  o.dtype = dtype;
  auto s = create_solver(backend, o);
  s->reset(to_distance_matrix(g, block, dtype));
  return s;
}

std::vector<std::int64_t> current(Solver& s) {
  DistanceMatrix m;
  s.read(m);
  return as_vector(m);
}

class Stepping : public ::testing::TestWithParam<std::tuple<std::string, int, int>> {};

TEST_P(Stepping, AfterEachRoundMatchesRestrictedFloydWarshall) {
  const auto [backend, n, block] = GetParam();
  test::RandomGraphOptions o;
  o.negative = true;
  o.density = 0.07;
  const Graph g = test::random_graph(n, 31 + n, o);
  auto s = loaded(backend, g, block);
  const int rounds = (n + block - 1) / block;
  ASSERT_EQ(s->rounds(), rounds);
  for (int r = 0; r < rounds; ++r) {
    ASSERT_EQ(s->cursor().round, r);
    const StepResult res = s->step(Granularity::Round);
    EXPECT_EQ(res.rounds_completed, 1);
    EXPECT_EQ(first_difference(current(*s), test::reference_fw(g, (r + 1) * block), n), "")
        << backend << " after round " << r;
  }
  EXPECT_TRUE(s->finished());
  // Stepping a finished solver changes nothing.
  EXPECT_EQ(s->step(Granularity::Round).rounds_completed, 0);
}

TEST_P(Stepping, PhaseStepsAndKStepsComposeToRounds) {
  const auto [backend, n, block] = GetParam();
  test::RandomGraphOptions o;
  o.density = 0.1;
  const Graph g = test::random_graph(n, 7 * n, o);
  auto by_round = loaded(backend, g, block);
  auto by_phase = loaded(backend, g, block);
  auto by_k = loaded(backend, g, block);
  const bool blocked = by_round->blocked();
  const int phases = blocked ? 3 : 1;
  for (int r = 0; r < by_round->rounds(); ++r) {
    by_round->step(Granularity::Round);
    for (int p = 0; p < phases; ++p) {
      const Cursor before = by_phase->cursor();
      EXPECT_EQ(before.round, r);
      EXPECT_EQ(before.k, 0);
      if (blocked) {
        EXPECT_EQ(before.phase, p == 0 ? Phase::Pivot : (p == 1 ? Phase::PivotRowCol : Phase::Independent));
      }
      by_phase->step(Granularity::Phase);
    }
    const int ks = std::min(block, n - r * block);
    for (int p = 0; p < phases; ++p)
      for (int k = 0; k < ks; ++k) {
        EXPECT_EQ(by_k->cursor().k, k);
        by_k->step(Granularity::KStep);
      }
    const auto want = current(*by_round);
    EXPECT_EQ(first_difference(current(*by_phase), want, n), "") << backend << " phases, round " << r;
    EXPECT_EQ(first_difference(current(*by_k), want, n), "") << backend << " k-steps, round " << r;
    EXPECT_EQ(by_k->cursor(), by_round->cursor());
  }
  EXPECT_TRUE(by_k->finished());
}

INSTANTIATE_TEST_SUITE_P(Cpu, Stepping,
                         ::testing::Values(std::make_tuple("cpu-blocked", 50, 8), std::make_tuple("cpu-blocked", 64, 16),
                                           std::make_tuple("cpu-blocked", 37, 37), std::make_tuple("cpu-blocked", 33, 1),
                                           std::make_tuple("cpu-naive", 45, 8), std::make_tuple("cpu-naive", 20, 64)));

TEST(Profile, OneSamplePerRoundAndPhaseWithTheModelledColumns) {
  test::RandomGraphOptions o;
  const Graph g = test::random_graph(100, 3, o);
  auto s = loaded("cpu-blocked", g, 32);
  s->step(Granularity::ToEnd);
  std::vector<PhaseSample> samples = s->profile().samples();
  // First the copy into the solver (the CPU's upload, before round 0 on the time axis), then the rounds.
  ASSERT_FALSE(samples.empty());
  EXPECT_EQ(samples.front().phase, Phase::Upload);
  EXPECT_EQ(samples.front().round, -1);
  EXPECT_EQ(samples.front().start_us, 0.0);
  EXPECT_GT(samples.front().bytes, 0u);
  EXPECT_GE(samples[1].start_us, samples.front().start_us + 1000.0 * samples.front().ms - 1e-6);
  samples.erase(samples.begin());
  ASSERT_EQ(samples.size(), 4u * 3u);
  for (std::size_t t = 0; t < samples.size(); ++t) {
    EXPECT_EQ(samples[t].round, static_cast<int>(t / 3));
    EXPECT_GT(samples[t].updates, 0u);
    EXPECT_GT(samples[t].bytes, 0u);
    EXPECT_GE(samples[t].ms, 0.0);
  }
  // Phase 3 of round 0 updates every cell outside the pivot rows and columns once per k.
  EXPECT_EQ(samples[2].phase, Phase::Independent);
  EXPECT_EQ(samples[2].updates, 68ull * 68ull * 32ull);
  std::uint64_t total = 0;
  for (const auto& x : samples) total += x.updates;
  EXPECT_EQ(total, 100ull * 100ull * 100ull);  // every (i, j, k) exactly once
}

TEST(View, TilesAreMinimaAndCodesFollowTheFormula) {
  test::RandomGraphOptions o;
  o.density = 0.02;
  const Graph g = test::random_graph(10, 4, o);
  auto s = loaded("cpu-blocked", g, 4);
  s->step(Granularity::ToEnd);
  const ViewGeometry geo{10, 3, 4};
  std::vector<std::int32_t> tiles(geo.texels());
  s->view_tiles(geo, tiles.data());
  DistanceMatrix m;
  s->read(m);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 4; ++x) {
      std::int32_t want = INT32_MAX;
      for (int i = geo.row_begin(y); i < geo.row_begin(y + 1); ++i)
        for (int j = geo.col_begin(x); j < geo.col_begin(x + 1); ++j) want = std::min(want, m.get(i, j));
      EXPECT_EQ(tiles[static_cast<std::size_t>(y) * 4 + x], want);
    }
  const ValueRange r{10, 20, true};
  EXPECT_EQ(encode_value(10, r, kInf32), 0);
  EXPECT_EQ(encode_value(20, r, kInf32), 255);
  EXPECT_EQ(encode_value(15, r, kInf32), 127);
  EXPECT_EQ(encode_value(kInf32, r, kInf32), kViewInfCode);
  std::vector<std::int32_t> now{10, 12}, before{10, 15};
  std::vector<std::uint16_t> codes(2);
  encode_view(now.data(), before.data(), 2, r, kInf32, codes.data());
  EXPECT_EQ(codes[0], 0);
  EXPECT_EQ(codes[1], (51 | kViewImprovedBit));
}

}  // namespace
}  // namespace apsp
