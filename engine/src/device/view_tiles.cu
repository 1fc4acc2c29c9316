#include "device/view_tiles.cuh"

#include <apsp/device/check.cuh>

#include <algorithm>
#include <climits>

namespace apsp::cuda {

namespace {

constexpr int kTexelsPerBlock = 32;  // texel columns per CTA (threadIdx.x)
constexpr int kRowLanes = 8;         // threads sharing one texel's rows (threadIdx.y)
constexpr int kElementwiseThreads = 256;  // fill and merge of gathered tiles

__device__ __forceinline__ int begin_of(int t, int n, int count) {
  return static_cast<int>(static_cast<long long>(t) * n / count);
}

// CTA (x block, texel row y_begin + blockIdx.y): thread (tx, ty) takes the texel's matrix rows ty, ty + 8, ...
// inside [row_begin, row_end) and all its columns; the 8 partial minima are combined through shared memory.
// @p matrix points at row row_begin.
template <class T>
__global__ void __launch_bounds__(kTexelsPerBlock * kRowLanes)
    tile_min_kernel(const T* matrix, std::size_t pitch, int row_begin, int row_end, int n, int rows, int cols,
                    int y_begin, std::int32_t* tiles) {
  __shared__ int partial[kRowLanes][kTexelsPerBlock];
  const int x = blockIdx.x * kTexelsPerBlock + threadIdx.x;
  const int y = y_begin + static_cast<int>(blockIdx.y);
  int m = INT_MAX;
  if (x < cols) {
    const int r0 = max(begin_of(y, n, rows), row_begin), r1 = min(begin_of(y + 1, n, rows), row_end);
    const int c0 = begin_of(x, n, cols), c1 = begin_of(x + 1, n, cols);
    for (int i = r0 + static_cast<int>(threadIdx.y); i < r1; i += kRowLanes) {
      const T* row = matrix + pitch * static_cast<std::size_t>(i - row_begin);
      for (int j = c0; j < c1; ++j) m = min(m, static_cast<int>(row[j]));
    }
  }
  partial[threadIdx.y][threadIdx.x] = m;
  __syncthreads();
  if (threadIdx.y == 0 && x < cols) {
#pragma unroll
    for (int l = 1; l < kRowLanes; ++l) m = min(m, partial[l][threadIdx.x]);
    tiles[static_cast<std::size_t>(blockIdx.y) * static_cast<std::size_t>(cols) + x] = m;
  }
}

// Like tile_min_kernel, over the cells of texel (y, x) inside [r0, r1) x [c0, c1) only, folded into the
// texel by atomicMin (skipped where the rectangle holds none of its cells). Texels from (x_lo, y_lo).
template <class T>
__global__ void __launch_bounds__(kTexelsPerBlock * kRowLanes)
    tile_fold_kernel(const T* matrix, std::size_t pitch, int row_offset, int r0, int r1, int c0, int c1, int n,
                     int rows, int cols, int x_lo, int x_hi, int y_lo, int y_begin, std::int32_t* tiles) {
  __shared__ int partial[kRowLanes][kTexelsPerBlock];
  const int x = x_lo + static_cast<int>(blockIdx.x) * kTexelsPerBlock + static_cast<int>(threadIdx.x);
  const int y = y_lo + static_cast<int>(blockIdx.y);
  int m = INT_MAX;
  if (x < x_hi) {
    const int i0 = max(begin_of(y, n, rows), r0), i1 = min(begin_of(y + 1, n, rows), r1);
    const int j0 = max(begin_of(x, n, cols), c0), j1 = min(begin_of(x + 1, n, cols), c1);
    for (int i = i0 + static_cast<int>(threadIdx.y); i < i1; i += kRowLanes) {
      const T* row = matrix + pitch * static_cast<std::size_t>(i - row_offset);
      for (int j = j0; j < j1; ++j) m = min(m, static_cast<int>(row[j]));
    }
  }
  partial[threadIdx.y][threadIdx.x] = m;
  __syncthreads();
  if (threadIdx.y == 0 && x < x_hi) {
#pragma unroll
    for (int l = 1; l < kRowLanes; ++l) m = min(m, partial[l][threadIdx.x]);
    if (m != INT_MAX)
      atomicMin(tiles + static_cast<std::size_t>(y - y_begin) * static_cast<std::size_t>(cols) + x, m);
  }
}

__global__ void fill_int32_kernel(std::int32_t* dst, std::size_t count, std::int32_t value) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    dst[i] = value;
}

__global__ void min_into_kernel(std::int32_t* dst, const std::int32_t* src, std::size_t count) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    dst[i] = min(dst[i], src[i]);
}

