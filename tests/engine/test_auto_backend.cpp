// --backend auto (apsp/solve/auto_backend.h): the choice follows the two cost models, flips where they cross,
// keeps Floyd–Warshall when an option needs it, and scales with the device and the thread count.
#include <apsp/solve/auto_backend.h>
#include <gtest/gtest.h>

namespace apsp {
namespace {

AutoInputs cpu_graph(std::int64_t n, std::int64_t m) {
  AutoInputs in;
  in.n = n;
  in.m = m;
  in.sources = n;
  in.cpu_threads = 16;
  in.sparse_available = {"cpu-dijkstra"};
  return in;
}

const AutoCostConstant& constant(const char* name) {
  for (const AutoCostConstant& c : auto_cost_constants())
    if (std::string(c.backend) == name) return c;
  throw std::runtime_error(std::string("no constant for ") + name);
}

TEST(AutoBackend, SparseBelowTheCrossoverDenseAbove) {
  // The crossover of the CPU models at n = 4096: where n^3 / R = n (a n + b m).
  const double r = constant("cpu-blocked").rate;
  const double a = constant("cpu-dijkstra").per_vertex_s, b = constant("cpu-dijkstra").per_edge_s;
  const std::int64_t n = 4096;
  const double crossover_m = (static_cast<double>(n) * n / r - a * n) / b;
  ASSERT_GT(crossover_m, 0);
  const AutoChoice sparse = choose_auto_backend(cpu_graph(n, static_cast<std::int64_t>(0.5 * crossover_m)));
  EXPECT_EQ(sparse.backend, "cpu-dijkstra");
  EXPECT_TRUE(sparse.sparse);
  EXPECT_LT(sparse.sparse_estimate_s, sparse.dense_estimate_s);
  EXPECT_NE(sparse.reason.find("auto: cpu-dijkstra (sparse)"), std::string::npos) << sparse.reason;
  EXPECT_NE(sparse.reason.find("modeled cpu-blocked"), std::string::npos) << sparse.reason;
  const AutoChoice dense = choose_auto_backend(cpu_graph(n, static_cast<std::int64_t>(2 * crossover_m)));
  EXPECT_EQ(dense.backend, "cpu-blocked");
  EXPECT_FALSE(dense.sparse);
  EXPECT_GT(dense.sparse_estimate_s, dense.dense_estimate_s);
}

TEST(AutoBackend, FewSourcesFavourTheSparseSolver) {
  // The same dense-ish graph: all sources is Floyd–Warshall's, a handful of rows is Dijkstra's.
  AutoInputs in = cpu_graph(4096, 4096LL * 400);
  EXPECT_EQ(choose_auto_backend(in).backend, "cpu-blocked");
  in.sources = 8;
  EXPECT_EQ(choose_auto_backend(in).backend, "cpu-dijkstra");
}

TEST(AutoBackend, DenseOnlyOptionsAndNoSparseSolverKeepFloydWarshall) {
  AutoInputs in = cpu_graph(100000, 200000);  // very sparse: sparse would win
  in.dense_only = "--paths / --path";
  AutoChoice c = choose_auto_backend(in);
  EXPECT_EQ(c.backend, "cpu-blocked");
  EXPECT_NE(c.reason.find("since --paths / --path needs it"), std::string::npos) << c.reason;
  in.dense_only.clear();
  in.sparse_available.clear();
  c = choose_auto_backend(in);
  EXPECT_EQ(c.backend, "cpu-blocked");
  EXPECT_NE(c.reason.find("no sparse solver available"), std::string::npos) << c.reason;
}

TEST(AutoBackend, GpuSolversOnlyWithADeviceAndScaledByIt) {
  AutoInputs in = cpu_graph(16384, 16384LL * 8);
  in.sparse_available = {"cpu-dijkstra", "cuda-dijkstra", "cuda-batched-bf"};
  AutoChoice c = choose_auto_backend(in);
  EXPECT_EQ(c.dense_candidate, "cpu-blocked");  // no device: no GPU candidate at all
  EXPECT_EQ(c.sparse_candidate, "cpu-dijkstra");
  in.gpu = true;
  in.gpu_minplus_peak_i32 = constant("cuda-tuned").reference;
  in.gpu_bandwidth_gbps = constant("cuda-batched-bf").reference;
  c = choose_auto_backend(in);
  EXPECT_EQ(c.dense_candidate, "cuda-tuned");
  EXPECT_EQ(c.sparse_candidate, "cuda-batched-bf");  // cuda-dijkstra has no constant: never chosen
  EXPECT_EQ(c.backend, "cuda-batched-bf");           // degree 8 at n = 16384: 5.6x faster measured
  const double at_reference = c.dense_estimate_s;
  EXPECT_NEAR(at_reference, 16384.0 * 16384 * 16384 / constant("cuda-tuned").rate, 1e-9);
  in.gpu_minplus_peak_i32 *= 2;  // a device twice as fast halves the dense estimate
  EXPECT_NEAR(choose_auto_backend(in).dense_estimate_s, at_reference / 2, 1e-9);
  in.cpu_threads = 32;  // twice the threads halve the CPU sparse estimate
  AutoInputs cpu_only = cpu_graph(16384, 16384LL * 8);
  const double t16 = choose_auto_backend(cpu_only).sparse_estimate_s;
  cpu_only.cpu_threads = 32;
  EXPECT_NEAR(choose_auto_backend(cpu_only).sparse_estimate_s, t16 / 2, 1e-12);
}

}  // namespace
}  // namespace apsp
