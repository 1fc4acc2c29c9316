// Profiling samples, view tiles, value_at, re-use across resets, device facts, memory refusal, int16 range
// errors, and (on machines without a GPU) the "unavailable" listing.
#include <apsp/core/errors.h>

#include "cuda_test_support.h"
#include "device/buffer.cuh"

#include <algorithm>
#include <map>

namespace apsp {
namespace {

using test::first_difference;

TEST(CudaAvailability, ListedWithTheReasonWhenNoDevice) {
  const auto backends = list_backends();
  for (const std::string& name : test::cuda_backends()) {
    const BackendInfo info = backend_info(name);
    EXPECT_TRUE(info.gpu);
    if (cuda_device_count() == 0) {
      EXPECT_FALSE(info.available);
      EXPECT_NE(info.unavailable_reason.find("CUDA"), std::string::npos) << info.unavailable_reason;
      SolverOptions o;
      o.block = name == "cuda-blocked" ? 32 : 64;
      EXPECT_THROW(create_solver(name, o), UnavailableError);
    } else {
      EXPECT_TRUE(info.available) << info.unavailable_reason;
      EXPECT_TRUE(info.unavailable_reason.empty());
    }
  }
  if (cuda_device_count() == 0) {
    EXPECT_EQ(default_backend(), "cpu-blocked");
  }
}

TEST(CudaBackends, UnsupportedBlockSizesAreRefused) {
  APSP_REQUIRE_GPU();
  SolverOptions o;
  o.block = 48;
  EXPECT_THROW(create_solver("cuda-tuned", o), UsageError);
  o.block = 128;
  EXPECT_THROW(create_solver("cuda-blocked", o), UsageError);
  o.block = 16;
  EXPECT_THROW(create_solver("cuda-tuned", o), UsageError);
}

class CudaProfile : public ::testing::TestWithParam<std::string> {};

TEST_P(CudaProfile, EveryPhaseOfEveryRoundIsTimedAndCountsAllUpdates) {
  APSP_REQUIRE_GPU();
  const std::string backend = GetParam();
  const std::vector<int> blocks = test::blocks_of(backend);
  // 32 where the variant offers it, else its smallest (cuda-staged and cuda-blocked-vec are B = 64 only).
  const int block = std::find(blocks.begin(), blocks.end(), 32) != blocks.end() ? 32 : blocks.front(), n = 300;
  test::RandomGraphOptions o;
  const Graph g = test::random_graph(n, 5, o);
  auto s = test::make_loaded(backend, to_distance_matrix(g, block, DType::I32), block, DType::I32);
  s->step(Granularity::ToEnd);
  s->collect_timings(true);
  const ProfileLog& log = s->profile();
  std::map<std::pair<int, Phase>, int> seen;
  std::uint64_t updates = 0;
  bool upload = false;
  for (const PhaseSample& p : log.samples()) {
    if (p.phase == Phase::Upload) {
      upload = true;
      EXPECT_EQ(p.round, -1);
      EXPECT_GT(p.bytes, 0u);
      continue;
    }
    ASSERT_TRUE(is_compute(p.phase));
    EXPECT_GT(p.ms, 0.0);
    EXPECT_GT(p.bytes, 0u);
    updates += p.updates;
    ++seen[{p.round, p.phase}];
  }
  EXPECT_TRUE(upload);
  EXPECT_EQ(updates, static_cast<std::uint64_t>(n) * n * n);  // n^2 relaxations per intermediate
  const int rounds = (n + block - 1) / block;
  const std::vector<Phase> phases =
      s->blocked() ? std::vector<Phase>{Phase::Pivot, Phase::PivotRowCol, Phase::Independent} : std::vector<Phase>{Phase::Full};
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(rounds) * phases.size());
  for (int r = 0; r < rounds; ++r)
    for (Phase ph : phases) EXPECT_EQ((seen[{r, ph}]), 1) << "round " << r << " " << to_string(ph);