int elementwise_blocks(std::size_t count) {
  return static_cast<int>(std::min<std::size_t>(1024, (count + kElementwiseThreads - 1) / kElementwiseThreads));
}

}  // namespace

void fill_int32_async(std::int32_t* dst, std::size_t count, std::int32_t value, cudaStream_t stream) {
  if (count == 0) return;
  fill_int32_kernel<<<elementwise_blocks(count), kElementwiseThreads, 0, stream>>>(dst, count, value);
  APSP_CUDA_CHECK_LAUNCH("fill_int32_kernel");
}

void min_into_async(std::int32_t* dst, const std::int32_t* src, std::size_t count, cudaStream_t stream) {
  if (count == 0) return;
  min_into_kernel<<<elementwise_blocks(count), kElementwiseThreads, 0, stream>>>(dst, src, count);
  APSP_CUDA_CHECK_LAUNCH("min_into_kernel");
}

template <class T>
void view_tile_min_async(const T* matrix, std::size_t pitch, int n, int rows, int cols, std::int32_t* tiles,
                         cudaStream_t stream) {
  view_tile_min_rows_async(matrix, pitch, 0, n, n, rows, cols, 0, rows, tiles, stream);
}

template <class T>
void view_tile_min_rows_async(const T* matrix, std::size_t pitch, int row_begin, int row_end, int n, int rows,
                              int cols, int y_begin, int y_end, std::int32_t* tiles, cudaStream_t stream) {
  if (y_end <= y_begin || cols <= 0 || n <= 0) return;
  const dim3 grid((cols + kTexelsPerBlock - 1) / kTexelsPerBlock, y_end - y_begin);
  tile_min_kernel<T><<<grid, dim3(kTexelsPerBlock, kRowLanes), 0, stream>>>(matrix, pitch, row_begin, row_end, n,
                                                                             rows, cols, y_begin, tiles);
  APSP_CUDA_CHECK_LAUNCH("tile_min_kernel");
}

template <class T>
void view_tile_fold_async(const T* matrix, std::size_t pitch, int row_offset, int r0, int r1, int c0, int c1, int n,
                          int rows, int cols, int y_begin, std::int32_t* tiles, cudaStream_t stream) {
  r0 = std::max(r0, 0), c0 = std::max(c0, 0);
  r1 = std::min(r1, n), c1 = std::min(c1, n);
  if (r1 <= r0 || c1 <= c0 || rows <= 0 || cols <= 0) return;
  const int y_lo = texel_of_cell(r0, n, rows), y_hi = texel_of_cell(r1 - 1, n, rows) + 1;
  const int x_lo = texel_of_cell(c0, n, cols), x_hi = texel_of_cell(c1 - 1, n, cols) + 1;
  const dim3 grid((x_hi - x_lo + kTexelsPerBlock - 1) / kTexelsPerBlock, y_hi - y_lo);
  tile_fold_kernel<T><<<grid, dim3(kTexelsPerBlock, kRowLanes), 0, stream>>>(
      matrix, pitch, row_offset, r0, r1, c0, c1, n, rows, cols, x_lo, x_hi, y_lo, y_begin, tiles);
  APSP_CUDA_CHECK_LAUNCH("tile_fold_kernel");
}

#define APSP_INSTANTIATE(T)                                                                                  \
  template void view_tile_min_async<T>(const T*, std::size_t, int, int, int, std::int32_t*, cudaStream_t); \
  template void view_tile_min_rows_async<T>(const T*, std::size_t, int, int, int, int, int, int, int,       \
                                            std::int32_t*, cudaStream_t);                   \
  template void view_tile_fold_async<T>(const T*, std::size_t, int, int, int, int, int, int, int, int, int,  \
                                        std::int32_t*, cudaStream_t);
APSP_INSTANTIATE(std::int32_t)
APSP_INSTANTIATE(std::int16_t)
#undef APSP_INSTANTIATE

}  // namespace apsp::cuda
