// The step API on the GPU: after every round, phase and k-step the matrix equals what the CPU reference
// reaches with the same steps (and, after round r, Floyd–Warshall restricted to intermediates < (r+1)*B).
#include "cuda_test_support.h"

#include <tuple>

namespace apsp {
namespace {

using test::first_difference;

struct StepCase {
  std::string backend;
  int block;
  DType dtype;
  int n;
};

std::string step_case_name(const ::testing::TestParamInfo<StepCase>& info) {
  std::string s = info.param.backend + "_B" + std::to_string(info.param.block) + "_" +
                  std::string(to_string(info.param.dtype)) + "_n" + std::to_string(info.param.n);
  for (char& c : s)
    if (c == '-') c = '_';
  return s;
}

std::vector<StepCase> step_cases() {
  std::vector<StepCase> out;
  for (const std::string& b : test::cuda_backends())
    for (int block : test::blocks_of(b)) {
      out.push_back({b, block, DType::I32, 2 * block + 5});  // last round partial
      out.push_back({b, block, DType::I32, 3 * block});
    }
  out.push_back({"cuda-tuned", 64, DType::I16, 2 * 64 + 5});
  out.push_back({"cuda-blocked", 32, DType::I16, 3 * 32 + 7});
  out.push_back({"cuda-naive", 16, DType::I16, 40});
  return out;
}

void PrintTo(const StepCase& c, std::ostream* os) {
  *os << c.backend << " B=" << c.block << " " << to_string(c.dtype) << " n=" << c.n;
}

class CudaStepping : public ::testing::TestWithParam<StepCase> {};

Graph stepping_graph(int n, std::uint64_t seed) {
  test::RandomGraphOptions o;
  o.negative = true;
  o.density = 0.08;
  return test::random_graph(n, seed, o);
}

const char* reference_backend(const Solver& gpu) { return gpu.blocked() ? "cpu-blocked" : "cpu-naive"; }

TEST_P(CudaStepping, EveryRoundMatchesRestrictedFloydWarshall) {
  APSP_REQUIRE_GPU();
  const StepCase c = GetParam();
  const Graph g = stepping_graph(c.n, 11 + c.n);
  auto s = test::make_loaded(c.backend, to_distance_matrix(g, c.block, c.dtype), c.block, c.dtype);
  const int rounds = (c.n + c.block - 1) / c.block;
  for (int r = 0; r < rounds; ++r) {
    ASSERT_EQ(s->cursor().round, r);
    EXPECT_EQ(s->step(Granularity::Round).rounds_completed, 1);
    EXPECT_EQ(first_difference(test::current(*s), test::reference_fw(g, (r + 1) * c.block), c.n), "")
        << "after round " << r;
  }
  EXPECT_TRUE(s->finished());
}

/// Steps a GPU solver and the CPU reference with the same granularity and compares after every step.
void compare_stepwise(const StepCase& c, Granularity granularity, std::uint64_t seed) {
  const Graph g = stepping_graph(c.n, seed);
  const DistanceMatrix initial = to_distance_matrix(g, c.block, c.dtype);
  auto gpu = test::make_loaded(c.backend, initial, c.block, c.dtype);
  auto cpu = test::make_loaded(reference_backend(*gpu), initial, c.block, c.dtype);
  int steps = 0;
  while (!cpu->finished()) {
    ASSERT_FALSE(gpu->finished());
    const Cursor before = gpu->cursor();
    cpu->step(granularity);
    gpu->step(granularity);
    ASSERT_EQ(gpu->cursor(), cpu->cursor()) << "step " << steps;
    const std::string diff = first_difference(test::current(*gpu), test::current(*cpu), c.n);
    ASSERT_EQ(diff, "") << "step " << steps << " from round " << before.round << " phase "
                        << to_string(before.phase) << " k " << before.k;
    ++steps;
  }
  EXPECT_TRUE(gpu->finished());
  EXPECT_GT(steps, 0);
}

TEST_P(CudaStepping, EveryPhaseStepMatchesCpu) {
  APSP_REQUIRE_GPU();
  compare_stepwise(GetParam(), Granularity::Phase, 21);
}

TEST_P(CudaStepping, EveryKStepMatchesCpu) {
  APSP_REQUIRE_GPU();
  compare_stepwise(GetParam(), Granularity::KStep, 22);
}

TEST_P(CudaStepping, MixedGranularitiesReachTheFinalResult) {
  APSP_REQUIRE_GPU();
  const StepCase c = GetParam();
  const Graph g = stepping_graph(c.n, 23);
  auto s = test::make_loaded(c.backend, to_distance_matrix(g, c.block, c.dtype), c.block, c.dtype);
  // Part of a phase by k-steps, then the rest of it, then k-steps into later phases, then the rest.
  for (int i = 0; i < 3; ++i) s->step(Granularity::KStep);
  s->step(Granularity::Phase);
  for (int i = 0; i < c.block / 2 + 1; ++i) s->step(Granularity::KStep);
  s->step(Granularity::Round);
  for (int i = 0; i < 5 && !s->finished(); ++i) s->step(Granularity::KStep);
  s->step(Granularity::ToEnd);
  EXPECT_TRUE(s->finished());
  EXPECT_EQ(first_difference(test::current(*s), test::reference_fw(g, c.n), c.n), "");
}

INSTANTIATE_TEST_SUITE_P(AllVariants, CudaStepping, ::testing::ValuesIn(step_cases()), step_case_name);

}  // namespace
}  // namespace apsp
