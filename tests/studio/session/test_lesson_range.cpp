// The lesson's colour range (session/lesson_range.h) against an independent Floyd–Warshall written here, plain
// and blocked, that records every k-step state: the range must be exactly [smallest value, largest finite value]
// over those states, also where a cell's first finite value lies above the initial maximum.
#include <gtest/gtest.h>

#include <apsp/graph/generators.h>
#include <apsp/graph/graph.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "session/lesson_range.h"

namespace {

using apsp::kInf32;
using Matrix = std::vector<std::int64_t>;

struct Extremes {
  std::int64_t lo = kInf32, hi = -kInf32;
  void include(const Matrix& d) {
    for (std::int64_t v : d) {
      if (v >= kInf32) continue;
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
};

// d[i][j] = min(d[i][j], d[i][k] + d[k][j]) for the cells (i, j) of rows [r0, r1) x columns [c0, c1).
void relax(Matrix& d, int n, int k, int r0, int r1, int c0, int c1) {
  for (int i = r0; i < r1; ++i)
    for (int j = c0; j < c1; ++j) {
      const std::int64_t via = d[i * n + k] >= kInf32 || d[k * n + j] >= kInf32 ? kInf32 : d[i * n + k] + d[k * n + j];
      d[i * n + j] = std::min(d[i * n + j], via);
    }
}

Extremes replay(const apsp::Graph& g, bool blocked, int block) {
  const int n = g.n;
  Matrix d(static_cast<std::size_t>(n) * n, kInf32);
  for (int i = 0; i < n; ++i) d[i * n + i] = 0;
  for (const apsp::Edge& e : g.edges) d[e.src * n + e.dst] = std::min<std::int64_t>(d[e.src * n + e.dst], e.weight);
  Extremes x;
  x.include(d);
  if (!blocked) {
    for (int k = 0; k < n; ++k) relax(d, n, k, 0, n, 0, n), x.include(d);
    return x;
  }
  const int rounds = (n + block - 1) / block;
  auto lo = [&](int b) { return b * block; };
  auto hi = [&](int b) { return std::min(n, (b + 1) * block); };
  for (int r = 0; r < rounds; ++r) {
    for (int k = lo(r); k < hi(r); ++k) relax(d, n, k, lo(r), hi(r), lo(r), hi(r)), x.include(d);  // phase 1
    for (int k = lo(r); k < hi(r); ++k) {  // phase 2: the pivot row and column blocks
      for (int b = 0; b < rounds; ++b) {
        if (b == r) continue;
        relax(d, n, k, lo(r), hi(r), lo(b), hi(b));
        relax(d, n, k, lo(b), hi(b), lo(r), hi(r));
      }
      x.include(d);
    }
    for (int k = lo(r); k < hi(r); ++k) {  // phase 3: the independent blocks
      for (int a = 0; a < rounds; ++a)
        for (int b = 0; b < rounds; ++b)
          if (a != r && b != r) relax(d, n, k, lo(a), hi(a), lo(b), hi(b));
      x.include(d);
    }
  }
  return x;
}

void expect_range(const apsp::Graph& g, bool blocked, int block, const std::string& what) {
  const auto range = apsp::studio::lesson_range(apsp::to_distance_matrix(g, block, apsp::DType::I32), blocked, block);
  ASSERT_TRUE(range.has_value()) << what;
  const Extremes x = replay(g, blocked, block);
  EXPECT_TRUE(range->has_finite) << what;
  EXPECT_EQ(range->lo, x.lo) << what;
  EXPECT_EQ(range->hi, x.hi) << what;
}

TEST(LessonRange, FirstFiniteValueAboveTheInitialMaximum) {
  // 0 -> 1 -> 2, 5 each: no edge weighs more than 5, but d[0][2] first shows 10.
  const apsp::Graph g{3, {{0, 1, 5}, {1, 2, 5}}};
  for (bool blocked : {false, true}) {
    const auto range = apsp::studio::lesson_range(apsp::to_distance_matrix(g, 1, apsp::DType::I32), blocked, 1);
    ASSERT_TRUE(range.has_value());
    EXPECT_EQ(range->lo, 0);
    EXPECT_EQ(range->hi, 10);
  }
}

TEST(LessonRange, EqualsEveryKStepStateOfTheSameAlgorithm) {
  for (const char* spec : {"classroom:textbook4", "classroom:cities8", "er:n=23,p=0.15,seed=3,w=1:40",
                           "er:n=30,p=0.08,seed=9,w=1:99"}) {
    const apsp::Graph g = apsp::generate(apsp::GeneratorSpec::parse(spec));
    for (int block : {1, 2, 3, 4, 8}) {
      expect_range(g, false, block, std::string(spec) + " plain, B = " + std::to_string(block));
      expect_range(g, true, block, std::string(spec) + " blocked, B = " + std::to_string(block));
    }
  }
}

TEST(LessonRange, NoneAboveTheClassroomSizeOrWithANegativeCycle) {
  const apsp::Graph big{apsp::studio::kLessonRangeMaxN + 1, {{0, 1, 1}}};
  EXPECT_FALSE(apsp::studio::lesson_range(apsp::to_distance_matrix(big, 64, apsp::DType::I32), true, 64).has_value());
  const apsp::Graph cycle{3, {{0, 1, 1}, {1, 2, -3}, {2, 0, 1}}};
  EXPECT_FALSE(apsp::studio::lesson_range(apsp::to_distance_matrix(cycle, 2, apsp::DType::I32), true, 2).has_value());
}

}  // namespace
