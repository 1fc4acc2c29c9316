// CPU backends under the overflow guard (overflow_guard.h). Before the floor, dense negative cycles doubled
// the walks each k until int32 and int16 wrapped around.
#include "overflow_guard.h"

namespace apsp {
namespace {

using test::expect_sums_stay_in_type;
using test::smallest_value;

TEST(OverflowGuard, DenseNegativeCyclesStayInsideInt32) {
  for (const char* b : {"cpu-naive", "cpu-blocked"})
    for (bool paths : {false, true}) {
      expect_sums_stay_in_type({b, 40, 40, DType::I32, -1000, paths});  // one round of 40 doublings
      expect_sums_stay_in_type({b, 70, 32, DType::I32, -30000, paths});  // three rounds, ragged last block
    }
}

TEST(OverflowGuard, DenseNegativeCyclesStayInsideInt16) {
  for (const char* b : {"cpu-naive", "cpu-blocked"})
    for (bool paths : {false, true}) expect_sums_stay_in_type({b, 8, 8, DType::I16, -400, paths});
}

TEST(OverflowGuard, NegativeSelfLoopIsReportedWithoutOverflow) {
  // A self loop is left out of the lower bound L, so only the floor keeps its walks inside the type.
  Graph g;
  g.n = 33;
  for (int i = 0; i + 1 < g.n; ++i) g.edges.push_back({i, i + 1, 1});
  g.edges.push_back({5, 5, -500000000});  // two trips round it already leave 2 * floor
  for (const char* b : {"cpu-naive", "cpu-blocked"}) {
    SolverOptions o;
    o.block = 33;
    auto s = create_solver(b, o);
    EXPECT_THROW(solve_all(*s, to_distance_matrix(g, 33, DType::I32)), NegativeCycleError) << b;
    EXPECT_GE(smallest_value(*s), 2 * kFloor32) << b;
  }
}

TEST(OverflowGuard, FloorIsBelowEveryRealDistance) {
  // The range check refuses graphs with 2|L| + Wmax > (INF - 1) / 2, so every real distance is >= L > floor.
  EXPECT_LT(kFloor32, -(kInf32 + 1) / 4);
  EXPECT_LT(kFloor16, -(kInf16 + 1) / 4);
  // 4 * floor is the smallest sum: it must fit the type.
  EXPECT_GE(4LL * kFloor32, static_cast<long long>(INT32_MIN));
  EXPECT_GE(4LL * kFloor16, static_cast<long long>(INT16_MIN));
}

}  // namespace
}  // namespace apsp
