// One process per GPU (SolverOptions::process_group), emulated here by one thread per rank in one process
// (NCCL allows one rank per thread): the union of the ranks' rows equals one-GPU cuda-tuned byte for byte,
// i32 and i16, n not a multiple of the block, negative weights, k-steps; a negative cycle stops every rank
// at the same round. Plus: the multi-GPU solver built from the edges on its devices (reset(Graph)) holds
// exactly the matrix reset(to_distance_matrix(graph)) uploads. Skipped with the reason without the GPUs.
#include <apsp/core/errors.h>
#include <apsp/device/device_info.h>
#include <apsp/device/process_group.h>
#include <apsp/graph/generators.h>

#include <barrier>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <thread>

#include "cuda_test_support.h"
#include "device/band_comm.cuh"
#include "solve/cuda/multi_gpu_solver.h"

namespace apsp {
namespace {

#define APSP_REQUIRE_GPUS(count)                                                                                  \
  do {                                                                                                           \
    const int apsp_have_ = ::apsp::cuda_device_count();                                                          \
    if (apsp_have_ == 0) GTEST_SKIP() << ::apsp::cuda_unavailable_reason();                                      \
    if (apsp_have_ < (count)) GTEST_SKIP() << "needs " << (count) << " CUDA devices, " << apsp_have_ << " visible"; \
  } while (0)

#define APSP_REQUIRE_RANKS(world)                                                 \
  do {                                                                            \
    APSP_REQUIRE_GPUS(world);                                                     \
    if (!::apsp::cuda::nccl_compiled()) GTEST_SKIP() << "built without NCCL"; \
  } while (0)

SolverOptions rank_options(int rank, int world, const std::vector<unsigned char>& id, int block, DType dtype) {
  auto group = std::make_shared<ProcessGroup>();
  group->rank = rank;
  group->world = world;
  group->local_rank = rank;
  group->launcher = "test threads";
  group->nccl_id = id;
  SolverOptions o;
  o.block = block;
  o.dtype = dtype;
  o.process_group = group;
  return o;
}

/// Runs @p body on one thread per rank, each with its own cuda-tuned solver made on that thread (NCCL's
/// initialization waits for every rank). Returns what each rank threw ("" when nothing).
std::vector<std::string> on_ranks(int world, int block, DType dtype, const std::function<void(int, Solver&)>& body) {
  const std::vector<unsigned char> id = make_nccl_unique_id();
  std::vector<std::string> errors(static_cast<std::size_t>(world));
  std::vector<std::thread> threads;
  for (int r = 0; r < world; ++r)
    threads.emplace_back([&, r] {
      try {
        auto solver = create_solver("cuda-tuned", rank_options(r, world, id, block, dtype));
        body(r, *solver);
      } catch (const std::exception& e) {
        errors[static_cast<std::size_t>(r)] = e.what();
      }
    });
  for (auto& t : threads) t.join();
  return errors;
}

/// Rows [band.row_begin, band.row_end) of this rank, clipped to n.
std::pair<int, int> own_rows(Solver& s, int rank) {
  const std::vector<Band> bands = cuda::multi_gpu_bands_of(s);
  const Band& b = bands.at(static_cast<std::size_t>(rank));
  const int lo = std::min(b.row_begin, s.n()), hi = std::min(b.row_end, s.n());
  return {lo, hi - lo};
}

std::vector<std::int32_t> single_gpu_rows(const Graph& g, int block, DType dtype) {
  SolverOptions o;
  o.block = block;
  o.dtype = dtype;
  auto s = create_solver("cuda-tuned", o);
  s->reset(g);
  s->step(Granularity::ToEnd);
  std::vector<std::int32_t> out(static_cast<std::size_t>(g.n) * static_cast<std::size_t>(g.n));
  s->read_rows(0, g.n, out.data());
  return out;
}

/// Solves @p g on @p world ranks (the first @p k_rounds rounds k-step by k-step) and returns the union of
/// the rows each rank read back.
std::vector<std::int32_t> ranks_rows(const Graph& g, int world, int block, DType dtype, int k_rounds = 0) {
  std::vector<std::int32_t> out(static_cast<std::size_t>(g.n) * static_cast<std::size_t>(g.n), -7);
  const auto errors = on_ranks(world, block, dtype, [&](int rank, Solver& s) {
    s.reset(g);
    while (!s.finished() && s.cursor().round < k_rounds) s.step(Granularity::KStep);
    s.step(Granularity::ToEnd);
    const auto [first, rows] = own_rows(s, rank);
    s.read_rows(first, rows, out.data() + static_cast<std::size_t>(first) * static_cast<std::size_t>(g.n));
  });
  for (int r = 0; r < world; ++r) EXPECT_EQ(errors[static_cast<std::size_t>(r)], "") << "rank " << r;
  return out;
}

TEST(MultiProcess, TwoRanksEqualOneGpuByteForByte) {
  APSP_REQUIRE_RANKS(2);
  test::RandomGraphOptions negative;
  negative.negative = true;
  negative.density = 0.05;
  test::RandomGraphOptions sparse;
  sparse.density = 0.002;
  struct Case {
    int n;
    int block;
    DType dtype;
    Graph graph;
  };
  const std::vector<Case> cases = {
      {637, 32, DType::I32, test::random_graph(637, 11, negative)},
      {637, 128, DType::I16, test::random_graph(637, 12, negative)},
      {300, 64, DType::I32, test::random_graph(300, 13, negative)},  // 3 units: rank 1 holds one
      {4357, 128, DType::I32, test::random_graph(4357, 14, sparse)},  // above 4096: built on the devices
      {4357, 64, DType::I16, test::random_graph(4357, 15, sparse)},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE("n=" + std::to_string(c.n) + " B=" + std::to_string(c.block) + " " + std::string(to_string(c.dtype)));
    const auto expected = single_gpu_rows(c.graph, c.block, c.dtype);
    const auto got = ranks_rows(c.graph, 2, c.block, c.dtype);
    ASSERT_EQ(got.size(), expected.size());
    EXPECT_EQ(std::memcmp(got.data(), expected.data(), got.size() * sizeof(std::int32_t)), 0);
  }
}

TEST(MultiProcess, KStepsOnTwoRanksReachTheOneGpuResult) {
  APSP_REQUIRE_RANKS(2);
  test::RandomGraphOptions negative;
  negative.negative = true;
  negative.density = 0.05;
  const Graph g = test::random_graph(300, 21, negative);
  const auto expected = single_gpu_rows(g, 64, DType::I32);
  const auto got = ranks_rows(g, 2, 64, DType::I32, /*k_rounds=*/3);  // round 2's pivot rows sit on rank 1
  EXPECT_EQ(got, expected);
}

TEST(MultiProcess, ARankReadsOnlyItsOwnRows) {
  APSP_REQUIRE_RANKS(2);
  const Graph g = test::random_graph(637, 31, test::RandomGraphOptions{});
  std::vector<std::string> outcome(2);
  const auto errors = on_ranks(2, 128, DType::I32, [&](int rank, Solver& s) {
    s.reset(g);
    s.step(Granularity::ToEnd);
    std::vector<std::int32_t> row(637);
    const int other_row = rank == 0 ? 636 : 0;
    try {
      s.read_rows(other_row, 1, row.data());
      outcome[static_cast<std::size_t>(rank)] = "read another rank's row";
    } catch (const UsageError& e) {
      outcome[static_cast<std::size_t>(rank)] = std::string(e.what()).find("holds rows") != std::string::npos ? "ok" : e.what();
    }
    DistanceMatrix whole;
    EXPECT_THROW(s.read(whole), UsageError);
  });
  for (int r = 0; r < 2; ++r) {
    EXPECT_EQ(errors[static_cast<std::size_t>(r)], "") << "rank " << r;
    EXPECT_EQ(outcome[static_cast<std::size_t>(r)], "ok") << "rank " << r;
  }
}

TEST(MultiProcess, NegativeCycleStopsBothRanksAtTheSameRound) {
  APSP_REQUIRE_RANKS(2);
  const Graph g = test::negative_cycle_across_bands();  // rank 0 holds row 10, rank 1 rows 400 and 630
  for (int block : {32, 128}) {
    SCOPED_TRACE("B=" + std::to_string(block));
    std::vector<int> stopped(2, -1);
    const auto errors = on_ranks(2, block, DType::I32, [&](int rank, Solver& s) {
      s.reset(g);
      try {
        while (!s.finished()) s.step(Granularity::Round);
      } catch (const NegativeCycleError&) {
        stopped[static_cast<std::size_t>(rank)] = s.cursor().round;
      }
    });
    EXPECT_EQ(errors[0], "");
    EXPECT_EQ(errors[1], "");
    EXPECT_GE(stopped[0], 0) << "rank 0 saw no negative cycle";
    EXPECT_EQ(stopped[0], stopped[1]);
  }
}

TEST(MultiProcess, RanksRefuseSeveralGpusPerProcess) {
  APSP_REQUIRE_RANKS(2);
  SolverOptions o = rank_options(0, 2, std::vector<unsigned char>(128, 0), 128, DType::I32);
  o.gpus = 2;
  EXPECT_THROW((void)create_solver("cuda-tuned", o), UsageError);
  EXPECT_THROW((void)create_solver("cuda-blocked", rank_options(0, 2, {}, 32, DType::I32)), UsageError);
}

/// Not a test (run with --gtest_also_run_disabled_tests): the compute time of one solve of a random graph with
/// 8n edges, n = APSP_BENCH_N (default 16384), on one process with 2 GPUs and on 2 ranks (threads), printed.
TEST(MultiProcess, DISABLED_SpeedAgainstOneProcess) {
  APSP_REQUIRE_RANKS(2);
  const char* env = std::getenv("APSP_BENCH_N");
  Graph g;
  g.n = env ? std::atoi(env) : 16384;
  SplitMix64 rng(7);
  for (std::int64_t e = 0; e < 8 * static_cast<std::int64_t>(g.n); ++e)
    g.edges.push_back({static_cast<int>(rng.next() % static_cast<std::uint64_t>(g.n)),
                       static_cast<int>(rng.next() % static_cast<std::uint64_t>(g.n)),
                       static_cast<int>(1 + rng.next() % 100)});
  using Clock = std::chrono::steady_clock;
  const auto seconds = [](Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); };
  SolverOptions o;
  o.block = 128;
  o.gpus = 2;
  auto one = create_solver("cuda-tuned", o);
  for (int repeat = 0; repeat < 2; ++repeat) {
    one->reset(g);
    one->synchronize();
    const auto t0 = Clock::now();
    one->step(Granularity::ToEnd);
    one->synchronize();
    std::printf("n=%d one process, 2 GPUs: %.3f s\n", g.n, seconds(t0));
  }
  std::barrier sync(2);
  std::vector<double> took(2);
  const auto errors = on_ranks(2, 128, DType::I32, [&](int rank, Solver& s) {
    for (int repeat = 0; repeat < 2; ++repeat) {
      s.reset(g);
      s.synchronize();
      sync.arrive_and_wait();
      const auto t0 = Clock::now();
      s.step(Granularity::ToEnd);
      s.synchronize();
      took[static_cast<std::size_t>(rank)] = seconds(t0);
      sync.arrive_and_wait();
      if (rank == 0) std::printf("n=%d 2 ranks: %.3f s, %.3f s\n", g.n, took[0], took[1]);
    }
  });
  EXPECT_EQ(errors[0], "");
  EXPECT_EQ(errors[1], "");
}

/// Single process: the bands built from the edges on their devices equal the uploaded host-built matrix.
TEST(MultiGpuLoad, BuildFromEdgesEqualsHostMatrixByteForByte) {
  APSP_REQUIRE_GPUS(1);
  test::RandomGraphOptions o;
  o.density = 0.002;  // parallel edges and self loops included
  const Graph g = test::random_graph(4357, 41, o);
  struct Setup {
    std::vector<int> devices;
    std::string comm;
  };
  std::vector<Setup> setups = {{{0, 0}, "peer"}};  // two bands on one GPU
  if (cuda_device_count() >= 2) setups.push_back({{0, 1}, cuda::nccl_compiled() ? "nccl" : "peer"});
  for (const Setup& setup : setups)
    for (DType dtype : {DType::I32, DType::I16}) {
      SCOPED_TRACE(setup.comm + " on " + std::to_string(setup.devices.size()) + " bands, " + std::string(to_string(dtype)));
      SolverOptions opts;
      opts.block = 128;
      opts.dtype = dtype;
      opts.gpus = static_cast<int>(setup.devices.size());
      auto s = cuda::make_multi_gpu_solver(opts, cuda::MultiGpuConfig{setup.devices, setup.comm});
      s->reset(g);
      EXPECT_TRUE(s->load_times().built_on_device);
      DistanceMatrix built, uploaded;
      s->read_state(built);
      s->reset(to_distance_matrix(g, 128, dtype));
      s->read_state(uploaded);
      const std::size_t row_bytes = static_cast<std::size_t>(g.n) * element_bytes(dtype);
      for (int i = 0; i < g.n; ++i)
        ASSERT_EQ(std::memcmp(static_cast<const char*>(built.data()) + static_cast<std::size_t>(i) * built.pitch_bytes(),
                              static_cast<const char*>(uploaded.data()) + static_cast<std::size_t>(i) * uploaded.pitch_bytes(),
                              row_bytes),
                  0)
            << "row " << i;
      // And the solve from the device-built bands reaches the one-GPU result.
      s->reset(g);
      s->step(Granularity::ToEnd);
      std::vector<std::int32_t> rows(static_cast<std::size_t>(g.n) * static_cast<std::size_t>(g.n));
      s->read_rows(0, g.n, rows.data());
      EXPECT_EQ(rows, single_gpu_rows(g, 128, dtype));
    }
}

}  // namespace
}  // namespace apsp
