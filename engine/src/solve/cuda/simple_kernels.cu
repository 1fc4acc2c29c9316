// The first and third steps of the optimization ladder: cuda-simple (one cell per thread, one launch per k)
// and cuda-simple-vec (the same with four cells of a row per thread, moved by one vector load and store).
// Both stream the whole matrix once per k; see ladder_kernels.cuh for which cells are stored when.
#include <apsp/device/check.cuh>
#include "solve/cuda/kernels.cuh"
#include "solve/cuda/ladder_kernels.cuh"
#include "solve/cuda/minplus.cuh"
#include "solve/cuda/vec4.cuh"

#include <cstdint>

namespace apsp::cuda {

namespace {

constexpr int kSimpleX = 32;  // columns per CTA: one warp reads 32 consecutive cells of a row
constexpr int kSimpleY = 8;   // rows per CTA

/// Row k and column k are read by every thread of the launch: stored only when they improve (never without a
/// negative cycle); every other cell is stored as computed.
__device__ __forceinline__ bool store_always(int i, int j, int k) { return i != k && j != k; }

template <class T> __global__ void __launch_bounds__(kSimpleX * kSimpleY) simple_kernel(MatrixView<T> d, int n, int k) {
  const int j = blockIdx.x * kSimpleX + threadIdx.x;
  const int i = blockIdx.y * kSimpleY + threadIdx.y;
  if (i >= n || j >= n) return;
  const int c = d.at(i, j);
  const int m = relaxed_floored<T>(d.at(i, k), d.at(k, j), c);
  if (store_always(i, j, k) || m != c) d.at(i, j) = static_cast<T>(m);
}

template <class T>
__global__ void __launch_bounds__(kSimpleX * kSimpleY) simple_vec_kernel(MatrixView<T> d, int n, int k) {
  using V = typename Vec4<T>::type;
  const int j0 = 4 * (blockIdx.x * kSimpleX + threadIdx.x);
  const int i = blockIdx.y * kSimpleY + threadIdx.y;
  if (i >= n || j0 >= n) return;
  const int a = d.at(i, k);
  T* const row = d.row(i);
  const T* const row_k = d.row(k);
  if (j0 + 4 > n) {  // the scalar tail: the last n % 4 columns
    for (int j = j0; j < n; ++j) {
      const int c = row[j];
      const int m = relaxed_floored<T>(a, row_k[j], c);
      if (store_always(i, j, k) || m != c) row[j] = static_cast<T>(m);
    }
    return;
  }
  const V c = load4(d, i, j0);  // j0 % 4 == 0: aligned (vec4.cuh)
  const V b = load4(d, k, j0);
  V m;
  m.x = static_cast<T>(relaxed_floored<T>(a, b.x, c.x));
  m.y = static_cast<T>(relaxed_floored<T>(a, b.y, c.y));
  m.z = static_cast<T>(relaxed_floored<T>(a, b.z, c.z));
  m.w = static_cast<T>(relaxed_floored<T>(a, b.w, c.w));
  if (i != k && (k < j0 || k >= j0 + 4)) {
    store4(d, i, j0, m);
    return;
  }
  // This vector holds a cell of row k or column k: store lane by lane, only what improved.
  if (m.x != c.x) row[j0] = m.x;
  if (m.y != c.y) row[j0 + 1] = m.y;
  if (m.z != c.z) row[j0 + 2] = m.z;
  if (m.w != c.w) row[j0 + 3] = m.w;
}

}  // namespace

template <class T> void simple_relax_k_async(MatrixView<T> d, int n, int k, cudaStream_t stream) {
  if (n <= 0) return;
  const dim3 grid((n + kSimpleX - 1) / kSimpleX, (n + kSimpleY - 1) / kSimpleY);
  simple_kernel<T><<<grid, dim3(kSimpleX, kSimpleY), 0, stream>>>(d, n, k);
  APSP_CUDA_CHECK_LAUNCH("simple_kernel");
}

template <class T> void simple_vec_relax_k_async(MatrixView<T> d, int n, int k, cudaStream_t stream) {
  if (n <= 0) return;
  const int vectors = (n + 3) / 4;  // per row, the last one possibly partial
  const dim3 grid((vectors + kSimpleX - 1) / kSimpleX, (n + kSimpleY - 1) / kSimpleY);
  simple_vec_kernel<T><<<grid, dim3(kSimpleX, kSimpleY), 0, stream>>>(d, n, k);
  APSP_CUDA_CHECK_LAUNCH("simple_vec_kernel");
}

void append_simple_occupancy(std::vector<KernelOccupancy>& out) {
  constexpr int threads = kSimpleX * kSimpleY;
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&simple_kernel<std::int32_t>), "cuda-simple (i32)", threads, 0));
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&simple_vec_kernel<std::int32_t>), "cuda-simple-vec (i32)",
                             threads, 0));
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&simple_vec_kernel<std::int16_t>), "cuda-simple-vec (i16)",
                             threads, 0));
}

#define APSP_INSTANTIATE(T)                                                         \
  template void simple_relax_k_async<T>(MatrixView<T>, int, int, cudaStream_t);     \
  template void simple_vec_relax_k_async<T>(MatrixView<T>, int, int, cudaStream_t);
APSP_INSTANTIATE(std::int32_t)
APSP_INSTANTIATE(std::int16_t)
#undef APSP_INSTANTIATE

}  // namespace apsp::cuda
