// The CUDA solvers' round arithmetic (solve/round_model.h): checked here on the host, since the GPU tests can
// only see its results through profile samples.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>

#include "solve/round_model.h"

namespace apsp::round_model {
namespace {

TEST(RoundModel, RoundUpAndDeviceSide) {
  EXPECT_EQ(round_up(0, 128), 0);
  EXPECT_EQ(round_up(128, 128), 128);
  EXPECT_EQ(round_up(129, 128), 256);
  EXPECT_EQ(tuned_device_side(1000, 4), 1024);  // 128 int32 columns per tile
  EXPECT_EQ(tuned_device_side(1000, 2), 1024);  // 256 int16 columns per tile
  EXPECT_EQ(tuned_device_side(1100, 2), 1280);
  EXPECT_EQ(tuned_device_side(1100, 4), 1152);
}

TEST(RoundModel, LookaheadOnUnlessTheEnvironmentSaysZero) {
  const char* saved = std::getenv("APSP_CUDA_LOOKAHEAD");
  const std::string kept = saved ? saved : "";
  unsetenv("APSP_CUDA_LOOKAHEAD");
  EXPECT_TRUE(lookahead_enabled());
  setenv("APSP_CUDA_LOOKAHEAD", "0", 1);
  EXPECT_FALSE(lookahead_enabled());
  setenv("APSP_CUDA_LOOKAHEAD", "1", 1);
  EXPECT_TRUE(lookahead_enabled());
  if (saved) {
    setenv("APSP_CUDA_LOOKAHEAD", kept.c_str(), 1);
  } else {
    unsetenv("APSP_CUDA_LOOKAHEAD");
  }
}

TEST(RoundModel, UpdatesOfOneBandAreTheBlockedAlgorithmsRegions) {
  const std::uint64_t n = 300, pb = 64, ks = 64;
  const BandShare all = BandShare::whole(n, pb);
  EXPECT_EQ(phase_updates(Phase::Pivot, n, pb, all, ks), 64u * 64u * 64u);
  EXPECT_EQ(phase_updates(Phase::PivotRowCol, n, pb, all, ks), 2u * 64u * 236u * 64u);
  EXPECT_EQ(phase_updates(Phase::Independent, n, pb, all, ks), 236u * 236u * 64u);
  EXPECT_EQ(phase_updates(Phase::Full, n, pb, all, 3), 300u * 300u * 3u);
  // The last round's pivot block is short: pb real vertices only.
  EXPECT_EQ(phase_updates(Phase::Pivot, n, 44, BandShare::whole(n, 44), 1), 44u * 44u);
}

TEST(RoundModel, BandUpdatesAddUpToTheWholeMatrix) {
  // n = 1000 in two bands, rows [0, 512) (holding the pivot rows [128, 192)) and [512, 1000).
  const std::uint64_t n = 1000, pb = 64, ks = 7;
  const BandShare owner{512 - pb, true};
  const BandShare other{1000 - 512, false};
  const BandShare all = BandShare::whole(n, pb);
  for (Phase p : {Phase::Pivot, Phase::PivotRowCol, Phase::Independent}) {
    EXPECT_EQ(phase_updates(p, n, pb, owner, ks) + phase_updates(p, n, pb, other, ks), phase_updates(p, n, pb, all, ks))
        << to_string(p);
  }
  EXPECT_EQ(phase_updates(Phase::Pivot, n, pb, other, ks), 0u);  // phase 1 runs on the owner only
}

TEST(RoundModel, BytesOfTheBlockedKernels) {
  EXPECT_EQ(k_step_bytes(1000, 2), 4000u);
  EXPECT_EQ(pivot_bytes(64, 4), 2u * 64u * 64u * 4u);
  EXPECT_EQ(blocked_rowcol_bytes(8, 32, 4), 2u * 7u * 3u * 32u * 32u * 4u);
  EXPECT_EQ(blocked_independent_bytes(8, 32, 4), 7u * 7u * 4u * 32u * 32u * 4u);
}

TEST(RoundModel, BytesOfTheTunedKernels) {
  const std::uint64_t side = 1024, b = 64, e = 4;  // 8 x 8 tiles of 128 rows x 128 words
  // One band of every row: row panel 3 B S e, column panel 2 S B e, transposed panel 4 S B, pivot per CTA
  // (8 row-panel CTAs + 8 column-panel CTAs).
  EXPECT_EQ(tuned_rowcol_bytes(side, side, b, e, true),
            3u * b * side * e + 2u * side * b * e + 4u * side * b + (8u + 8u) * b * b * e);
  EXPECT_EQ(tuned_independent_bytes(side, side, b, e), 2u * side * side * e + 64u * 256u * b * 4u);
  // int16: the same side is 512 words per row, 4 tiles per tile row.
  EXPECT_EQ(tuned_independent_bytes(side, side, b, 2), 2u * side * side * 2u + 32u * 256u * b * 4u);
  // Two bands of 512 rows: the column panels and phase 3 split by rows, the row panel is the owner's.
  EXPECT_EQ(tuned_rowcol_bytes(512, side, b, e, true) + tuned_rowcol_bytes(512, side, b, e, false),
            tuned_rowcol_bytes(side, side, b, e, true));
  EXPECT_EQ(tuned_independent_bytes(512, side, b, e) + tuned_independent_bytes(512, side, b, e),
            tuned_independent_bytes(side, side, b, e));
  EXPECT_LT(tuned_rowcol_bytes(512, side, b, e, false), tuned_rowcol_bytes(512, side, b, e, true));
}

TEST(RoundModel, BandsOfAnySplitAddUpToTheOneGpuFigures) {
  for (std::uint64_t e : {2u, 4u})
    for (std::uint64_t b : {32u, 64u, 128u})
      for (std::uint64_t side : {1024u, 16384u, 16640u}) {
        // The one-GPU formulas as cuda_solver.cu wrote them inline before the model existed.
        const std::uint64_t words = side * e / 4;
        const std::uint64_t rowcol =
            3 * b * side * e + 2 * side * b * e + 4 * side * b + (words / 128 + side / 128) * b * b * e;
        const std::uint64_t independent = 2 * side * side * e + (side / 128) * (words / 128) * (128 + 128) * b * 4;
        EXPECT_EQ(tuned_rowcol_bytes(side, side, b, e, true), rowcol);
        EXPECT_EQ(tuned_independent_bytes(side, side, b, e), independent);
        // Three bands of whole 128-row units, the owner in the middle.
        const std::uint64_t units = side / 128, first = units / 3 * 128, second = units / 3 * 128;
        const std::uint64_t third = side - first - second;
        EXPECT_EQ(tuned_rowcol_bytes(first, side, b, e, false) + tuned_rowcol_bytes(second, side, b, e, true) +
                      tuned_rowcol_bytes(third, side, b, e, false),
                  rowcol);
        EXPECT_EQ(tuned_independent_bytes(first, side, b, e) + tuned_independent_bytes(second, side, b, e) +
                      tuned_independent_bytes(third, side, b, e),
                  independent);
      }
}

}  // namespace
}  // namespace apsp::round_model
