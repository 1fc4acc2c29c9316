// parallel_efficiency(): the scaling column of `apsp bench` (multi-GPU rows need GPUs, the arithmetic does not).
#include <gtest/gtest.h>

#include "bench_scaling.h"

namespace apsp::cli {
namespace {

TEST(BenchScaling, EfficiencyIsOneGpuTimeOverGpusTimesTime) {
  const std::vector<ScalingPoint> points = {
      {"cuda-tuned", 128, 32768, 1, 2400.0}, {"cuda-tuned", 128, 32768, 2, 1250.0}, {"cuda-tuned", 128, 32768, 4, 600.0},
      {"cuda-tuned", 64, 32768, 2, 1300.0},     // no one-GPU row with block 64
      {"cuda-tuned", 128, 49152, 2, 4000.0},    // no one-GPU row at this n
      {"cpu-blocked", 128, 32768, 1, 90000.0},  // another backend: its own reference
  };
  const std::vector<double> e = parallel_efficiency(points);
  ASSERT_EQ(e.size(), points.size());
  EXPECT_DOUBLE_EQ(e[0], 1.0);
  EXPECT_DOUBLE_EQ(e[1], 2400.0 / (2 * 1250.0));  // 0.96
  EXPECT_DOUBLE_EQ(e[2], 1.0);                     // 2400 / (4 * 600): perfect
  EXPECT_EQ(e[3], -1.0);
  EXPECT_EQ(e[4], -1.0);
  EXPECT_DOUBLE_EQ(e[5], 1.0);
}

TEST(BenchScaling, ReferenceMayComeAfterAndBadTimesGiveNone) {
  const std::vector<ScalingPoint> points = {
      {"cuda-tuned", 64, 1000, 4, 30.0}, {"cuda-tuned", 64, 1000, 1, 100.0}, {"cuda-tuned", 64, 1000, 2, 0.0}};
  const std::vector<double> e = parallel_efficiency(points);
  EXPECT_DOUBLE_EQ(e[0], 100.0 / 120.0);
  EXPECT_DOUBLE_EQ(e[1], 1.0);
  EXPECT_EQ(e[2], -1.0);
}

}  // namespace
}  // namespace apsp::cli
