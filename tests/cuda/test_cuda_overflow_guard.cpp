// CUDA backends under the overflow guard (tests/engine/overflow_guard.h): dense negative cycles keep every
// value >= 2 * floor after every k-step and phase, on every variant and block size, int32 and packed int16.
#include "cuda_test_support.h"
#include "overflow_guard.h"

namespace apsp {
namespace {

using test::expect_sums_stay_in_type;

TEST(CudaOverflowGuard, DenseNegativeCyclesStayInsideTheType) {
  APSP_REQUIRE_GPU();
  for (const std::string& backend : test::cuda_backends())  // the whole ladder
    for (int block : test::blocks_of(backend)) {
      expect_sums_stay_in_type({backend, 40, block, DType::I32, -1000, false, Granularity::Phase});
      expect_sums_stay_in_type({backend, 70, block, DType::I32, -30000, false, Granularity::KStep});
      expect_sums_stay_in_type({backend, 8, block, DType::I16, -400, false, Granularity::Phase});
      expect_sums_stay_in_type({backend, 8, block, DType::I16, -400, false, Granularity::KStep});
    }
}

TEST(CudaOverflowGuard, BandsOfTwoGpusStayInsideTheType) {
  if (cuda_device_count() < 2) GTEST_SKIP() << "needs 2 CUDA devices";
  for (int block : test::blocks_of("cuda-tuned"))
    for (Granularity g : {Granularity::Phase, Granularity::KStep}) {
      expect_sums_stay_in_type({"cuda-tuned", 300, block, DType::I32, -30000, false, g, 2});
      expect_sums_stay_in_type({"cuda-tuned", 300, block, DType::I16, -13, false, g, 2});
    }
}

}  // namespace
}  // namespace apsp
