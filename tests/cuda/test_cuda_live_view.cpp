// Live view minima (engine/src/solve/cuda/live_view_tiles.cuh): cuda-tuned's kernels fold the cells
// they write into the tracked view's tile minima. After every kind of step (rounds, phases, k-steps, a
// restore), on one band and on several (bands sharing one GPU, and two GPUs where there are two), the live
// tiles must equal the separate reduction of the matrix and the host's minima of the same matrix, and the
// normalized view must equal cpu-blocked's. Geometries the epilogue cannot fold exactly are refused and still
// reduced correctly.
#include <apsp/solve/tile_minima.h>
#include <apsp/view/view.h>

#include <climits>
#include <string>
#include <vector>

#include "cuda_test_support.h"
#include "solve/cuda/multi_gpu_solver.h"

namespace apsp {
namespace {

struct LiveCase {
  int n;
  int block;
  DType dtype;
  int rows;
  int cols;
  double density;
  const char* what;
};

/// Raw minima of @p g over the solver's raw matrix as read_state() gives it (the host's own arithmetic). get()
/// reads an int16 INF as kInf32; the raw tiles hold the dtype's own INF, so it is mapped back.
std::vector<std::int32_t> host_minima(Solver& s, const ViewGeometry& g) {
  DistanceMatrix raw;
  s.read_state(raw);
  const std::int32_t inf = inf_of(raw.dtype());
  std::vector<std::int32_t> out(g.texels(), INT_MAX);
  for (int y = 0; y < g.rows; ++y)
    for (int x = 0; x < g.cols; ++x) {
      std::int32_t m = INT_MAX;
      for (int i = g.row_begin(y); i < g.row_begin(y + 1); ++i)
        for (int j = g.col_begin(x); j < g.col_begin(x + 1); ++j) m = std::min(m, std::min(raw.get(i, j), inf));
      out[static_cast<std::size_t>(y) * g.cols + x] = m;
    }
  return out;
}

/// Raw tiles from @p storage through DeviceTileMinima (live copies where the storage offers them).
std::vector<std::int32_t> device_minima(Solver& s, const Solver::Storage& storage, const ViewGeometry& g) {
  std::vector<std::int32_t> out(g.texels(), -5);
  DeviceTileMinima reducer;
  reducer.to_host_async(storage, g, out.data());
  s.synchronize();
  reducer.finish_to_host(g, out.data());
  return out;
}

Solver::Storage without_live(Solver::Storage st) {
  st.live_view = ViewGeometry{};
  for (auto& b : st.bands) b.live_tiles = nullptr;
  return st;
}

/// Steps @p gpu and @p cpu in lockstep through every granularity and checks the view after each step.
void check_through_the_solve(Solver& gpu, Solver& cpu, const ViewGeometry& g, bool expect_live, const std::string& what) {
  ASSERT_EQ(gpu.track_view(&g), expect_live) << what;
  const Granularity pattern[] = {Granularity::Round, Granularity::Phase, Granularity::Phase, Granularity::KStep,
                                 Granularity::KStep, Granularity::Phase, Granularity::Phase, Granularity::Round};
  std::size_t step = 0;
  DistanceMatrix checkpoint;
  int checkpoint_round = -1;
  bool restored = false;
  for (;;) {
    const std::string where = what + " at round " + std::to_string(gpu.cursor().round) + " phase " +
                              std::to_string(static_cast<int>(gpu.cursor().phase)) + " k " +
                              std::to_string(gpu.cursor().k);
    const Solver::Storage st = gpu.storage_for_reads_async();
    ASSERT_EQ(st.live_for(g), expect_live) << where;
    const std::vector<std::int32_t> live = device_minima(gpu, st, g);
    const std::vector<std::int32_t> separate = device_minima(gpu, without_live(st), g);
    ASSERT_EQ(live, separate) << "live vs separate reduction, " << where;
    ASSERT_EQ(live, host_minima(gpu, g)) << "live vs host minima, " << where;
    std::vector<std::int32_t> a(g.texels(), -7), b(g.texels(), -9);
    gpu.view_tiles(g, a.data());
    cpu.view_tiles(g, b.data());
    ASSERT_EQ(a, b) << "normalized view vs cpu-blocked, " << where;
    if (gpu.finished()) break;
    const Cursor c = gpu.cursor();
    // Once, at the start of round 2: keep the state, go on two rounds, come back (restore reloads the matrix).
    if (c.round == 2 && c.k == 0 && c.phase == Phase::Pivot && checkpoint_round < 0) {
      gpu.read_state(checkpoint);
      checkpoint_round = 2;
    } else if (checkpoint_round >= 0 && !restored && c.round >= 4 && c.k == 0 && c.phase == Phase::Pivot) {
      gpu.restore(checkpoint, checkpoint_round);
      cpu.restore(checkpoint, checkpoint_round);  // raw states are bit-identical across variants
      restored = true;
      continue;
    }
    const Granularity gr = pattern[step++ % (sizeof pattern / sizeof pattern[0])];
    gpu.step(gr);
    cpu.step(gr);
  }
}

std::string label(const LiveCase& c) {
  return std::string(c.what) + " (n " + std::to_string(c.n) + ", B " + std::to_string(c.block) + ", " +
         std::string(to_string(c.dtype)) + ", view " + std::to_string(c.rows) + "x" + std::to_string(c.cols) + ")";
}

const std::vector<LiveCase>& cases() {
  static const std::vector<LiveCase> all{
      {1024, 64, DType::I32, 256, 256, 0.01, "4 x 4 texels, 32 x 32 of them per tile"},
      {1024, 128, DType::I32, 4, 4, 0.01, "a texel spans several tiles"},
      {1000, 64, DType::I32, 250, 125, 0.01, "partial edge tiles, 4 x 8 texels"},
      {1000, 32, DType::I16, 125, 125, 0.01, "int16, partial edge tiles, 8 x 8 texels"},
      {1536, 128, DType::I16, 96, 48, 0.005, "int16, 16 x 32 texels"},
      {1024, 64, DType::I32, 64, 64, 0.0005, "mostly unreachable (INF-heavy)"},
  };
  return all;
}

test::RandomGraphOptions graph_options(double density) {
  test::RandomGraphOptions o;
  o.density = density;
  o.negative = false;  // with a negative weight the solvers do not track (tested below)
  return o;
}

TEST(CudaLiveView, OneGpuEqualsTheSeparateReductionAndTheHost) {
  APSP_REQUIRE_GPU();
  for (const LiveCase& c : cases()) {
    const Graph graph = test::random_graph(c.n, 11, graph_options(c.density));
    const DistanceMatrix initial = to_distance_matrix(graph, c.block, c.dtype);
    auto gpu = test::make_loaded("cuda-tuned", initial, c.block, c.dtype);
    auto cpu = test::make_loaded("cpu-blocked", initial, c.block, c.dtype);
    check_through_the_solve(*gpu, *cpu, ViewGeometry{c.n, c.rows, c.cols}, true, label(c));
  }
}

TEST(CudaLiveView, GeometriesTheEpilogueCannotFoldAreRefusedAndStillExact) {
  APSP_REQUIRE_GPU();
  const LiveCase refused[] = {
      {1000, 64, DType::I32, 300, 300, 0.01, "texels of 3 or 4 cells"},
      {1024, 64, DType::I32, 1024, 1024, 0.01, "one texel per cell"},
      {1024, 64, DType::I32, 512, 512, 0.01, "2 x 2 texels"},
      {1024, 64, DType::I16, 256, 256, 0.01, "int16 texels of 4 columns (half a quad)"},
      {768, 64, DType::I32, 128, 128, 0.01, "6 x 6 texels"},
  };
  for (const LiveCase& c : refused) {
    const Graph graph = test::random_graph(c.n, 12, graph_options(c.density));
    const DistanceMatrix initial = to_distance_matrix(graph, c.block, c.dtype);
    auto gpu = test::make_loaded("cuda-tuned", initial, c.block, c.dtype);
    auto cpu = test::make_loaded("cpu-blocked", initial, c.block, c.dtype);
    check_through_the_solve(*gpu, *cpu, ViewGeometry{c.n, c.rows, c.cols}, false, label(c));
  }
  // Negative weights: not tracked (phase 2's floor could raise a cell), and still exact.
  {
    test::RandomGraphOptions o;
    o.density = 0.01;
    o.negative = true;
    const Graph graph = test::random_graph(1024, 17, o);
    const DistanceMatrix initial = to_distance_matrix(graph, 64, DType::I32);
    auto gpu = test::make_loaded("cuda-tuned", initial, 64, DType::I32);
    auto cpu = test::make_loaded("cpu-blocked", initial, 64, DType::I32);
    check_through_the_solve(*gpu, *cpu, ViewGeometry{1024, 256, 256}, false, "negative weights");
  }
  // Other variants never track.
  const Graph graph = test::random_graph(256, 13, graph_options(0.05));
  auto blocked = test::make_loaded("cuda-blocked", to_distance_matrix(graph, 64, DType::I32), 64, DType::I32);
  const ViewGeometry g{256, 64, 64};
  EXPECT_FALSE(blocked->track_view(&g));
}

TEST(CudaLiveView, BandsOnOneGpuAndOnTwo) {
  APSP_REQUIRE_GPU();
  std::vector<std::pair<std::vector<int>, std::string>> layouts{{{0, 0}, "peer"}, {{0, 0, 0}, "peer"}};
  if (cuda_device_count() >= 2) layouts.push_back({{0, 1}, ""});
  for (const auto& [devices, comm] : layouts) {
    for (const LiveCase& c : cases()) {
      SolverOptions o;
      o.block = c.block;
      o.dtype = c.dtype;
      o.gpus = static_cast<int>(devices.size());
      auto gpu = cuda::make_multi_gpu_solver(o, cuda::MultiGpuConfig{devices, comm});
      const Graph graph = test::random_graph(c.n, 14, graph_options(c.density));
      const DistanceMatrix initial = to_distance_matrix(graph, c.block, c.dtype);
      gpu->reset(initial);
      auto cpu = test::make_loaded("cpu-blocked", initial, c.block, c.dtype);
      const std::string what = label(c) + " on devices " + std::to_string(devices.size()) + (devices[1] == 1 ? " GPUs" : " bands of GPU 0");
      check_through_the_solve(*gpu, *cpu, ViewGeometry{c.n, c.rows, c.cols}, true, what);
    }
  }
}

// Small on purpose, so that compute-sanitizer's racecheck gets through it: two rounds of the int16 fold kernels
// (phase 3's epilogue over packed words, the phases-1/2 fold), then the live tiles against the host's minima.
TEST(CudaLiveView, Int16FoldKernelsOverTwoRounds) {
  APSP_REQUIRE_GPU();
  const Graph graph = test::random_graph(512, 18, graph_options(0.02));
  auto gpu = test::make_loaded("cuda-tuned", to_distance_matrix(graph, 64, DType::I16), 64, DType::I16);
  const ViewGeometry g{512, 64, 64};  // 8 x 8 cells: 4 packed words wide
  ASSERT_TRUE(gpu->track_view(&g));
  ASSERT_TRUE(gpu->storage_for_reads_async().live_for(g));  // seeds the minima: the rounds below fold into them
  gpu->step(Granularity::Round);
  gpu->step(Granularity::Round);
  const Solver::Storage st = gpu->storage_for_reads_async();
  ASSERT_TRUE(st.live_for(g));
  EXPECT_EQ(device_minima(*gpu, st, g), host_minima(*gpu, g));
  EXPECT_EQ(device_minima(*gpu, st, g), device_minima(*gpu, without_live(st), g));
}

TEST(CudaLiveView, TrackingStopsAndANewSizeDropsTheGeometry) {
  APSP_REQUIRE_GPU();
  const Graph graph = test::random_graph(512, 15, graph_options(0.02));
  auto gpu = test::make_loaded("cuda-tuned", to_distance_matrix(graph, 64, DType::I32), 64, DType::I32);
  const ViewGeometry g{512, 128, 128};
  ASSERT_TRUE(gpu->track_view(&g));
  EXPECT_TRUE(gpu->storage_for_reads_async().live_for(g));
  gpu->step(Granularity::Round);
  EXPECT_TRUE(gpu->storage_for_reads_async().live_for(g));
  EXPECT_FALSE(gpu->track_view(nullptr));
  EXPECT_FALSE(gpu->storage_for_reads_async().live_for(g));
  ASSERT_TRUE(gpu->track_view(&g));
  const Graph other = test::random_graph(256, 16, graph_options(0.02));
  gpu->reset(to_distance_matrix(other, 64, DType::I32));
  EXPECT_FALSE(gpu->storage_for_reads_async().live_for(g)) << "a geometry of the old n must not stay live";
  const ViewGeometry wrong_n{512, 128, 128};
  EXPECT_FALSE(gpu->track_view(&wrong_n));
}

}  // namespace
}  // namespace apsp
