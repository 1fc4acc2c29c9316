// apsp profile (hardware counters) where none can be read: one line, exit 2; bad --rounds refused first.
#include <apsp/device/device_info.h>

#include <algorithm>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

std::size_t lines(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

TEST(CliProfile, WithoutAGpuOrCuptiOneLineAndExit2) {
  if (cuda_device_count() > 0) GTEST_SKIP() << "a CUDA device is present: the GPU tests profile for real";
  const RunResult r = run_apsp("profile --gen er:n=64,p=0.1,seed=1 --backend cuda-blocked --rounds 0");
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(lines(r.output), 1u) << r.output;
  EXPECT_EQ(r.output.rfind("apsp profile: hardware counters unavailable: ", 0), 0u) << r.output;
}

TEST(CliProfile, RefusesABadRoundSelection) {
  const RunResult r = run_apsp("profile --gen er:n=64,p=0.1,seed=1 --backend cuda-blocked --rounds every:0");
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(lines(r.output), 1u) << r.output;
  EXPECT_NE(r.output.find("--rounds every:0"), std::string::npos) << r.output;
}

TEST(CliProfile, OneFileOnStandardOutputAtMost) {
  const RunResult r = run_apsp("profile --gen er:n=64,p=0.1,seed=1 --backend cuda-blocked --csv - --roofline -");
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(lines(r.output), 1u) << r.output;
}

TEST(CliProfile, NeedsAGraph) {
  const RunResult r = run_apsp("profile --backend cuda-blocked");
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_NE(r.output.find("no graph given"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace apsp::test
