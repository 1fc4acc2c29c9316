// Phase 2 with --phase2 one-cta (cuda-blocked, cuda-staged, cuda-blocked-vec): one CTA per block index
// x != K updates both the pivot row block (K, x) and the pivot column block (x, K), so the pivot block is
// read from global memory once per x instead of twice and half as many CTAs start; each thread carries the
// cells of both blocks. The split kernel (blocked_kernels.cu) runs one CTA per block and is the default.
#include <apsp/device/check.cuh>
#include "solve/cuda/blocked_shape.cuh"
#include "solve/cuda/compiled_blocks.h"
#include "solve/cuda/kernels.cuh"
#include "solve/cuda/ladder_kernels.cuh"

#include <apsp/core/errors.h>

#include <cstdint>
#include <string>

namespace apsp::cuda {

namespace {

template <int B> struct OneCtaBuffers {
  int pivot[B][B];
  int row[B][B];  // the row block (K, x)
  int col[B][B];  // the column block (x, K)
};
static_assert(sizeof(OneCtaBuffers<64>) <= 48 * 1024, "static shared memory limit");

// As the split kernel: in iteration k a thread reads row k of the row block and column k of the column block,
// which change in that iteration only if pivot[k][k] < 0 (a negative cycle), and writes a cell only when it
// improves; everything stored is floored (range_policy.h).
template <class T, int B>
__global__ void __launch_bounds__(Shape<B>::kSide * Shape<B>::kSide) rowcol_one_cta_kernel(MatrixView<T> d, int kb) {
  constexpr int S = Shape<B>::kSide, C = Shape<B>::kCells;
  const int other = blockIdx.x;
  if (other == kb) return;
  __shared__ OneCtaBuffers<B> s;
  const int p0 = kb * B, o0 = other * B;
  const int tx = threadIdx.x, ty = threadIdx.y;
  int row_cur[C][C], col_cur[C][C];
#pragma unroll
  for (int a = 0; a < C; ++a)
#pragma unroll
    for (int b = 0; b < C; ++b) {
      const int i = ty + a * S, j = tx + b * S;
      s.pivot[i][j] = d.at(p0 + i, p0 + j);
      row_cur[a][b] = floored<T>(d.at(p0 + i, o0 + j));
      s.row[i][j] = row_cur[a][b];
      col_cur[a][b] = floored<T>(d.at(o0 + i, p0 + j));
      s.col[i][j] = col_cur[a][b];
    }
  __syncthreads();
  for (int k = 0; k < B; ++k) {
#pragma unroll
    for (int a = 0; a < C; ++a)
#pragma unroll
      for (int b = 0; b < C; ++b) {
        const int i = ty + a * S, j = tx + b * S;
        const int vr = floored<T>(sum_as<T>(s.pivot[i][k], s.row[k][j]));
        if (vr < row_cur[a][b]) {
          row_cur[a][b] = vr;
          s.row[i][j] = vr;
        }
        const int vc = floored<T>(sum_as<T>(s.col[i][k], s.pivot[k][j]));
        if (vc < col_cur[a][b]) {
          col_cur[a][b] = vc;
          s.col[i][j] = vc;
        }
      }
    __syncthreads();
  }
#pragma unroll
  for (int a = 0; a < C; ++a)
#pragma unroll
    for (int b = 0; b < C; ++b) {
      const int i = ty + a * S, j = tx + b * S;
      d.at(p0 + i, o0 + j) = static_cast<T>(row_cur[a][b]);
      d.at(o0 + i, p0 + j) = static_cast<T>(col_cur[a][b]);
    }
}

template <class T, int B> void launch_one_cta(MatrixView<T> d, int kb, int blocks, cudaStream_t stream) {
  constexpr int S = Shape<B>::kSide;
  rowcol_one_cta_kernel<T, B><<<blocks, dim3(S, S), 0, stream>>>(d, kb);
  APSP_CUDA_CHECK_LAUNCH("rowcol_one_cta_kernel");
}

}  // namespace

template <class T>
void blocked_rowcol_one_cta_async(MatrixView<T> d, int block, int pivot_block, int blocks, cudaStream_t stream) {
  if (blocks <= 1) return;
  if (!dispatch_block(BlockedBlocks{}, block,
                      [&](auto b) { launch_one_cta<T, decltype(b)::value>(d, pivot_block, blocks, stream); }))
    throw UsageError("phase 2 one-cta: block size " + std::to_string(block) + " is not compiled in");
}

void append_rowcol_one_cta_occupancy(std::vector<KernelOccupancy>& out) {
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&rowcol_one_cta_kernel<std::int32_t, 64>),
                             "phase 2 one-cta (B=64, i32)", 32 * 32, 0));
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&rowcol_one_cta_kernel<std::int16_t, 64>),
                             "phase 2 one-cta (B=64, i16)", 32 * 32, 0));
}

#define APSP_INSTANTIATE(T) \
  template void blocked_rowcol_one_cta_async<T>(MatrixView<T>, int, int, int, cudaStream_t);
APSP_INSTANTIATE(std::int32_t)
APSP_INSTANTIATE(std::int16_t)
#undef APSP_INSTANTIATE

}  // namespace apsp::cuda
