// The public row-band layout for displays must equal the solver's own split (band_split.h).
#include <apsp/core/errors.h>
#include <apsp/solve/multi_gpu_bands.h>
#include <gtest/gtest.h>

#include "solve/band_split.h"

namespace apsp {
namespace {

TEST(MultiGpuRowBands, OneGpuOwnsEveryRow) {
  EXPECT_EQ(multi_gpu_row_bands(200, 32, 1), (std::vector<GpuRowBand>{{0, 0, 200}}));
}

TEST(MultiGpuRowBands, MatchesTheSolverSplitClippedToN) {
  // n = 1000, B = 64: padded 1024, side 1024 = 8 units of 128 rows, 3 GPUs -> 3, 3, 2 units.
  const auto bands = multi_gpu_row_bands(1000, 64, 3);
  ASSERT_EQ(bands.size(), 3u);
  EXPECT_EQ(bands[0], (GpuRowBand{0, 0, 384}));
  EXPECT_EQ(bands[1], (GpuRowBand{1, 384, 768}));
  EXPECT_EQ(bands[2], (GpuRowBand{2, 768, 1000}));  // rows 1000..1023 are padding
  const auto split = split_bands(1024, band_unit(64, 128), 3);
  for (std::size_t i = 0; i < split.size(); ++i) EXPECT_EQ(bands[i].row_begin, split[i].row_begin);
}

TEST(MultiGpuRowBands, SmallMatricesLeaveTheLastGpusEmpty) {
  // n = 200, B = 32: side 256 = 2 units; GPUs 2 and 3 hold no rows.
  const auto bands = multi_gpu_row_bands(200, 32, 4);
  ASSERT_EQ(bands.size(), 4u);
  EXPECT_EQ(bands[0], (GpuRowBand{0, 0, 128}));
  EXPECT_EQ(bands[1], (GpuRowBand{1, 128, 200}));
  EXPECT_TRUE(bands[2].empty());
  EXPECT_TRUE(bands[3].empty());
}

TEST(MultiGpuRowBands, Int16PadsToWiderTiles) {
  // n = 520, B = 32: i32 pads to 640 rows (5 units: 2, 1, 1, 1); i16's 128-word tile is 256 elements, so it
  // pads to 768 rows (6 units: 2, 2, 1, 1) and the last GPU holds only padding.
  EXPECT_EQ(multi_gpu_row_bands(520, 32, 4, DType::I32),
            (std::vector<GpuRowBand>{{0, 0, 256}, {1, 256, 384}, {2, 384, 512}, {3, 512, 520}}));
  EXPECT_EQ(multi_gpu_row_bands(520, 32, 4, DType::I16),
            (std::vector<GpuRowBand>{{0, 0, 256}, {1, 256, 512}, {2, 512, 520}, {3, 520, 520}}));
}

TEST(MultiGpuRowBands, RejectsBadArguments) {
  EXPECT_THROW(multi_gpu_row_bands(100, 0, 2), UsageError);
  EXPECT_THROW(multi_gpu_row_bands(100, 32, 0), UsageError);
}

}  // namespace
}  // namespace apsp
