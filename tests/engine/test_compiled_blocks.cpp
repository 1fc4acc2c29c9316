// The block sizes each CUDA variant offers (BackendInfo::block_sizes) come from the kernel families' compiled
// lists (solve/cuda/compiled_blocks.h), the same lists their dispatch instantiates.
#include <apsp/solve/registry.h>
#include <gtest/gtest.h>

#include <vector>

namespace apsp {
namespace {

TEST(CompiledBlocks, EveryCudaVariantOffersItsFamilysList) {
  if (backend_info("cuda-tuned").block_sizes.empty()) GTEST_SKIP() << "built without CUDA: no lists registered";
  EXPECT_EQ(backend_info("cuda-tuned").block_sizes, (std::vector<int>{32, 64, 128}));
  EXPECT_EQ(backend_info("cuda-blocked").block_sizes, (std::vector<int>{8, 16, 32, 64}));
  EXPECT_EQ(backend_info("cuda-staged").block_sizes, (std::vector<int>{64}));
  EXPECT_EQ(backend_info("cuda-blocked-vec").block_sizes, (std::vector<int>{64}));
  // One launch per k over the whole matrix: any block.
  EXPECT_TRUE(backend_info("cuda-naive").block_sizes.empty());
  EXPECT_TRUE(backend_info("cuda-simple").block_sizes.empty());
  EXPECT_TRUE(backend_info("cuda-pseudo-blocked").block_sizes.empty());
}

}  // namespace
}  // namespace apsp
