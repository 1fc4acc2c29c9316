// cuda-tuned over several GPUs (row bands): the result equals the single-GPU cuda-tuned result and
// cpu-blocked, after every round, phase and k-step, for every block size, for band counts that do not divide
// evenly, int16, negative edges and negative cycles, with both communication paths (NCCL and peer copies).
//
// Setups: 2 and 4 real GPUs (skipped when fewer are visible), and three bands emulated on GPU 0 with peer
// copies, which runs the band logic (offsets, owners, broadcasts, partial view tiles) on a one-GPU machine.
// Sizes are chosen in 128-row units (the band unit): 637 rows -> 5 units (2 GPUs: 3 + 2 units, 4 GPUs:
// 2 + 1 + 1 + 1), 856 rows -> 7 units (4 GPUs: 2 + 2 + 2 + 1), 300 rows -> 3 units (4 GPUs: the last band
// is empty).
#include <apsp/core/errors.h>
#include <apsp/device/device_info.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <numeric>
#include <tuple>

#include "cuda_test_support.h"
#include "device/band_comm.cuh"
#include "solve/cuda/multi_gpu_solver.h"

namespace apsp {
namespace {

using test::first_difference;

struct GpuSetup {
  std::string name;
  std::vector<int> devices;
  std::string comm;
};

void PrintTo(const GpuSetup& s, std::ostream* os) { *os << s.name; }

std::vector<GpuSetup> setups() {
  return {
      {"emulated3_peer", {0, 0, 0}, "peer"}, {"gpus2_nccl", {0, 1}, "nccl"},       {"gpus2_peer", {0, 1}, "peer"},
      {"gpus3_nccl", {0, 1, 2}, "nccl"},     {"gpus4_nccl", {0, 1, 2, 3}, "nccl"}, {"gpus4_peer", {0, 1, 2, 3}, "peer"},
  };
}

/// Skips unless the setup's devices and communication path exist here.
#define APSP_REQUIRE_SETUP(setup)                                                                               \
  do {                                                                                                          \
    const int apsp_have_ = ::apsp::cuda_device_count();                                                         \
    if (apsp_have_ == 0) GTEST_SKIP() << ::apsp::cuda_unavailable_reason();                                     \
    const int apsp_need_ = *std::max_element((setup).devices.begin(), (setup).devices.end()) + 1;               \
    if (apsp_have_ < apsp_need_)                                                                                \
      GTEST_SKIP() << (setup).name << " needs " << apsp_need_ << " CUDA devices, " << apsp_have_ << " visible"; \
    if ((setup).comm == "nccl" && !::apsp::cuda::nccl_compiled()) GTEST_SKIP() << "built without NCCL";         \
  } while (0)

std::unique_ptr<Solver> make_multi(const GpuSetup& setup, int block, DType dtype) {
  SolverOptions o;
  o.block = block;
  o.dtype = dtype;
  o.gpus = static_cast<int>(setup.devices.size());
  return cuda::make_multi_gpu_solver(o, cuda::MultiGpuConfig{setup.devices, setup.comm});
}

SolverOptions options_for(int block, int gpus) {
  SolverOptions o;
  o.block = block;
  o.gpus = gpus;
  return o;
}

std::unique_ptr<Solver> make_single(int block, DType dtype) {
  SolverOptions o;
  o.block = block;
  o.dtype = dtype;
  return create_solver("cuda-tuned", o);
}

Graph graph_with_negative_edges(int n, std::uint64_t seed, double density = 0.06) {
  test::RandomGraphOptions o;
  o.negative = true;
  o.density = density;
  return test::random_graph(n, seed, o);
}

class MultiGpu : public ::testing::TestWithParam<GpuSetup> {};

TEST_P(MultiGpu, FinalResultEqualsSingleGpuAndCpuForEveryBlockSize) {
  const GpuSetup setup = GetParam();
  APSP_REQUIRE_SETUP(setup);
  for (int block : {32, 64, 128}) {
    auto multi = make_multi(setup, block, DType::I32);  // one solver, reset per size: communicators once
    auto single = make_single(block, DType::I32);
    EXPECT_EQ(cuda::multi_gpu_comm_of(*multi), setup.comm);
    for (int n : {1, 17, block + 1, 2 * block + 5, 300, 637, 640, 856}) {
      const Graph g = graph_with_negative_edges(n, 1000 + n + block);
      const DistanceMatrix initial = to_distance_matrix(g, block, DType::I32);
      multi->reset(initial);
      multi->step(Granularity::ToEnd);
      ASSERT_TRUE(multi->finished());
      single->reset(initial);
      single->step(Granularity::ToEnd);
      const auto got = test::current(*multi);
      EXPECT_EQ(first_difference(got, test::current(*single), n), "") << "vs cuda-tuned, B=" << block << " n=" << n;
      if (n <= 640) {  // the CPU reference is the slow part
        EXPECT_EQ(first_difference(got, test::solve_with("cpu-blocked", initial, block, DType::I32), n), "")
            << "vs cpu-blocked, B=" << block << " n=" << n;
      }
      const std::vector<Band> bands = cuda::multi_gpu_bands_of(*multi);
      ASSERT_EQ(bands.size(), setup.devices.size());
      EXPECT_EQ(bands.front().row_begin, 0);
      EXPECT_GE(bands.back().row_end, n);
    }
  }
}

TEST_P(MultiGpu, UnevenBandsFollowTheSplit) {
  const GpuSetup setup = GetParam();
  APSP_REQUIRE_SETUP(setup);
  auto multi = make_multi(setup, 128, DType::I32);
  multi->reset(to_distance_matrix(graph_with_negative_edges(637, 5), 128, DType::I32));
  // 637 rows -> 640 = 5 units of 128 over the setup's bands.
  EXPECT_EQ(cuda::multi_gpu_bands_of(*multi), split_bands(640, 128, static_cast<int>(setup.devices.size())));
}

TEST_P(MultiGpu, EveryRoundEqualsSingleGpu) {
  const GpuSetup setup = GetParam();
  APSP_REQUIRE_SETUP(setup);
  for (int block : {32, 64, 128}) {
    const int n = 637;
    const Graph g = graph_with_negative_edges(n, 31 + block);
    const DistanceMatrix initial = to_distance_matrix(g, block, DType::I32);
    auto multi = make_multi(setup, block, DType::I32);
    auto single = make_single(block, DType::I32);
    multi->reset(initial);
    single->reset(initial);
    const int rounds = (n + block - 1) / block;
    for (int r = 0; r < rounds; ++r) {
      ASSERT_EQ(multi->cursor().round, r);
      EXPECT_EQ(multi->step(Granularity::Round).rounds_completed, 1);
      single->step(Granularity::Round);
      ASSERT_EQ(first_difference(test::current(*multi), test::current(*single), n), "")
          << "B=" << block << " after round " << r;
      if (r == rounds / 2) {  // the state itself: Floyd–Warshall restricted to intermediates < (r + 1) * B
        EXPECT_EQ(first_difference(test::current(*multi), test::reference_fw(g, (r + 1) * block), n), "");
      }
    }
    EXPECT_TRUE(multi->finished());
  }
}

/// Steps the multi-GPU solver and cpu-blocked with the same granularity; compares after every step.
void compare_stepwise(const GpuSetup& setup, int block, DType dtype, int n, Granularity granularity,
                      std::uint64_t seed) {
  const Graph g = graph_with_negative_edges(n, seed, 0.08);
  const DistanceMatrix initial = to_distance_matrix(g, block, dtype);
  auto multi = make_multi(setup, block, dtype);
  multi->reset(initial);
  auto cpu = test::make_loaded("cpu-blocked", initial, block, dtype);
  int steps = 0;
  while (!cpu->finished()) {
    ASSERT_FALSE(multi->finished());
    const Cursor before = multi->cursor();
    cpu->step(granularity);
    multi->step(granularity);
    ASSERT_EQ(multi->cursor(), cpu->cursor()) << "step " << steps;
    ASSERT_EQ(first_difference(test::current(*multi), test::current(*cpu), n), "")
        << "B=" << block << " step " << steps << " from round " << before.round << " phase " << to_string(before.phase)
        << " k " << before.k;
    ++steps;
  }
  EXPECT_TRUE(multi->finished());
  EXPECT_GT(steps, 0);
}

TEST_P(MultiGpu, EveryPhaseStepEqualsCpu) {
  const GpuSetup setup = GetParam();
  APSP_REQUIRE_SETUP(setup);
  for (int block : {32, 64, 128}) compare_stepwise(setup, block, DType::I32, 389, Granularity::Phase, 41);
}

TEST_P(MultiGpu, EveryKStepEqualsCpu) {
  const GpuSetup setup = GetParam();
  APSP_REQUIRE_SETUP(setup);
  for (int block : {32, 64, 128}) compare_stepwise(setup, block, DType::I32, 300, Granularity::KStep, 42);
}

TEST_P(MultiGpu, Int16StepsAndFinalResult) {
  const GpuSetup setup = GetParam();
  APSP_REQUIRE_SETUP(setup);
  compare_stepwise(setup, 64, DType::I16, 389, Granularity::Round, 43);
  compare_stepwise(setup, 32, DType::I16, 300, Granularity::Phase, 44);
  for (int block : {64, 128}) {
    const Graph g = graph_with_negative_edges(856, 45);
    const DistanceMatrix initial = to_distance_matrix(g, block, DType::I16);
    auto multi = make_multi(setup, block, DType::I16);
    multi->reset(initial);
    multi->step(Granularity::ToEnd);
    EXPECT_EQ(first_difference(test::current(*multi), test::solve_with("cuda-tuned", initial, block, DType::I16), 856),
              "")
        << "B=" << block;
  }
}

TEST_P(MultiGpu, MixedGranularitiesReachTheFinalResult) {
  const GpuSetup setup = GetParam();
  APSP_REQUIRE_SETUP(setup);
  const int n = 389, block = 64;
  const Graph g = graph_with_negative_edges(n, 46);
  auto s = make_multi(setup, block, DType::I32);
  s->reset(to_distance_matrix(g, block, DType::I32));
  for (int i = 0; i < 3; ++i) s->step(Granularity::KStep);
  s->step(Granularity::Phase);
  for (int i = 0; i < block / 2 + 1; ++i) s->step(Granularity::KStep);
  s->step(Granularity::Round);
  s->step(Granularity::Phase);
  for (int i = 0; i < block + block / 2; ++i) s->step(Granularity::KStep);  // phase 2, then half of phase 3
  s->step(Granularity::Round);
  for (int i = 0; i < 5 && !s->finished(); ++i) s->step(Granularity::KStep);
  s->step(Granularity::ToEnd);
  EXPECT_TRUE(s->finished());
  EXPECT_EQ(first_difference(test::current(*s), test::reference_fw(g, n), n), "");
}

TEST_P(MultiGpu, NegativeCycleAcrossBandsIsReported) {
  const GpuSetup setup = GetParam();
  APSP_REQUIRE_SETUP(setup);
  const Graph g = test::negative_cycle_across_bands();  // the cycle's vertices sit in different bands
  for (int block : {32, 128}) {
    auto s = make_multi(setup, block, DType::I32);
    s->reset(to_distance_matrix(g, block, DType::I32));
    SCOPED_TRACE("B=" + std::to_string(block));
    test::expect_negative_cycle_reported(*s, g);
  }
}

TEST_P(MultiGpu, ViewTilesAndValuesEqualSingleGpuAtEveryRound) {
  const GpuSetup setup = GetParam();
  APSP_REQUIRE_SETUP(setup);
  const int n = 637, block = 128;
  for (DType dtype : {DType::I32, DType::I16}) {
    const DistanceMatrix initial = to_distance_matrix(graph_with_negative_edges(n, 47, 0.02), block, dtype);
    auto multi = make_multi(setup, block, dtype);
    auto single = make_single(block, dtype);
    multi->reset(initial);
    single->reset(initial);
    for (;;) {
      // Texel rows straddle band boundaries (384, 256, ...) in most of these geometries.
      for (const ViewGeometry geo : {make_view_geometry(n), make_view_geometry(n, 64), make_view_geometry(n, 7),
                                     ViewGeometry{n, 5, 100}, ViewGeometry{n, 37, 41}, ViewGeometry{n, 1, 1}}) {
        std::vector<std::int32_t> a(geo.texels(), -7), b(geo.texels(), -9);
        multi->view_tiles(geo, a.data());
        single->view_tiles(geo, b.data());
        ASSERT_EQ(a, b) << "view " << geo.rows << "x" << geo.cols << " at round " << multi->cursor().round;
      }
      for (int t = 0; t < 40; ++t) {
        const int i = (t * 97 + 3) % n, j = (t * 53 + 11) % n;
        ASSERT_EQ(multi->value_at(i, j), single->value_at(i, j)) << "(" << i << ", " << j << ")";
      }
      if (multi->finished()) break;
      multi->step(Granularity::Round);
      single->step(Granularity::Round);
    }
  }
}

TEST_P(MultiGpu, ProfileHasEveryPhasePerDeviceAndTheBroadcasts) {
  const GpuSetup setup = GetParam();
  APSP_REQUIRE_SETUP(setup);
  const int n = 637, block = 64;
  auto s = make_multi(setup, block, DType::I32);
  s->reset(to_distance_matrix(graph_with_negative_edges(n, 48), block, DType::I32));
  s->step(Granularity::ToEnd);
  s->collect_timings(false);  // never waits: whatever has completed
  const std::size_t early = s->profile().samples().size();
  s->collect_timings(true);
  const auto& samples = s->profile().samples();
  EXPECT_GE(samples.size(), early);
  const int rounds = (n + block - 1) / block;
  const std::vector<Band> bands = cuda::multi_gpu_bands_of(*s);
  const int side = bands.back().row_end;
  int non_empty = 0;
  for (const Band& b : bands) non_empty += b.empty() ? 0 : 1;
  std::map<std::pair<int, Phase>, int> count;
  std::uint64_t updates = 0;
  int uploads = 0;
  for (const PhaseSample& p : samples) {
    EXPECT_GE(p.ms, 0.0);
    EXPECT_TRUE(std::find(setup.devices.begin(), setup.devices.end(), p.device) != setup.devices.end());
    if (p.phase == Phase::Upload) ++uploads;
    if (p.round < 0) continue;
    ++count[{p.round, p.phase}];
    if (is_compute(p.phase)) updates += p.updates;
    if (p.phase == Phase::Comm) {
      EXPECT_EQ(p.bytes, static_cast<std::uint64_t>(block) * side * sizeof(std::int32_t)) << "round " << p.round;
    }
  }
  EXPECT_EQ(uploads, non_empty);
  const int bands_n = static_cast<int>(bands.size());
  for (int r = 0; r < rounds; ++r) {
    EXPECT_EQ((count[{r, Phase::Pivot}]), 1) << "round " << r;
    EXPECT_EQ((count[{r, Phase::PivotRowCol}]), non_empty) << "round " << r;
    EXPECT_EQ((count[{r, Phase::Independent}]), non_empty) << "round " << r;
    EXPECT_EQ((count[{r, Phase::Comm}]), bands_n) << "round " << r;
  }
  // Each round's phases together update every cell once per k: n^3 over the solve.
  EXPECT_EQ(updates, static_cast<std::uint64_t>(n) * n * n);
}

TEST_P(MultiGpu, WithoutLookAheadTheResultIsTheSame) {
  const GpuSetup setup = GetParam();
  APSP_REQUIRE_SETUP(setup);
  const int n = 637, block = 64;
  const Graph g = graph_with_negative_edges(n, 49);
  setenv("APSP_CUDA_LOOKAHEAD", "0", 1);  // read when the solver is made
  auto s = make_multi(setup, block, DType::I32);
  unsetenv("APSP_CUDA_LOOKAHEAD");
  s->reset(to_distance_matrix(g, block, DType::I32));
  s->step(Granularity::ToEnd);
  EXPECT_EQ(first_difference(test::current(*s), test::reference_fw(g, n), n), "");
}

INSTANTIATE_TEST_SUITE_P(Setups, MultiGpu, ::testing::ValuesIn(setups()),
                         [](const ::testing::TestParamInfo<GpuSetup>& info) { return info.param.name; });

// ---- through the registry, errors, memory -----------------------------------------------------------------------

TEST(MultiGpuRegistry, CudaTunedIsMultiGpuAndDispatchesOnGpus) {
  EXPECT_TRUE(backend_info("cuda-tuned").multi_gpu);
  EXPECT_FALSE(backend_info("cuda-blocked").multi_gpu);
  if (cuda_device_count() < 2) GTEST_SKIP() << "needs 2 CUDA devices, " << cuda_device_count() << " visible";
  SolverOptions o;
  o.block = 64;
  o.gpus = 2;
  auto s = create_solver("cuda-tuned", o);
  EXPECT_EQ(s->name(), "cuda-tuned");
  EXPECT_EQ(cuda::multi_gpu_bands_of(*s).size(), 0u);  // no layout before reset
  const Graph g = graph_with_negative_edges(500, 50);
  s->reset(to_distance_matrix(g, 64, DType::I32));
  EXPECT_EQ(cuda::multi_gpu_bands_of(*s).size(), 2u);
  if (cuda::nccl_compiled() && !std::getenv("APSP_MULTI_GPU_COMM")) {
    EXPECT_EQ(cuda::multi_gpu_comm_of(*s), "nccl");  // the default with NCCL and distinct devices
  } else {
    EXPECT_NE(cuda::multi_gpu_comm_of(*s), "");
  }
  {
    // No single device holds the matrix: one storage band per GPU, in row order, covering rows 0..n.
    const Solver::Storage storage = s->storage();
    ASSERT_EQ(storage.bands.size(), 2u);
    EXPECT_EQ(storage.bands[0].row_begin, 0);
    EXPECT_EQ(storage.bands[1].row_begin, storage.bands[0].row_begin + storage.bands[0].rows);
    EXPECT_EQ(storage.bands[0].rows + storage.bands[1].rows, 500);
    EXPECT_NE(storage.bands[0].device, storage.bands[1].device);
  }
  s->step(Granularity::ToEnd);
  EXPECT_EQ(first_difference(test::current(*s), test::reference_fw(g, 500), 500), "");
  // The environment picks the peer path.
  setenv("APSP_MULTI_GPU_COMM", "peer", 1);
  auto p = create_solver("cuda-tuned", o);
  unsetenv("APSP_MULTI_GPU_COMM");
  EXPECT_EQ(cuda::multi_gpu_comm_of(*p), "peer");
  // A one-GPU cuda-tuned is the single-GPU solver.
  o.gpus = 1;
  EXPECT_EQ(cuda::multi_gpu_comm_of(*create_solver("cuda-tuned", o)), "");
}

TEST(MultiGpuRegistry, BadGpuCountsAreRefusedWithAClearError) {
  if (cuda_device_count() == 0) GTEST_SKIP() << cuda_unavailable_reason();
  SolverOptions o;
  o.block = 64;
  o.gpus = 0;
  EXPECT_THROW(create_solver("cuda-tuned", o), UsageError);
  o.gpus = cuda_device_count() + 1;
  try {
    create_solver("cuda-tuned", o);
    FAIL() << "made a solver on more GPUs than exist";
  } catch (const UnavailableError& e) {
    EXPECT_NE(std::string(e.what()).find("visible"), std::string::npos) << e.what();
  }
  o.gpus = 2;
  EXPECT_THROW(create_solver("cuda-blocked", o), UsageError);
  o.block = 16;
  EXPECT_THROW(create_solver("cuda-tuned", o), UsageError);
  EXPECT_THROW(cuda::make_multi_gpu_solver(options_for(64, 2), cuda::MultiGpuConfig{{0, 0}, "nccl"}),
               Error);  // NCCL needs one rank per GPU (UsageError), or is not built (UnavailableError)
  setenv("APSP_MULTI_GPU_COMM", "carrier-pigeon", 1);
  EXPECT_THROW(cuda::make_multi_gpu_solver(options_for(64, 2), cuda::MultiGpuConfig{{0, 0}, ""}), UsageError);
  unsetenv("APSP_MULTI_GPU_COMM");
}

TEST(MultiGpuRegistry, RefusesBeforeAllocatingWhenABandDoesNotFit) {
  if (cuda_device_count() == 0) GTEST_SKIP() << cuda_unavailable_reason();
  SolverOptions o;
  o.block = 128;
  o.gpus = 2;
  // 1M x 1M int32 is 4 TiB: 2 TiB per band.
  try {
    cuda::require_multi_gpu_memory(1 << 20, o, cuda::MultiGpuConfig{{0, 0}, "peer"});
    FAIL() << "accepted 4 TiB";
  } catch (const OutOfMemoryError& e) {
    EXPECT_GE(e.required(), std::uint64_t{1} << 42);  // both bands on GPU 0
    EXPECT_LT(e.available(), e.required());
    const std::string what = e.what();
    EXPECT_NE(what.find("band 0"), std::string::npos) << what;
    EXPECT_NE(what.find("1048576 x 1048576"), std::string::npos) << what;
  }
  // A small matrix fits.
  EXPECT_NO_THROW(cuda::require_multi_gpu_memory(1000, o, cuda::MultiGpuConfig{{0, 0}, "peer"}));
}

}  // namespace
}  // namespace apsp
