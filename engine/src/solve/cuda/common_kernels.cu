// Kernels every CUDA variant uses: padding fill, the single-k relaxation (cuda-naive and k-steps) and the
// negative-diagonal check.
#include <apsp/device/check.cuh>
#include "solve/cuda/kernels.cuh"
#include "solve/cuda/minplus.cuh"

#include <apsp/core/types.h>

#include <algorithm>

namespace apsp::cuda {

namespace {

constexpr int kRelaxThreads = 256;  // columns per CTA
constexpr int kRelaxRows = 16;      // rows per CTA: row k's value is loaded once and reused down the rows

// Rows stride by gridDim.y: a side above 65535 rows (n = 65536 and up) exceeds the grid's y limit.
template <class T> __global__ void fill_identity_kernel(MatrixView<T> d, T inf) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= d.cols) return;
  for (int i = blockIdx.y; i < d.rows; i += gridDim.y) d.at(i, j) = (i == j) ? T(0) : inf;
}

__device__ __forceinline__ bool in_region(Phase phase, bool row_in_pivot, bool col_in_pivot) {
  switch (phase) {
    case Phase::Pivot: return row_in_pivot && col_in_pivot;
    case Phase::PivotRowCol: return row_in_pivot != col_in_pivot;
    case Phase::Independent: return !row_in_pivot && !col_in_pivot;
    default: return true;
  }
}

template <class T>
__global__ void __launch_bounds__(kRelaxThreads) relax_k_kernel(MatrixView<T> d, int row0, int row1, int col0, int col1,
                                                                int k, Phase phase, int p0, int p1) {
  const int j = col0 + blockIdx.x * kRelaxThreads + threadIdx.x;
  if (j >= col1) return;
  const bool col_in_pivot = j >= p0 && j < p1;
  const int b = d.at(k, j);
  const int i_begin = row0 + blockIdx.y * kRelaxRows;
  const int i_end = min(i_begin + kRelaxRows, row1);
  for (int i = i_begin; i < i_end; ++i) {
    if (!in_region(phase, i >= p0 && i < p1, col_in_pivot)) continue;
    const int a = d.at(i, k);
    const int c = d.at(i, j);
    const int m = floored<T>(min(c, sum_as<T>(a, b)));  // every k-step and naive pass floors (range_policy.h)
    if (m != c) d.at(i, j) = static_cast<T>(m);
  }
}

template <class T> __global__ void diagonal_check_kernel(MatrixView<const T> d, int count, int col_offset, int* flag) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count && d.at(i, i + col_offset) < 0) *flag = 1;  // a plain store: any writer sets the same value
}

}  // namespace

template <class T> void fill_identity_async(MatrixView<T> d, cudaStream_t stream) {
  if (d.rows == 0 || d.cols == 0) return;
  const dim3 grid((d.cols + 255) / 256, std::min(d.rows, kMaxGridY));
  fill_identity_kernel<T><<<grid, 256, 0, stream>>>(d, DistTraits<T>::inf);
  APSP_CUDA_CHECK_LAUNCH("fill_identity_kernel");
}

template <class T> void relax_k_async(MatrixView<T> d, int n, int k, Phase phase, int p0, int p1, cudaStream_t stream) {
  // The region's bounding box: the pivot phase touches only the pivot block.
  int row0 = 0, row1 = n, col0 = 0, col1 = n;
  if (phase == Phase::Pivot) {
    row0 = col0 = p0;
    row1 = col1 = std::min(p1, n);
  }
  if (row1 <= row0 || col1 <= col0) return;
  const dim3 grid((col1 - col0 + kRelaxThreads - 1) / kRelaxThreads, (row1 - row0 + kRelaxRows - 1) / kRelaxRows);
  relax_k_kernel<T><<<grid, kRelaxThreads, 0, stream>>>(d, row0, row1, col0, col1, k, phase, p0, p1);
  APSP_CUDA_CHECK_LAUNCH("relax_k_kernel");
}

template <class T>
void diagonal_check_async(MatrixView<const T> d, int count, int col_offset, int* flag, cudaStream_t stream) {
  if (count <= 0) return;
  diagonal_check_kernel<T><<<(count + 255) / 256, 256, 0, stream>>>(d, count, col_offset, flag);
  APSP_CUDA_CHECK_LAUNCH("diagonal_check_kernel");
}

KernelOccupancy occupancy_of(const void* kernel, const char* name, int threads, std::size_t shared) {
  KernelOccupancy o;
  o.kernel = name;
  o.threads_per_block = threads;
  o.shared_bytes = shared;
  cudaFuncAttributes attr{};
  if (cudaFuncGetAttributes(&attr, kernel) != cudaSuccess) {
    (void)cudaGetLastError();
    return o;
  }
  o.registers = attr.numRegs;
  o.shared_bytes = shared + attr.sharedSizeBytes;
  int device = 0, max_threads = 0;
  (void)cudaGetDevice(&device);
  (void)cudaDeviceGetAttribute(&max_threads, cudaDevAttrMaxThreadsPerMultiProcessor, device);
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&o.blocks_per_sm, kernel, threads, shared) != cudaSuccess) {
    (void)cudaGetLastError();
    o.blocks_per_sm = 0;
  }
  if (max_threads > 0) o.occupancy = static_cast<double>(o.blocks_per_sm * threads) / max_threads;
  return o;
}

void append_common_occupancy(std::vector<KernelOccupancy>& out) {
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&relax_k_kernel<std::int32_t>),
                             "cuda-naive relax k (i32; also k-steps)", kRelaxThreads, 0));
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&relax_k_kernel<std::int16_t>),
                             "cuda-naive relax k (i16; also k-steps)", kRelaxThreads, 0));
}

#define APSP_INSTANTIATE(T)                                                                              \
  template void fill_identity_async<T>(MatrixView<T>, cudaStream_t);                                     \
  template void relax_k_async<T>(MatrixView<T>, int, int, Phase, int, int, cudaStream_t);                \
  template void diagonal_check_async<T>(MatrixView<const T>, int, int, int*, cudaStream_t);
APSP_INSTANTIATE(std::int32_t)
APSP_INSTANTIATE(std::int16_t)
#undef APSP_INSTANTIATE

}  // namespace apsp::cuda
