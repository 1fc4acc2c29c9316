// `apsp info --device` and `--backends` on a machine without a GPU: the reason once, in the words of
// gpu_absence.h, and exit 0 (an answer, not an error). Skips where a GPU is present.
#include <apsp/device/gpu_absence.h>

#include <algorithm>
#include <sstream>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

// What this machine must be told: a CUDA build says there is no GPU unless a driver is installed (then its state
// may be named); a build without CUDA says so.
std::string expected_reason() {
#ifdef APSP_WITH_CUDA
  return std::string(kNoGpuFound);
#else
  return "built without CUDA (configure with APSP_CUDA=ON)";
#endif
}

TEST(CliDevice, NoGpuIsOneLineOnceAndExitZero) {
  const RunResult r = run_apsp("info --device");
  if (lists_a_gpu(r)) GTEST_SKIP() << "a CUDA device is present";
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
  EXPECT_EQ(r.output.find("no CUDA device"), std::string::npos) << r.output;
#ifdef APSP_WITH_CUDA
  if (nvidia_driver_installed()) GTEST_SKIP() << "a NVIDIA driver is installed (without a usable GPU): " << r.output;
#endif
  EXPECT_EQ(r.output, expected_reason() + "\n");
}

TEST(CliDevice, EveryUnavailableGpuBackendGivesTheSameReason) {
  if (apsp_lists_a_gpu()) GTEST_SKIP() << "a CUDA device is present";
#ifdef APSP_WITH_CUDA
  if (nvidia_driver_installed()) GTEST_SKIP() << "a NVIDIA driver is installed (without a usable GPU)";
#endif
  const RunResult r = run_apsp("info --backends");
  ASSERT_EQ(r.status, 0) << r.output;
  std::istringstream lines(r.output);
  int gpu_lines = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("cuda-", 0) != 0) continue;
    ++gpu_lines;
    EXPECT_NE(line.find("unavailable"), std::string::npos) << line;
    EXPECT_NE(line.find("(" + expected_reason() + ")"), std::string::npos) << line;
    EXPECT_EQ(line.find("no CUDA device"), std::string::npos) << line;
  }
  EXPECT_GT(gpu_lines, 0) << r.output;
}

class CliDeviceSolve : public TempDir {};

TEST_F(CliDeviceSolve, AGpuBackendWithoutAGpuSaysWhyOnce) {
  if (apsp_lists_a_gpu()) GTEST_SKIP() << "a CUDA device is present";
#ifdef APSP_WITH_CUDA
  if (nvidia_driver_installed()) GTEST_SKIP() << "a NVIDIA driver is installed (without a usable GPU)";
#endif
  const RunResult r = run_apsp("solve --gen ring:n=8 --backend cuda-tuned -q -o " + path("d.bin"));
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
  EXPECT_NE(r.output.find("cuda-tuned"), std::string::npos) << r.output;
  const std::size_t at = r.output.find(expected_reason());
  EXPECT_NE(at, std::string::npos) << r.output;
  EXPECT_EQ(r.output.find(expected_reason(), at + 1), std::string::npos) << r.output;
}

}  // namespace
}  // namespace apsp::test
