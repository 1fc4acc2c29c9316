// n = 65536 and beyond on the GPU, without a 17 GB matrix: the kernels that walk rows with
// the grid's y dimension (at most 65535) must still reach every row, and the view's epilogue geometry must hold
// at such n.
#include <apsp/core/types.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

#include "cuda_test_support.h"
#include "solve/cuda/kernels.cuh"
#include "solve/cuda/live_view_tiles.cuh"
#include "solve/cuda/multi_gpu_kernels.cuh"

namespace apsp {
namespace {

constexpr int kRows = 70000;  // more rows than a grid has in y
constexpr int kCols = 64;

std::vector<std::int32_t> download(const cuda::DeviceMatrix& m) {
  std::vector<std::int32_t> out(static_cast<std::size_t>(kRows) * kCols);
  EXPECT_EQ(cudaMemcpy2D(out.data(), kCols * sizeof(std::int32_t), m.data(), m.pitch_bytes(),
                         kCols * sizeof(std::int32_t), kRows, cudaMemcpyDeviceToHost),
            cudaSuccess);
  return out;
}

TEST(CudaLargeN, IdentityFillReachesRowsBeyondTheGridLimit) {
  APSP_REQUIRE_GPU();
  cuda::DeviceMatrix m(kRows, kCols, sizeof(std::int32_t), "large-n test");
  ASSERT_EQ(cudaMemset2D(m.data(), m.pitch_bytes(), 0x11, kCols * sizeof(std::int32_t), kRows), cudaSuccess);
  cuda::fill_identity_async<std::int32_t>(m.view<std::int32_t>(), nullptr);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  const std::vector<std::int32_t> v = download(m);
  for (int i = 0; i < kRows; i += (i < 65530 ? 997 : 1))
    for (int j = 0; j < kCols; ++j)
      ASSERT_EQ(v[static_cast<std::size_t>(i) * kCols + j], i == j ? 0 : kInf32) << i << ", " << j;
}

TEST(CudaLargeN, BandIdentityFillReachesRowsBeyondTheGridLimit) {
  APSP_REQUIRE_GPU();
  cuda::DeviceMatrix m(kRows, kCols, sizeof(std::int32_t), "large-n test");
  ASSERT_EQ(cudaMemset2D(m.data(), m.pitch_bytes(), 0x11, kCols * sizeof(std::int32_t), kRows), cudaSuccess);
  const int row_offset = -(kRows - 40);  // band row kRows - 40 + j is global row j: the diagonal sits at the end
  cuda::fill_band_identity_async<std::int32_t>(m.view<std::int32_t>(), row_offset, nullptr);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  const std::vector<std::int32_t> v = download(m);
  for (int i = kRows - 100; i < kRows; ++i)
    for (int j = 0; j < kCols; ++j)
      ASSERT_EQ(v[static_cast<std::size_t>(i) * kCols + j], row_offset + i == j ? 0 : kInf32) << i << ", " << j;
}

TEST(CudaLargeN, ViewEpilogueGeometryAtLargeN) {
  EXPECT_TRUE(cuda::epilogue_aligned(ViewGeometry{65536, 2048, 2048}, 1));   // 32 x 32 cells
  EXPECT_TRUE(cuda::epilogue_aligned(ViewGeometry{65536, 2048, 2048}, 2));
  EXPECT_TRUE(cuda::epilogue_aligned(ViewGeometry{1 << 20, 16384, 16384}, 2));
  EXPECT_TRUE(cuda::epilogue_aligned(ViewGeometry{65536, 16384, 16384}, 1));  // 4 x 4
  EXPECT_FALSE(cuda::epilogue_aligned(ViewGeometry{65536, 16384, 16384}, 2));  // int16: 4 columns = half a quad
  EXPECT_FALSE(cuda::epilogue_aligned(ViewGeometry{200000, 2048, 2048}, 1));  // 97.65... cells
}

}  // namespace
}  // namespace apsp
