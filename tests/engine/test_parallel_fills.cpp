// The host fills that run over row ranges on every core (to_distance_matrix, make_range_policy(matrix),
// for_each_range) give what one serial pass gives.
#include <apsp/core/distance_matrix.h>
#include <apsp/core/parallel_ranges.h>
#include <apsp/core/types.h>
#include <apsp/graph/graph.h>
#include <apsp/solve/range_policy.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <stdexcept>
#include <vector>

namespace {
/// to_distance_matrix as one loop: INF, 0 on the diagonal (padding too), then the lightest edge per pair (a self
/// loop only when negative).
std::vector<std::int32_t> serial_matrix(const apsp::Graph& g) {
  const auto n = static_cast<std::size_t>(g.n);
  std::vector<std::int32_t> m(n * n, apsp::kInf32);
  for (std::size_t i = 0; i < n; ++i) m[i * n + i] = 0;
  for (const apsp::Edge& e : g.edges) {
    if (e.src == e.dst && e.weight >= 0) continue;
    std::int32_t& cell = m[static_cast<std::size_t>(e.src) * n + static_cast<std::size_t>(e.dst)];
    cell = std::min(cell, e.weight);
  }
  return m;
}

apsp::Graph random_graph(int n, std::int64_t m, int min_w, int max_w, unsigned seed) {
  apsp::Graph g;
  g.n = n;
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> vertex(0, n - 1), weight(min_w, max_w);
  for (std::int64_t k = 0; k < m; ++k) g.edges.push_back({vertex(rng), vertex(rng), weight(rng)});
  for (int k = 0; k < 20; ++k) {  // parallel edges and self loops
    const int v = vertex(rng);
    g.edges.push_back({v, v, weight(rng)});
    g.edges.push_back({v, (v + 1) % n, weight(rng)});
    g.edges.push_back({v, (v + 1) % n, weight(rng)});
  }
  return g;
}
}  // namespace

TEST(ParallelFills, ForEachRangeCoversEveryIndexOnceAndRethrows) {
  for (const std::int64_t count : {0, 1, 5, 1000, 4097}) {
    std::vector<std::atomic<int>> seen(static_cast<std::size_t>(count));
    apsp::for_each_range(count, 7, 1, [&](std::int64_t b, std::int64_t e) {
      for (std::int64_t i = b; i < e; ++i) seen[static_cast<std::size_t>(i)]++;
    });
    for (const auto& s : seen) EXPECT_EQ(s.load(), 1);
  }
  EXPECT_THROW(apsp::for_each_range(100, 4, 1,
                                    [](std::int64_t b, std::int64_t) {
                                      if (b > 0) throw std::runtime_error("range failed");
                                    }),
               std::runtime_error);
}

TEST(ParallelFills, ToDistanceMatrixEqualsASerialReference) {
  // Sizes above the row ranges' threshold (4M cells per range), so the fill is split where there are cores.
  for (const apsp::DType dtype : {apsp::DType::I32, apsp::DType::I16})
    for (const int n : {1, 37, 3000}) {
      const apsp::Graph g = random_graph(n, 8LL * n, -5, 300, static_cast<unsigned>(n));
      const apsp::DistanceMatrix m = apsp::to_distance_matrix(g, 64, dtype);
      const std::vector<std::int32_t> want = serial_matrix(g);
      bool equal = true;
      for (int i = 0; i < n && equal; ++i)
        for (int j = 0; j < n && equal; ++j) equal = m.get(i, j) == want[static_cast<std::size_t>(i) * n + j];
      EXPECT_TRUE(equal) << "n = " << n;
      // The padding is the identity: INF with 0 on its diagonal.
      for (int i = n; i < m.padded_n(); ++i) EXPECT_EQ(m.get(i, i), 0);
    }
}

TEST(ParallelFills, RangePolicyOfAMatrixEqualsOneSerialScan) {
  for (const int n : {2, 40, 3000}) {
    const apsp::Graph g = random_graph(n, 6LL * n, -3, 2000, static_cast<unsigned>(n + 11));
    const apsp::DistanceMatrix m = apsp::to_distance_matrix(g, 32, apsp::DType::I32);
    const apsp::RangePolicy p = apsp::make_range_policy(m);
    // Serial: per column the smallest off-diagonal value (at most 0), the largest value overall.
    std::vector<std::int64_t> min_in(static_cast<std::size_t>(n), 0);
    std::int64_t max_pos = 0;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        const std::int32_t v = m.get(i, j);
        if (i == j || v >= apsp::kInf32) continue;
        min_in[static_cast<std::size_t>(j)] = std::min<std::int64_t>(min_in[static_cast<std::size_t>(j)], v);
        max_pos = std::max<std::int64_t>(max_pos, v);
      }
    std::int64_t neg_sum = 0;
    for (std::int64_t w : min_in) neg_sum += w;
    EXPECT_EQ(p.unreachable_from, static_cast<std::int32_t>(apsp::kInf32 + 2 * neg_sum)) << n;
    EXPECT_EQ(p.may_leave_range, (n - 1) * max_pos > p.real_max) << n;
    // The edge-based policy agrees with the matrix-based one.
    const apsp::RangePolicy from_edges = apsp::make_range_policy(g, apsp::DType::I32);
    EXPECT_EQ(from_edges.unreachable_from, p.unreachable_from) << n;
    EXPECT_EQ(from_edges.may_leave_range, p.may_leave_range) << n;
    EXPECT_EQ(from_edges.negative_weights, p.negative_weights) << n;
  }
}
