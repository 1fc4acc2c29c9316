// Band split of the multi-GPU solver (pure host arithmetic): whole units, balanced, in order, covering every
// row, every pivot block row inside one band, and the per-band memory model.
#include <apsp/core/errors.h>
#include <gtest/gtest.h>

#include <numeric>

#include "solve/band_split.h"

namespace apsp {
namespace {

TEST(BandSplit, UnitIsTheLcmOfBlockAndTileRows) {
  EXPECT_EQ(band_unit(32, 128), 128);
  EXPECT_EQ(band_unit(64, 128), 128);
  EXPECT_EQ(band_unit(128, 128), 128);
  EXPECT_EQ(band_unit(96, 128), 384);
  EXPECT_EQ(band_unit(256, 128), 256);
  EXPECT_THROW(band_unit(0, 128), UsageError);
  EXPECT_THROW(band_unit(64, -1), UsageError);
}

TEST(BandSplit, UnevenUnitCountsGiveTheExtraUnitsToTheFirstBands) {
  // 5 units of 128 on 2 and 4 GPUs, 7 units on 4 GPUs.
  EXPECT_EQ(split_bands(640, 128, 2), (std::vector<Band>{{0, 384}, {384, 640}}));
  EXPECT_EQ(split_bands(640, 128, 4), (std::vector<Band>{{0, 256}, {256, 384}, {384, 512}, {512, 640}}));
  EXPECT_EQ(split_bands(896, 128, 4), (std::vector<Band>{{0, 256}, {256, 512}, {512, 768}, {768, 896}}));
  EXPECT_EQ(split_bands(1024, 128, 4), (std::vector<Band>{{0, 256}, {256, 512}, {512, 768}, {768, 1024}}));
  EXPECT_EQ(split_bands(640, 128, 1), (std::vector<Band>{{0, 640}}));
}

TEST(BandSplit, FewerUnitsThanPartsLeavesTheLastBandsEmpty) {
  const std::vector<Band> bands = split_bands(256, 128, 4);
  ASSERT_EQ(bands.size(), 4u);
  EXPECT_EQ(bands[0], (Band{0, 128}));
  EXPECT_EQ(bands[1], (Band{128, 256}));
  EXPECT_TRUE(bands[2].empty());
  EXPECT_TRUE(bands[3].empty());
  EXPECT_EQ(bands[3].row_begin, 256);  // empty bands sit at the end, so every row still has one owner
  EXPECT_EQ(split_bands(0, 128, 3), (std::vector<Band>{{0, 0}, {0, 0}, {0, 0}}));
}

TEST(BandSplit, RefusesPartialUnitsAndNoParts) {
  EXPECT_THROW(split_bands(600, 128, 2), UsageError);
  EXPECT_THROW(split_bands(640, 128, 0), UsageError);
  EXPECT_THROW(split_bands(640, 0, 2), UsageError);
}

TEST(BandSplit, EveryLayoutIsContiguousBalancedAndKeepsBlockRowsWhole) {
  for (int block : {32, 64, 128})
    for (int parts = 1; parts <= 8; ++parts)
      for (int units = 0; units <= 40; ++units) {
        const int unit = band_unit(block, 128);
        const int side = units * unit;
        const std::vector<Band> bands = split_bands(side, unit, parts);
        ASSERT_EQ(static_cast<int>(bands.size()), parts);
        int row = 0, lo = side, hi = 0;
        for (const Band& b : bands) {
          EXPECT_EQ(b.row_begin, row) << "B=" << block << " parts=" << parts << " units=" << units;
          EXPECT_EQ(b.rows() % unit, 0);
          row = b.row_end;
          lo = std::min(lo, b.rows());
          hi = std::max(hi, b.rows());
        }
        EXPECT_EQ(row, side);
        EXPECT_LE(hi - lo, unit) << "unbalanced: B=" << block << " parts=" << parts << " units=" << units;
        for (int p0 = 0; p0 < side; p0 += block) {
          const int owner = band_of_row(bands, p0);
          ASSERT_GE(owner, 0);
          EXPECT_EQ(band_of_row(bands, p0 + block - 1), owner) << "block row at " << p0 << " straddles two bands";
        }
      }
}

TEST(BandSplit, RowOwnerAndRealRows) {
  const std::vector<Band> bands = split_bands(640, 128, 2);
  EXPECT_EQ(band_of_row(bands, 0), 0);
  EXPECT_EQ(band_of_row(bands, 383), 0);
  EXPECT_EQ(band_of_row(bands, 384), 1);
  EXPECT_EQ(band_of_row(bands, 639), 1);
  EXPECT_EQ(band_of_row(bands, 640), -1);
  EXPECT_EQ(band_of_row(bands, -1), -1);
  EXPECT_EQ(real_rows(bands[0], 500), 384);
  EXPECT_EQ(real_rows(bands[1], 500), 116);
  EXPECT_EQ(real_rows(bands[1], 300), 0);
  EXPECT_EQ(real_rows(Band{}, 300), 0);
}

TEST(BandSplit, MemoryOfABand) {
  // 16384 rows of a 32768-wide int32 matrix, block 128: rows are 131072 bytes (a multiple of 512).
  const BandMemory m = band_memory(Band{16384, 32768}, 32768, 128, 4);
  EXPECT_EQ(m.matrix, 16384ull * 32768 * 4);
  EXPECT_EQ(m.panels, 2ull * 128 * 32768 * 4 + 2ull * 128 * 16384 * 4 + 32768ull * 4);
  EXPECT_EQ(m.total(), m.matrix + m.panels);
  // Rows round up to 512 bytes like DeviceMatrix::estimate_bytes; an empty band still holds the row panels.
  const BandMemory odd = band_memory(Band{0, 128}, 384, 32, 2);
  EXPECT_EQ(odd.matrix, 128ull * 1024);
  const BandMemory empty = band_memory(Band{384, 384}, 384, 32, 2);
  EXPECT_EQ(empty.matrix, 0u);
  EXPECT_EQ(empty.panels, 2ull * 32 * 384 * 2 + 384ull * 2);
}

}  // namespace
}  // namespace apsp
