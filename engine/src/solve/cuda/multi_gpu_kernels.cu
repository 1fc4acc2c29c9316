#include <apsp/core/types.h>

#include <algorithm>
#include <climits>
#include <cstddef>

#include <apsp/device/check.cuh>
#include "solve/cuda/kernels.cuh"
#include "solve/cuda/minplus.cuh"
#include "solve/cuda/multi_gpu_kernels.cuh"

namespace apsp::cuda {

namespace {

constexpr int kThreads = 256;  // columns per CTA
constexpr int kRows = 16;      // rows per CTA: row k's value is loaded once per column and reused

// Rows stride by gridDim.y: a band above 65535 rows exceeds the grid's y limit.
template <class T>
__global__ void fill_band_identity_kernel(MatrixView<T> band, int row_offset, T inf) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= band.cols) return;
  for (int i = blockIdx.y; i < band.rows; i += gridDim.y) band.at(i, j) = (row_offset + i == j) ? T(0) : inf;
}

__device__ __forceinline__ bool in_phase_region(Phase phase, bool row_in_pivot, bool col_in_pivot) {
  switch (phase) {
    case Phase::Pivot:
      return row_in_pivot && col_in_pivot;
    case Phase::PivotRowCol:
      return row_in_pivot != col_in_pivot;
    default:
      return !row_in_pivot && !col_in_pivot;
  }
}

// Local rows [row0, row1), columns [col0, col1); i + row_offset is the global row.
template <class T>
__global__ void __launch_bounds__(kThreads)
    band_relax_k_kernel(MatrixView<T> band, int row_offset, int row0, int row1, int col0, int col1, const T* row_k,
                        int k, Phase phase, int p0, int p1) {
  const int j = col0 + blockIdx.x * kThreads + threadIdx.x;
  if (j >= col1) return;
  const bool col_in_pivot = j >= p0 && j < p1;
  const int b = row_k[j];
  const int i_begin = row0 + blockIdx.y * kRows;
  const int i_end = min(i_begin + kRows, row1);
  for (int i = i_begin; i < i_end; ++i) {
    const int gi = row_offset + i;
    if (!in_phase_region(phase, gi >= p0 && gi < p1, col_in_pivot)) continue;
    const int a = band.at(i, k);
    const int c = band.at(i, j);
    const int m = floored<T>(min(c, sum_as<T>(a, b)));  // every k-step and naive pass floors (range_policy.h)
    if (m != c) band.at(i, j) = static_cast<T>(m);
  }
}

}  // namespace

template <class T>
void fill_band_identity_async(MatrixView<T> band, int row_offset, cudaStream_t stream) {
  if (band.rows <= 0 || band.cols <= 0) return;
  const dim3 grid((band.cols + 255) / 256, std::min(band.rows, kMaxGridY));
  fill_band_identity_kernel<T><<<grid, 256, 0, stream>>>(band, row_offset, DistTraits<T>::inf);
  APSP_CUDA_CHECK_LAUNCH("fill_band_identity_kernel");
}

template <class T>
void band_relax_k_async(MatrixView<T> band, int row_offset, int n, const T* row_k, int k, Phase phase, int p0, int p1,
                        cudaStream_t stream) {
  // Local bounding box of the region: the pivot phase touches only the pivot block.
  int row0 = 0, row1 = n - row_offset, col0 = 0, col1 = n;
  if (row1 > band.rows) row1 = band.rows;
  if (phase == Phase::Pivot) {
    row0 = p0 - row_offset > 0 ? p0 - row_offset : 0;
    const int end = (p1 < n ? p1 : n) - row_offset;
    row1 = end < row1 ? end : row1;
    col0 = p0;
    col1 = p1 < n ? p1 : n;
  }
  if (row1 <= row0 || col1 <= col0) return;
  const dim3 grid((col1 - col0 + kThreads - 1) / kThreads, (row1 - row0 + kRows - 1) / kRows);
  band_relax_k_kernel<T>
      <<<grid, kThreads, 0, stream>>>(band, row_offset, row0, row1, col0, col1, row_k, k, phase, p0, p1);
  APSP_CUDA_CHECK_LAUNCH("band_relax_k_kernel");
}

#define APSP_INSTANTIATE(T)                                                                                   \
  template void fill_band_identity_async<T>(MatrixView<T>, int, cudaStream_t);                                \
  template void band_relax_k_async<T>(MatrixView<T>, int, int, const T*, int, Phase, int, int, cudaStream_t);
APSP_INSTANTIATE(std::int32_t)
APSP_INSTANTIATE(std::int16_t)
#undef APSP_INSTANTIATE

}  // namespace apsp::cuda
