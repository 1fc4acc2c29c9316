// The sixth step of the optimization ladder: cuda-staged's phase 3 (B = 64), in the style of Lund and Smith's
// multi-stage kernel: 1024 threads per CTA, 2 x 2 cells per thread in registers, and the column and row blocks
// streamed through shared memory in 16-wide k-chunks, double-buffered so one barrier per chunk suffices:
// chunk c + 1 is loaded into one buffer while chunk c is used from the other. Phases 1 and 2 are
// cuda-blocked's (for B = 64 they too run 32 x 32 = 1024 threads per CTA).
#include <apsp/device/check.cuh>
#include "solve/cuda/blocked_shape.cuh"
#include "solve/cuda/compiled_blocks.h"
#include "solve/cuda/kernels.cuh"
#include "solve/cuda/ladder_kernels.cuh"

#include <cstdint>

namespace apsp::cuda {

namespace {

constexpr int kB = kLadderPhase3Block;  // the block size cuda-staged compiles
constexpr int kSide = 32;   // 32 x 32 threads
constexpr int kChunk = 16;  // k per stage: 64 x 16 column values + 16 x 64 row values = one of each per thread
constexpr int kChunks = kB / kChunk;
static_assert(kB * kChunk == kSide * kSide, "one element of each chunk per thread");

struct StagedBuffers {
  int col[2][kB][kChunk + 1];  // col[buf][i][kk] = d[r0 + i][p0 + kc + kk]; +1 against bank conflicts on stores
  int row[2][kChunk][kB];      // row[buf][kk][j] = d[p0 + kc + kk][c0 + j]
};
static_assert(sizeof(StagedBuffers) <= 48 * 1024, "static shared memory limit");

template <class T>
__device__ __forceinline__ void load_chunk(StagedBuffers& s, int buf, MatrixView<T> d, int r0, int c0, int p0, int kc,
                                           int t) {
  s.col[buf][t / kChunk][t % kChunk] = d.at(r0 + t / kChunk, p0 + kc + t % kChunk);
  s.row[buf][t / kB][t % kB] = d.at(p0 + kc + t / kB, c0 + t % kB);
}

// Block (y, x) from column block (y, K) and row block (K, x), both final after phase 2: the k loop needs no
// barrier for the cells (registers), only for the staged chunks. Phase 3 needs no floor (range_policy.h).
template <class T> __global__ void __launch_bounds__(kSide * kSide) staged_independent_kernel(MatrixView<T> d, int kb) {
  const int bi = blockIdx.y, bj = blockIdx.x;
  if (bi == kb || bj == kb) return;
  __shared__ StagedBuffers s;
  const int p0 = kb * kB, r0 = bi * kB, c0 = bj * kB;
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int t = ty * kSide + tx;
  int cur[2][2];
#pragma unroll
  for (int a = 0; a < 2; ++a)
#pragma unroll
    for (int b = 0; b < 2; ++b) cur[a][b] = d.at(r0 + ty + a * kSide, c0 + tx + b * kSide);
  load_chunk(s, 0, d, r0, c0, p0, 0, t);
  __syncthreads();
  for (int c = 0; c < kChunks; ++c) {
    const int buf = c & 1;
    // The other buffer was last read in chunk c - 1, before the barrier that ended it.
    if (c + 1 < kChunks) load_chunk(s, buf ^ 1, d, r0, c0, p0, (c + 1) * kChunk, t);
#pragma unroll
    for (int kk = 0; kk < kChunk; ++kk) {
      const int a0 = s.col[buf][ty][kk], a1 = s.col[buf][ty + kSide][kk];
      const int b0 = s.row[buf][kk][tx], b1 = s.row[buf][kk][tx + kSide];
      cur[0][0] = relax_scalar<T>(a0, b0, cur[0][0]);
      cur[0][1] = relax_scalar<T>(a0, b1, cur[0][1]);
      cur[1][0] = relax_scalar<T>(a1, b0, cur[1][0]);
      cur[1][1] = relax_scalar<T>(a1, b1, cur[1][1]);
    }
    __syncthreads();  // chunk c + 1 is in place, and nobody reads buffer buf any more
  }
#pragma unroll
  for (int a = 0; a < 2; ++a)
#pragma unroll
    for (int b = 0; b < 2; ++b) d.at(r0 + ty + a * kSide, c0 + tx + b * kSide) = static_cast<T>(cur[a][b]);
}

}  // namespace

template <class T> void staged_independent_async(MatrixView<T> d, int pivot_block, int blocks, cudaStream_t stream) {
  if (blocks <= 1) return;
  staged_independent_kernel<T><<<dim3(blocks, blocks), dim3(kSide, kSide), 0, stream>>>(d, pivot_block);
  APSP_CUDA_CHECK_LAUNCH("staged_independent_kernel");
}

void append_staged_occupancy(std::vector<KernelOccupancy>& out) {
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&staged_independent_kernel<std::int32_t>),
                             "cuda-staged phase 3 (B=64, i32)", kSide * kSide, 0));
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&staged_independent_kernel<std::int16_t>),
                             "cuda-staged phase 3 (B=64, i16)", kSide * kSide, 0));
}

#define APSP_INSTANTIATE(T) template void staged_independent_async<T>(MatrixView<T>, int, int, cudaStream_t);
APSP_INSTANTIATE(std::int32_t)
APSP_INSTANTIATE(std::int16_t)
#undef APSP_INSTANTIATE

}  // namespace apsp::cuda