  DistanceMatrix out;
  s->read(out);
  s->collect_timings(true);
  bool download = false;
  for (const PhaseSample& p : s->profile().samples()) download |= p.phase == Phase::Download;
  EXPECT_TRUE(download);
}

TEST_P(CudaProfile, CollectWithoutWaitingNeverLosesSamples) {
  APSP_REQUIRE_GPU();
  const std::string backend = GetParam();
  test::RandomGraphOptions o;
  const Graph g = test::random_graph(500, 6, o);
  auto s = test::make_loaded(backend, to_distance_matrix(g, 64, DType::I32), 64, DType::I32);
  std::size_t before = 0;
  while (!s->finished()) {
    s->step(Granularity::Round);
    s->collect_timings(false);  // returns at once; samples arrive as their events complete
    EXPECT_GE(s->profile().samples().size(), before);
    before = s->profile().samples().size();
  }
  s->synchronize();
  s->collect_timings(false);
  const std::size_t per_round = s->blocked() ? 3 : 1;
  EXPECT_EQ(s->profile().samples().size(), 1 + per_round * static_cast<std::size_t>(s->rounds()));
}

INSTANTIATE_TEST_SUITE_P(AllVariants, CudaProfile, ::testing::ValuesIn(test::cuda_backends()),
                         [](const auto& info) {
                           std::string s = info.param;
                           for (char& c : s)
                             if (c == '-') c = '_';
                           return s;
                         });

TEST(CudaView, TilesEqualTheCpuTilesAtEveryRound) {
  APSP_REQUIRE_GPU();
  const int n = 333, block = 64;
  test::RandomGraphOptions o;
  o.negative = true;
  o.density = 0.02;
  const Graph g = test::random_graph(n, 8, o);
  for (DType dtype : {DType::I32, DType::I16}) {
    const DistanceMatrix initial = to_distance_matrix(g, block, dtype);
    auto gpu = test::make_loaded("cuda-tuned", initial, block, dtype);
    auto cpu = test::make_loaded("cpu-blocked", initial, block, dtype);
    for (;;) {
      for (const ViewGeometry geo : {make_view_geometry(n), make_view_geometry(n, 64), make_view_geometry(n, 7),
                                     ViewGeometry{n, 5, 100}}) {
        std::vector<std::int32_t> a(geo.texels(), -7), b(geo.texels(), -9);
        gpu->view_tiles(geo, a.data());
        cpu->view_tiles(geo, b.data());
        ASSERT_EQ(a, b) << "view " << geo.rows << "x" << geo.cols << " at round " << gpu->cursor().round;
      }
      if (gpu->finished()) break;
      gpu->step(Granularity::Round);
      cpu->step(Granularity::Round);
    }
  }
}

TEST(CudaSolver, ValueAtAndResetWithAnotherSize) {
  APSP_REQUIRE_GPU();
  test::RandomGraphOptions o;
  o.negative = true;
  SolverOptions opts;
  opts.block = 64;
  auto s = create_solver("cuda-tuned", opts);
  for (int n : {150, 40, 300}) {
    const Graph g = test::random_graph(n, 40 + n, o);
    s->reset(to_distance_matrix(g, 16, DType::I32));  // another padding: the solver re-pads
    s->step(Granularity::ToEnd);
    const auto expected = test::reference_fw(g, n);
    EXPECT_EQ(first_difference(test::current(*s), expected, n), "") << "n=" << n;
    for (int t = 0; t < 50; ++t) {
      const int i = (t * 37) % n, j = (t * 91 + 5) % n;
      EXPECT_EQ(s->value_at(i, j), expected[static_cast<std::size_t>(i) * n + j]);
    }
  }
}

TEST(CudaSolver, StorageForReadsSeesTheCurrentMatrix) {
  APSP_REQUIRE_GPU();
  test::RandomGraphOptions o;  // non-negative weights: raw values need no normalization
  const int n = 300;
  const Graph g = test::random_graph(n, 12, o);
  auto s = test::make_loaded("cuda-tuned", to_distance_matrix(g, 64, DType::I32), 64, DType::I32);
  s->step(Granularity::Round);
  s->step(Granularity::Round);  // mid-solve, right after a look-ahead phase 3
  const Solver::Storage storage = s->storage_for_reads_async();
  ASSERT_EQ(storage.bands.size(), 1u);  // one GPU: one band of every row
  const Solver::StorageBand& ref = storage.bands.front();
  ASSERT_NE(ref.data, nullptr);
  EXPECT_TRUE(storage.on_device());
  EXPECT_EQ(ref.row_begin, 0);
  EXPECT_EQ(ref.rows, n);
  EXPECT_EQ(storage.n, n);
  EXPECT_EQ(storage.dtype, DType::I32);
  std::vector<std::int32_t> raw(static_cast<std::size_t>(n) * n);
  auto stream = static_cast<cudaStream_t>(ref.stream);
  ASSERT_EQ(cudaMemcpy2DAsync(raw.data(), n * sizeof(std::int32_t), ref.data, ref.pitch_bytes, n * sizeof(std::int32_t), n,
                              cudaMemcpyDeviceToHost, stream),
            cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  std::vector<std::int64_t> seen(raw.begin(), raw.end());
  EXPECT_EQ(first_difference(seen, test::reference_fw(g, 2 * 64), n), "");
}

TEST(CudaSolver, Int16RangeErrorLikeTheCpu) {
  APSP_REQUIRE_GPU();
  Graph g;
  g.n = 70;
  for (int v = 0; v + 1 < g.n; ++v) g.edges.push_back({v, v + 1, 300});  // distance 0 -> 69 is 20700
  for (const std::string& backend : test::cuda_backends()) {
    const int block = backend == "cuda-blocked" ? 32 : 64;
    auto s = test::make_loaded(backend, to_distance_matrix(g, block, DType::I16), block, DType::I16);
    s->step(Granularity::ToEnd);
    DistanceMatrix out;
    EXPECT_THROW(s->read(out), RangeError) << backend;
  }
}

TEST(CudaDevice, FactsAndOccupancy) {
  APSP_REQUIRE_GPU();
  const auto devices = cuda_devices(true);
  ASSERT_EQ(static_cast<int>(devices.size()), cuda_device_count());
  for (const DeviceInfo& d : devices) {
    EXPECT_FALSE(d.name.empty());
    EXPECT_GT(d.sm_count, 0);
    EXPECT_GT(d.sm_clock_khz, 0);
    EXPECT_GT(d.memory_bytes, d.free_bytes / 2);
    EXPECT_GT(d.peak_bandwidth_gbps, 100.0);
    EXPECT_DOUBLE_EQ(d.minplus_peak_i32, d.sm_count * 64.0 * d.sm_clock_khz * 1e3);
    EXPECT_DOUBLE_EQ(d.minplus_peak_i16, 2 * d.minplus_peak_i32);
    ASSERT_FALSE(d.occupancy.empty());
    for (const KernelOccupancy& k : d.occupancy) {
      EXPECT_GE(k.blocks_per_sm, 1) << k.kernel;
      EXPECT_GT(k.registers, 0) << k.kernel;
      EXPECT_GT(k.occupancy, 0.0) << k.kernel;
    }
  }
}

TEST(CudaDevice, RefusesBeforeAllocatingWithTheSizes) {
  APSP_REQUIRE_GPU();
  try {
    cuda::DeviceMatrix m(1 << 20, 1 << 20, 4, "a 1M x 1M test matrix");  // 4 TiB
    FAIL() << "allocated 4 TiB";
  } catch (const OutOfMemoryError& e) {
    EXPECT_GE(e.required(), std::uint64_t{1} << 42);
    EXPECT_LT(e.available(), e.required());
    EXPECT_NE(std::string(e.what()).find("1M x 1M"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace apsp
