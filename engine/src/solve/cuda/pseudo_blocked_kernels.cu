// The fourth step of the optimization ladder: cuda-pseudo-blocked, one launch per k with P x P cells per
// thread straight from global memory (no shared memory). Each thread loads P values of column k and P of row
// k once and uses each P times: the reuse of a blocked kernel without its staging. See ladder_kernels.cuh for
// which cells are stored when.
#include <apsp/device/check.cuh>
#include "solve/cuda/kernels.cuh"
#include "solve/cuda/ladder_kernels.cuh"
#include "solve/cuda/minplus.cuh"

#include <apsp/core/errors.h>
#include <apsp/solve/ladder.h>

#include <cstdint>

namespace apsp::cuda {

namespace {

constexpr int kPseudoX = 32;  // threads per CTA along a row: a warp's loads of one of its rows are coalesced
constexpr int kPseudoY = 8;

// Thread (ty, tx) of CTA (by, bx) owns rows by * 8P + ty + 8a and columns bx * 32P + tx + 32b, a, b < P.
template <class T, int P>
__global__ void __launch_bounds__(kPseudoX * kPseudoY) pseudo_blocked_kernel(MatrixView<T> d, int n, int k) {
  const int i0 = blockIdx.y * (kPseudoY * P) + threadIdx.y;
  const int j0 = blockIdx.x * (kPseudoX * P) + threadIdx.x;
  int col_k[P], row_k[P];
#pragma unroll
  for (int a = 0; a < P; ++a) {
    const int i = i0 + a * kPseudoY;
    col_k[a] = i < n ? static_cast<int>(d.at(i, k)) : 0;  // rows >= n are never updated
  }
#pragma unroll
  for (int b = 0; b < P; ++b) {
    const int j = j0 + b * kPseudoX;
    row_k[b] = j < n ? static_cast<int>(d.at(k, j)) : 0;
  }
#pragma unroll
  for (int a = 0; a < P; ++a) {
    const int i = i0 + a * kPseudoY;
    if (i >= n) break;
#pragma unroll
    for (int b = 0; b < P; ++b) {
      const int j = j0 + b * kPseudoX;
      if (j >= n) break;
      const int c = d.at(i, j);
      const int m = relaxed_floored<T>(col_k[a], row_k[b], c);
      // Row k and column k: stored only when improved (never without a negative cycle), as cuda-simple.
      if ((i != k && j != k) || m != c) d.at(i, j) = static_cast<T>(m);
    }
  }
}

template <class T, int P> void launch_pseudo_blocked(MatrixView<T> d, int n, int k, cudaStream_t stream) {
  const dim3 grid((n + kPseudoX * P - 1) / (kPseudoX * P), (n + kPseudoY * P - 1) / (kPseudoY * P));
  pseudo_blocked_kernel<T, P><<<grid, dim3(kPseudoX, kPseudoY), 0, stream>>>(d, n, k);
  APSP_CUDA_CHECK_LAUNCH("pseudo_blocked_kernel");
}

}  // namespace

template <class T> void pseudo_blocked_relax_k_async(MatrixView<T> d, int n, int k, int cells, cudaStream_t stream) {
  if (n <= 0) return;
  switch (cells) {
    case 2: return launch_pseudo_blocked<T, 2>(d, n, k, stream);
    case 4: return launch_pseudo_blocked<T, 4>(d, n, k, stream);
    case 8: return launch_pseudo_blocked<T, 8>(d, n, k, stream);
    default: throw UsageError("cuda-pseudo-blocked: cells per thread " + cells_per_thread_problem(cells));
  }
}

void append_pseudo_blocked_occupancy(std::vector<KernelOccupancy>& out) {
  constexpr int threads = kPseudoX * kPseudoY;
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&pseudo_blocked_kernel<std::int32_t, 2>),
                             "cuda-pseudo-blocked P=2 (i32)", threads, 0));
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&pseudo_blocked_kernel<std::int32_t, 4>),
                             "cuda-pseudo-blocked P=4 (i32)", threads, 0));
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&pseudo_blocked_kernel<std::int32_t, 8>),
                             "cuda-pseudo-blocked P=8 (i32)", threads, 0));
}

#define APSP_INSTANTIATE(T) template void pseudo_blocked_relax_k_async<T>(MatrixView<T>, int, int, int, cudaStream_t);
APSP_INSTANTIATE(std::int32_t)
APSP_INSTANTIATE(std::int16_t)
#undef APSP_INSTANTIATE

}  // namespace apsp::cuda
