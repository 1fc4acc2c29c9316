// cuda-blocked: the classic three-phase kernels, one B x B block per CTA staged in shared memory.
// Up to B = 32 each thread owns one cell; B = 64 uses 32 x 32 threads with 2 x 2 cells each. The pivot
// kernel (phase 1) is shared with cuda-tuned and also exists for B = 128 (4 x 4 cells per thread).
#include <apsp/device/check.cuh>
#include "solve/cuda/blocked_shape.cuh"
#include "solve/cuda/compiled_blocks.h"
#include "solve/cuda/kernels.cuh"
#include "solve/cuda/minplus.cuh"

#include <apsp/core/errors.h>

#include <string>

namespace apsp::cuda {

namespace {

// Phase 1. One barrier per k: in iteration k every thread reads row k and column k, which do not change in
// that iteration (d[k][k] >= 0 without a negative cycle) and are never written then, because cells are
// written only when they improve. Cells are raised to the floor as they are loaded and every candidate is
// floored, so what phase 1 stores is >= floor (range_policy.h); without a negative cycle neither clamp bites. (A variant keeping cells in registers and publishing only row and column
// k + 1 each iteration measured slower on an H200: 20 vs 14 us per B = 64 pivot.)
template <class T, int B> __global__ void __launch_bounds__(Shape<B>::kSide * Shape<B>::kSide) pivot_kernel(MatrixView<T> d, int p0) {
  constexpr int S = Shape<B>::kSide, C = Shape<B>::kCells;
  extern __shared__ int pivot_smem[];
  int* s = pivot_smem;
  const int tx = threadIdx.x, ty = threadIdx.y;
  int cur[C][C];
#pragma unroll
  for (int a = 0; a < C; ++a)
#pragma unroll
    for (int b = 0; b < C; ++b) {
      cur[a][b] = floored<T>(d.at(p0 + ty + a * S, p0 + tx + b * S));
      s[(ty + a * S) * B + tx + b * S] = cur[a][b];
    }
  __syncthreads();
  for (int k = 0; k < B; ++k) {
    int row_k[C], col_k[C];
#pragma unroll
    for (int b = 0; b < C; ++b) row_k[b] = s[k * B + tx + b * S];
#pragma unroll
    for (int a = 0; a < C; ++a) col_k[a] = s[(ty + a * S) * B + k];
#pragma unroll
    for (int a = 0; a < C; ++a)
#pragma unroll
      for (int b = 0; b < C; ++b) {
        const int v = floored<T>(sum_as<T>(col_k[a], row_k[b]));
        if (v < cur[a][b]) {
          cur[a][b] = v;
          s[(ty + a * S) * B + tx + b * S] = v;
        }
      }
    __syncthreads();
  }
#pragma unroll
  for (int a = 0; a < C; ++a)
#pragma unroll
    for (int b = 0; b < C; ++b) d.at(p0 + ty + a * S, p0 + tx + b * S) = static_cast<T>(cur[a][b]);
}

// Phase 2: blockIdx.y = 0 is the pivot row block (K, x), 1 the pivot column block (x, K). The block's own
// row (column) k is read in iteration k and, as in phase 1, never written in that iteration. Floored as
// phase 1.
template <class T, int B> __global__ void __launch_bounds__(Shape<B>::kSide * Shape<B>::kSide) rowcol_kernel(MatrixView<T> d, int kb) {
  constexpr int S = Shape<B>::kSide, C = Shape<B>::kCells;
  const int other = blockIdx.x;
  if (other == kb) return;
  __shared__ int p[B][B];
  __shared__ int x[B][B];
  const bool is_row = blockIdx.y == 0;
  const int p0 = kb * B;
  const int r0 = is_row ? p0 : other * B;
  const int c0 = is_row ? other * B : p0;
  const int tx = threadIdx.x, ty = threadIdx.y;
  int cur[C][C];
#pragma unroll
  for (int a = 0; a < C; ++a)
#pragma unroll
    for (int b = 0; b < C; ++b) {
      const int i = ty + a * S, j = tx + b * S;
      p[i][j] = d.at(p0 + i, p0 + j);
      cur[a][b] = floored<T>(d.at(r0 + i, c0 + j));
      x[i][j] = cur[a][b];
    }
  __syncthreads();
  for (int k = 0; k < B; ++k) {
#pragma unroll
    for (int a = 0; a < C; ++a)
#pragma unroll
      for (int b = 0; b < C; ++b) {
        const int i = ty + a * S, j = tx + b * S;
        const int v = floored<T>(is_row ? sum_as<T>(p[i][k], x[k][j]) : sum_as<T>(x[i][k], p[k][j]));
        if (v < cur[a][b]) {
          cur[a][b] = v;
          x[i][j] = v;
        }
      }
    __syncthreads();
  }
#pragma unroll
  for (int a = 0; a < C; ++a)
#pragma unroll
    for (int b = 0; b < C; ++b) d.at(r0 + ty + a * S, c0 + tx + b * S) = static_cast<T>(cur[a][b]);
}

// Phase 3: block (y, x) from column block (y, K) and row block (K, x); both are final, so the k loop needs no
// barrier and the cells stay in registers.
template <class T, int B> __global__ void __launch_bounds__(Shape<B>::kSide * Shape<B>::kSide) independent_kernel(MatrixView<T> d, int kb) {
  constexpr int S = Shape<B>::kSide, C = Shape<B>::kCells;
  const int bi = blockIdx.y, bj = blockIdx.x;
  if (bi == kb || bj == kb) return;
  __shared__ int col_blk[B][B];
  __shared__ int row_blk[B][B];
  const int p0 = kb * B;
  const int r0 = bi * B, c0 = bj * B;
  const int tx = threadIdx.x, ty = threadIdx.y;
  int cur[C][C];
#pragma unroll
  for (int a = 0; a < C; ++a)
#pragma unroll
    for (int b = 0; b < C; ++b) {
      const int i = ty + a * S, j = tx + b * S;
      col_blk[i][j] = d.at(r0 + i, p0 + j);
      row_blk[i][j] = d.at(p0 + i, c0 + j);
      cur[a][b] = d.at(r0 + i, c0 + j);
    }
  __syncthreads();
#pragma unroll 8
  for (int k = 0; k < B; ++k) {
    int a_k[C], b_k[C];
#pragma unroll
    for (int a = 0; a < C; ++a) a_k[a] = col_blk[ty + a * S][k];
#pragma unroll
    for (int b = 0; b < C; ++b) b_k[b] = row_blk[k][tx + b * S];
#pragma unroll
    for (int a = 0; a < C; ++a)
#pragma unroll
      for (int b = 0; b < C; ++b) cur[a][b] = relax_scalar<T>(a_k[a], b_k[b], cur[a][b]);
  }
#pragma unroll
  for (int a = 0; a < C; ++a)
#pragma unroll
    for (int b = 0; b < C; ++b) d.at(r0 + ty + a * S, c0 + tx + b * S) = static_cast<T>(cur[a][b]);
}

template <class T, int B> void launch_pivot(MatrixView<T> d, int p0, cudaStream_t stream) {
  constexpr int S = Shape<B>::kSide;
  constexpr std::size_t smem = sizeof(int) * B * B;
  if constexpr (smem > 48 * 1024)
    APSP_CUDA_CHECK(cudaFuncSetAttribute(pivot_kernel<T, B>, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
  pivot_kernel<T, B><<<1, dim3(S, S), smem, stream>>>(d, p0);
  APSP_CUDA_CHECK_LAUNCH("pivot_kernel");
}

template <class T, int B> void launch_rowcol(MatrixView<T> d, int kb, int blocks, cudaStream_t stream) {
  constexpr int S = Shape<B>::kSide;
  rowcol_kernel<T, B><<<dim3(blocks, 2), dim3(S, S), 0, stream>>>(d, kb);
  APSP_CUDA_CHECK_LAUNCH("rowcol_kernel");
}

template <class T, int B> void launch_independent(MatrixView<T> d, int kb, int blocks, cudaStream_t stream) {
  constexpr int S = Shape<B>::kSide;
  independent_kernel<T, B><<<dim3(blocks, blocks), dim3(S, S), 0, stream>>>(d, kb);
  APSP_CUDA_CHECK_LAUNCH("independent_kernel");
}

[[noreturn]] void unsupported(const char* what, int block) {
  throw UsageError(std::string(what) + ": block size " + std::to_string(block) + " is not compiled in");
}

}  // namespace

bool pivot_block_supported(int block) { return PivotBlocks::contains(block); }

template <class T> void pivot_async(MatrixView<T> d, int block, int p0, cudaStream_t stream) {
  if (!dispatch_block(PivotBlocks{}, block, [&](auto b) { launch_pivot<T, decltype(b)::value>(d, p0, stream); }))
    unsupported("pivot kernel", block);
}

template <class T> void blocked_rowcol_async(MatrixView<T> d, int block, int pivot_block, int blocks, cudaStream_t stream) {
  if (blocks <= 1) return;
  if (!dispatch_block(BlockedBlocks{}, block,
                      [&](auto b) { launch_rowcol<T, decltype(b)::value>(d, pivot_block, blocks, stream); }))
    unsupported("cuda-blocked", block);
}

template <class T>
void blocked_independent_async(MatrixView<T> d, int block, int pivot_block, int blocks, cudaStream_t stream) {
  if (blocks <= 1) return;
  if (!dispatch_block(BlockedBlocks{}, block,
                      [&](auto b) { launch_independent<T, decltype(b)::value>(d, pivot_block, blocks, stream); }))
    unsupported("cuda-blocked", block);
}

namespace {
template <class T, int B> void append_for_block(std::vector<KernelOccupancy>& out, const char* dtype) {
  constexpr int threads = Shape<B>::kSide * Shape<B>::kSide;
  const std::string suffix = " (B=" + std::to_string(B) + ", " + dtype + ")";
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&rowcol_kernel<T, B>),
                             ("cuda-blocked phase 2" + suffix).c_str(), threads, 0));
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&independent_kernel<T, B>),
                             ("cuda-blocked phase 3" + suffix).c_str(), threads, 0));
}
template <class T, int B> void append_pivot(std::vector<KernelOccupancy>& out, const char* dtype) {
  constexpr std::size_t smem = sizeof(int) * B * B;
  if constexpr (smem > 48 * 1024)
    (void)cudaFuncSetAttribute(pivot_kernel<T, B>, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem));
  const std::string name = "phase 1 pivot (B=" + std::to_string(B) + ", " + dtype + ")";
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&pivot_kernel<T, B>), name.c_str(),
                             Shape<B>::kSide * Shape<B>::kSide, smem));
}
}  // namespace

void append_blocked_occupancy(std::vector<KernelOccupancy>& out) {
  append_pivot<std::int32_t, 32>(out, "i32");
  append_pivot<std::int32_t, 64>(out, "i32");
  append_pivot<std::int32_t, 128>(out, "i32");
  for_each_block(BlockedBlocks{}, [&](auto b) { append_for_block<std::int32_t, decltype(b)::value>(out, "i32"); });
  append_for_block<std::int16_t, 64>(out, "i16");
}

#define APSP_INSTANTIATE(T)                                                                      \
  template void pivot_async<T>(MatrixView<T>, int, int, cudaStream_t);                           \
  template void blocked_rowcol_async<T>(MatrixView<T>, int, int, int, cudaStream_t);             \
  template void blocked_independent_async<T>(MatrixView<T>, int, int, int, cudaStream_t);
APSP_INSTANTIATE(std::int32_t)
APSP_INSTANTIATE(std::int16_t)
#undef APSP_INSTANTIATE

}  // namespace apsp::cuda
