#include "view/cuda/view_tiles.cuh"

#include "solve/cuda/cuda_check.cuh"

#include <climits>

namespace apsp::cuda {

namespace {

constexpr int kTexelsPerBlock = 32;  // texel columns per CTA (threadIdx.x)
constexpr int kRowLanes = 8;         // threads sharing one texel's rows (threadIdx.y)

__device__ __forceinline__ int begin_of(int t, int n, int count) {
  return static_cast<int>(static_cast<long long>(t) * n / count);
}

// CTA (x block, texel row y): thread (tx, ty) takes the texel's matrix rows ty, ty + 8, ... and all its
// columns; the 8 partial minima are combined through shared memory.
template <class T>
__global__ void __launch_bounds__(kTexelsPerBlock * kRowLanes)
    tile_min_kernel(const T* matrix, std::size_t pitch, int n, int rows, int cols, std::int32_t* tiles) {
  __shared__ int partial[kRowLanes][kTexelsPerBlock];
  const int x = blockIdx.x * kTexelsPerBlock + threadIdx.x;
  const int y = blockIdx.y;
  int m = INT_MAX;
  if (x < cols) {
    const int r0 = begin_of(y, n, rows), r1 = begin_of(y + 1, n, rows);
    const int c0 = begin_of(x, n, cols), c1 = begin_of(x + 1, n, cols);
    for (int i = r0 + static_cast<int>(threadIdx.y); i < r1; i += kRowLanes) {
      const T* row = matrix + pitch * static_cast<std::size_t>(i);
      for (int j = c0; j < c1; ++j) m = min(m, static_cast<int>(row[j]));
    }
  }
  partial[threadIdx.y][threadIdx.x] = m;
  __syncthreads();
  if (threadIdx.y == 0 && x < cols) {
#pragma unroll
    for (int l = 1; l < kRowLanes; ++l) m = min(m, partial[l][threadIdx.x]);
    tiles[static_cast<std::size_t>(y) * static_cast<std::size_t>(cols) + x] = m;
  }
}

}  // namespace

template <class T>
void view_tile_min_async(const T* matrix, std::size_t pitch, int n, int rows, int cols, std::int32_t* tiles,
                         cudaStream_t stream) {
  if (rows <= 0 || cols <= 0 || n <= 0) return;
  const dim3 grid((cols + kTexelsPerBlock - 1) / kTexelsPerBlock, rows);
  tile_min_kernel<T><<<grid, dim3(kTexelsPerBlock, kRowLanes), 0, stream>>>(matrix, pitch, n, rows, cols, tiles);
  APSP_CUDA_CHECK_LAUNCH("tile_min_kernel");
}

template void view_tile_min_async<std::int32_t>(const std::int32_t*, std::size_t, int, int, int, std::int32_t*, cudaStream_t);
template void view_tile_min_async<std::int16_t>(const std::int16_t*, std::size_t, int, int, int, std::int32_t*, cudaStream_t);

}  // namespace apsp::cuda
