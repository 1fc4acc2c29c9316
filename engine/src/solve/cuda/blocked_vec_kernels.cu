// The seventh step of the optimization ladder: cuda-blocked-vec's phase 3 (B = 64). The classic phase-3
// kernel with every global access a 4-wide vector: 256 threads per CTA, each owning 4 x 4 cells (rows
// ty + 16a, columns 4tx .. 4tx + 3) so that its cells of a row are one int4 (int32) or short4 (int16); the row
// block is read from shared memory four values at a time (one 16-byte read per k). Phases 1 and 2 are
// cuda-blocked's.
#include <apsp/device/check.cuh>
#include "solve/cuda/blocked_shape.cuh"
#include "solve/cuda/compiled_blocks.h"
#include "solve/cuda/kernels.cuh"
#include "solve/cuda/ladder_kernels.cuh"
#include "solve/cuda/vec4.cuh"

#include <cstdint>

namespace apsp::cuda {

namespace {

constexpr int kB = kLadderPhase3Block;  // the block size cuda-blocked-vec compiles
constexpr int kThreads = 16;  // 16 x 16 threads
constexpr int kRowsPerThread = kB / kThreads;  // 4 rows, strided by 16
constexpr int kVectorsPerRow = kB / 4;          // 16 vectors of 4 cells per block row
constexpr int kVectorsPerThread = kB * kVectorsPerRow / (kThreads * kThreads);  // 4 per block and thread

struct VecBuffers {
  int col[kB][kB + 1];                // col[i][k] = d[r0 + i][p0 + k]; +1: a warp's two rows in other banks
  alignas(16) int row[kB][kB];        // row[k][j] = d[p0 + k][c0 + j], read as int4 at j % 4 == 0
};
static_assert(sizeof(VecBuffers) <= 48 * 1024, "static shared memory limit");

template <class T>
__global__ void __launch_bounds__(kThreads * kThreads) blocked_vec_independent_kernel(MatrixView<T> d, int kb) {
  using V = typename Vec4<T>::type;
  const int bi = blockIdx.y, bj = blockIdx.x;
  if (bi == kb || bj == kb) return;
  __shared__ VecBuffers s;
  const int p0 = kb * kB, r0 = bi * kB, c0 = bj * kB;
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int t = ty * kThreads + tx;
#pragma unroll
  for (int q = 0; q < kVectorsPerThread; ++q) {
    const int v = t + q * kThreads * kThreads;
    const int r = v / kVectorsPerRow, c = 4 * (v % kVectorsPerRow);
    const V a = load4(d, r0 + r, p0 + c);
    s.col[r][c] = a.x;
    s.col[r][c + 1] = a.y;
    s.col[r][c + 2] = a.z;
    s.col[r][c + 3] = a.w;
    const V b = load4(d, p0 + r, c0 + c);
    *reinterpret_cast<int4*>(&s.row[r][c]) = make_int4(b.x, b.y, b.z, b.w);
  }
  int cur[kRowsPerThread][4];
#pragma unroll
  for (int a = 0; a < kRowsPerThread; ++a) {
    const V c = load4(d, r0 + ty + a * kThreads, c0 + 4 * tx);
    cur[a][0] = c.x;
    cur[a][1] = c.y;
    cur[a][2] = c.z;
    cur[a][3] = c.w;
  }
  __syncthreads();
  // Both blocks are final after phase 2: no barrier inside the k loop. Phase 3 needs no floor (range_policy.h).
#pragma unroll 8
  for (int k = 0; k < kB; ++k) {
    const int4 b = *reinterpret_cast<const int4*>(&s.row[k][4 * tx]);
#pragma unroll
    for (int a = 0; a < kRowsPerThread; ++a) {
      const int ak = s.col[ty + a * kThreads][k];
      cur[a][0] = relax_scalar<T>(ak, b.x, cur[a][0]);
      cur[a][1] = relax_scalar<T>(ak, b.y, cur[a][1]);
      cur[a][2] = relax_scalar<T>(ak, b.z, cur[a][2]);
      cur[a][3] = relax_scalar<T>(ak, b.w, cur[a][3]);
    }
  }
#pragma unroll
  for (int a = 0; a < kRowsPerThread; ++a) {
    V c;
    c.x = static_cast<T>(cur[a][0]);
    c.y = static_cast<T>(cur[a][1]);
    c.z = static_cast<T>(cur[a][2]);
    c.w = static_cast<T>(cur[a][3]);
    store4(d, r0 + ty + a * kThreads, c0 + 4 * tx, c);
  }
}

}  // namespace

template <class T>
void blocked_vec_independent_async(MatrixView<T> d, int pivot_block, int blocks, cudaStream_t stream) {
  if (blocks <= 1) return;
  blocked_vec_independent_kernel<T><<<dim3(blocks, blocks), dim3(kThreads, kThreads), 0, stream>>>(d, pivot_block);
  APSP_CUDA_CHECK_LAUNCH("blocked_vec_independent_kernel");
}

void append_blocked_vec_occupancy(std::vector<KernelOccupancy>& out) {
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&blocked_vec_independent_kernel<std::int32_t>),
                             "cuda-blocked-vec phase 3 (B=64, i32)", kThreads * kThreads, 0));
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&blocked_vec_independent_kernel<std::int16_t>),
                             "cuda-blocked-vec phase 3 (B=64, i16)", kThreads * kThreads, 0));
}

#define APSP_INSTANTIATE(T) template void blocked_vec_independent_async<T>(MatrixView<T>, int, int, cudaStream_t);
APSP_INSTANTIATE(std::int32_t)
APSP_INSTANTIATE(std::int16_t)
#undef APSP_INSTANTIATE

}  // namespace apsp::cuda
