// n = 65536 and beyond: n^2 = 4.29e9 cells exceed 32 bits. The host-side arithmetic on the
// paths of a large solve (matrix sizes, view geometry, bands, round model, the memory estimate) is checked at
// such n without allocating anything.
#include <apsp/core/distance_matrix.h>
#include <apsp/core/solve_estimate.h>
#include <apsp/solve/multi_gpu_bands.h>
#include <apsp/view/view.h>
#include <gtest/gtest.h>

#include <cstdint>

#include "solve/round_model.h"

namespace apsp {
namespace {

constexpr std::uint64_t kN = 65536;

TEST(LargeN, MatrixBytesAreCountedIn64Bits) {
  const std::uint64_t cells = kN * kN;  // 2^32: one more than uint32 holds
  EXPECT_GE(DistanceMatrix::required_bytes(static_cast<std::int64_t>(kN), 128, DType::I32), cells * 4);
  EXPECT_LT(DistanceMatrix::required_bytes(static_cast<std::int64_t>(kN), 128, DType::I32), cells * 4 * 101 / 100);
  EXPECT_GE(DistanceMatrix::required_bytes(200000, 128, DType::I16), 200000ull * 200000ull * 2);
  EXPECT_GE(DistanceMatrix::required_bytes(1 << 20, 128, DType::I32), (1ull << 40) * 4);
}

TEST(LargeN, ViewGeometryCoversEveryRowExactly) {
  for (const int n : {65536, 65537, 200000, 1 << 20}) {
    for (const int budget : {2048, 4096, 16384}) {
      const ViewGeometry g = make_view_geometry(n, budget);
      EXPECT_EQ(g.row_begin(0), 0);
      EXPECT_EQ(g.row_begin(g.rows), n) << n << " / " << budget;
      EXPECT_EQ(g.col_begin(g.cols), n);
      // The last texel starts where y * n / rows says in exact arithmetic.
      const std::int64_t y = g.rows - 1;
      EXPECT_EQ(g.row_begin(g.rows - 1), static_cast<int>(y * n / g.rows));
      EXPECT_EQ(g.texels(), static_cast<std::size_t>(g.rows) * static_cast<std::size_t>(g.cols));
    }
  }
}

TEST(LargeN, BandsSplitTheRowsOfTwoGpus) {
  const auto bands = multi_gpu_row_bands(static_cast<int>(kN), 128, 2, DType::I32);
  ASSERT_EQ(bands.size(), 2u);
  EXPECT_EQ(bands[0].row_begin, 0);
  EXPECT_EQ(bands[0].row_end, bands[1].row_begin);
  EXPECT_EQ(bands[1].row_end, static_cast<int>(kN));
  EXPECT_EQ(bands[0].rows(), 32768);
}

TEST(LargeN, RoundModelCountsBeyond32Bits) {
  const std::uint64_t pb = 128;
  const auto share = round_model::BandShare::whole(kN, pb);
  const std::uint64_t p3 = round_model::phase_updates(Phase::Independent, kN, pb, share, pb);
  EXPECT_EQ(p3, (kN - pb) * (kN - pb) * pb);
  EXPECT_GT(p3, std::uint64_t{1} << 32);
  const int side = round_model::tuned_device_side(static_cast<int>(kN), 4);
  EXPECT_EQ(side, static_cast<int>(kN));
  EXPECT_GE(round_model::tuned_independent_bytes(kN, kN, pb, 4), 2 * kN * kN * 4);
}

TEST(LargeN, TheEstimateCountsTheWholeMatrix) {
  SolveShape shape;
  shape.backend = "cuda-tuned";
  shape.block = 128;
  const SolveEstimate e = estimate_solve(shape, static_cast<std::int64_t>(kN), false);
  EXPECT_GE(e.host_bytes, kN * kN * 4);
  EXPECT_DOUBLE_EQ(e.updates, static_cast<double>(kN) * static_cast<double>(kN) * static_cast<double>(kN));
}

}  // namespace
}  // namespace apsp
