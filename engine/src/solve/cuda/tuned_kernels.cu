// cuda-tuned: phase 2 and phase 3 as min-plus products on 32-bit words (one int32, or two packed int16).
//
// Phase 3 is a min-plus "GEMM" C = min(C, A (x) B) with A the pivot column panel (rows x block) and B the
// pivot row panel (block x columns). A CTA owns a 128-row x 128-word tile (128 int32 or 256 int16 columns),
// whatever the pivot block size; 256 threads hold 8 x 8 words each in registers. The panels are streamed
// through shared memory in chunks of 16 k with cp.async, two stages deep, so the next chunk loads while this
// one is used. The A panel arrives transposed (col_t[k][i]) and, for int16, already broadcast to both halves of
// a word, so the inner loop is four conflict-free 16-byte shared loads and 64 VIADDMNMX per k and thread.
// Rows are split as ty*4 + {0..3} and 64 + ty*4 + {0..3} (columns likewise) so that every 16-byte shared
// load of a quarter warp touches distinct banks.
//
// Phase 2 uses the same word arithmetic: with the closed pivot block P, the pivot row panel becomes P (x) R
// and the column panel C (x) P (no barrier per k, unlike the classic sequential form). It also writes the two
// panels phase 3 reads.
#include "solve/cuda/cuda_check.cuh"
#include "solve/cuda/kernels.cuh"
#include "solve/cuda/minplus.cuh"

#include <apsp/core/errors.h>

#include <string>

namespace apsp::cuda {

namespace {

constexpr int kThreads = 256;
constexpr int kChunk = 16;                                 // k per pipeline stage
constexpr int kStageWords = 2 * kChunk * kTunedTileWords;  // A and B chunk of one stage (16 KiB)
// Two panel stages and the C tile: 96 KiB, so two CTAs share an SM.
constexpr std::size_t kPhase3Smem = (2 * kStageWords + kTunedTileRows * kTunedTileWords) * sizeof(unsigned);

__device__ __forceinline__ void cp_async16(void* smem, const void* gmem) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem));
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N> __device__ __forceinline__ void cp_async_wait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(N)); }

__device__ __forceinline__ uint4 lds128(const unsigned* p) { return *reinterpret_cast<const uint4*>(p); }
__device__ __forceinline__ uint4 ldg128(const unsigned* p) { return *reinterpret_cast<const uint4*>(p); }
__device__ __forceinline__ void stg128(unsigned* p, uint4 v) { *reinterpret_cast<uint4*>(p) = v; }

// ---- phase 3 ----------------------------------------------------------------------------------------------------

// The C tile is copied into shared memory with cp.async at the start and merged only at the end, while the
// accumulators start at "infinity": the tile's global-memory latency hides behind the whole k loop instead of
// stalling its start. Two co-resident CTAs per SM (96 KiB of shared memory each) keep the VIADDMNMX pipe busy
// across each other's barriers.
template <class T>
__global__ void __launch_bounds__(kThreads, 2)
    tuned_independent_kernel(MatrixView<unsigned> d, int row_begin, int chunks, TunedPanels panels) {
  using Ops = WordOps<T>;
  extern __shared__ uint4 tuned_smem[];
  unsigned* smem = reinterpret_cast<unsigned*>(tuned_smem);
  unsigned* c_tile = smem + 2 * kStageWords;  // 128 x 128 words
  const int tid = threadIdx.x;
  const int tx = tid & 15, ty = tid >> 4;
  const int i0 = row_begin + blockIdx.y * kTunedTileRows;
  const int w0 = blockIdx.x * kTunedTileWords;

  auto load_chunk = [&](int chunk, int stage) {
    unsigned* a = smem + stage * kStageWords;
    unsigned* b = a + kChunk * kTunedTileWords;
#pragma unroll
    for (int q = 0; q < (kChunk * kTunedTileWords / 4) / kThreads; ++q) {
      const int piece = q * kThreads + tid;  // 16-byte piece: 32 per 128-word row
      const int kk = piece >> 5;
      const int w = (piece & 31) * 4;
      cp_async16(a + kk * kTunedTileWords + w, panels.col_t.row(chunk * kChunk + kk) + i0 + w);
      cp_async16(b + kk * kTunedTileWords + w, panels.row.row(chunk * kChunk + kk) + w0 + w);
    }
    cp_async_commit();
  };

  // Commit groups in this order: chunk 0, the C tile, then one group per further chunk; waiting for chunk 0
  // therefore leaves the C tile in flight.
  load_chunk(0, 0);
#pragma unroll
  for (int q = 0; q < (kTunedTileRows * kTunedTileWords / 4) / kThreads; ++q) {
    const int piece = q * kThreads + tid;
    const int row = piece >> 5;
    const int w = (piece & 31) * 4;
    cp_async16(c_tile + row * kTunedTileWords + w, d.row(i0 + row) + w0 + w);
  }
  cp_async_commit();

  unsigned acc[8][8];
#pragma unroll
  for (int r = 0; r < 8; ++r)
#pragma unroll
    for (int q = 0; q < 8; ++q) acc[r][q] = Ops::kNoPath;

  for (int c = 0; c < chunks; ++c) {
    const bool prefetch = c + 1 < chunks;
    if (prefetch) load_chunk(c + 1, (c + 1) & 1);
    if (c == 0) {
      if (prefetch) cp_async_wait<2>(); else cp_async_wait<1>();
    } else {
      if (prefetch) cp_async_wait<1>(); else cp_async_wait<0>();
    }
    __syncthreads();
    const unsigned* a = smem + (c & 1) * kStageWords;
    const unsigned* b = a + kChunk * kTunedTileWords;
#pragma unroll
    for (int kk = 0; kk < kChunk; ++kk) {
      const uint4 a0 = lds128(a + kk * kTunedTileWords + ty * 4);
      const uint4 a1 = lds128(a + kk * kTunedTileWords + 64 + ty * 4);
      const uint4 b0 = lds128(b + kk * kTunedTileWords + tx * 4);
      const uint4 b1 = lds128(b + kk * kTunedTileWords + 64 + tx * 4);
      const unsigned av[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
      const unsigned bv[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
      for (int r = 0; r < 8; ++r)
#pragma unroll
        for (int q = 0; q < 8; ++q) acc[r][q] = Ops::op(av[r], bv[q], acc[r][q]);
    }
    __syncthreads();  // the stage is refilled by the next iteration's copy
  }
  cp_async_wait<0>();
  __syncthreads();

#pragma unroll
  for (int r = 0; r < 8; ++r) {
    const int row = r < 4 ? ty * 4 + r : 64 + ty * 4 + r - 4;
    const uint4 lo = lds128(c_tile + row * kTunedTileWords + tx * 4);
    const uint4 hi = lds128(c_tile + row * kTunedTileWords + 64 + tx * 4);
    unsigned* out = d.row(i0 + row) + w0;
    stg128(out + tx * 4, make_uint4(Ops::merge(acc[r][0], lo.x), Ops::merge(acc[r][1], lo.y),
                                    Ops::merge(acc[r][2], lo.z), Ops::merge(acc[r][3], lo.w)));
    stg128(out + 64 + tx * 4, make_uint4(Ops::merge(acc[r][4], hi.x), Ops::merge(acc[r][5], hi.y),
                                         Ops::merge(acc[r][6], hi.z), Ops::merge(acc[r][7], hi.w)));
  }
}

// ---- phase 2 ----------------------------------------------------------------------------------------------------

template <class T, int B> struct RowColShape {
  static constexpr int kElems = WordOps<T>::kElems;
  static constexpr int kPivotWords = B / kElems;                 // words per pivot row
  static constexpr int kRowsPerThread = B / 16;                  // row panel: B rows x 128 words
  static constexpr int kColWordsPerThread = kPivotWords / 16;    // column panel: 128 rows x kPivotWords words
  static constexpr int kTransPitch = B + 4;                      // transposed pivot, 16-byte aligned rows
  static constexpr int kColPitch = kTunedTileRows + 4;           // transposed column panel
  static constexpr std::size_t kRowSmem = sizeof(unsigned) * (B * kTransPitch + B * kTunedTileWords);
  static constexpr std::size_t kColSmem = sizeof(unsigned) * (B * kColPitch + B * kPivotWords);
  static constexpr std::size_t kSmem = kRowSmem > kColSmem ? kRowSmem : kColSmem;
  static_assert(kColWordsPerThread >= 1, "block too small for the column-panel layout");
};

// blockIdx.y == 0: pivot row panel, words [x*128, x*128 + 128) of rows [p0, p0 + B).
// blockIdx.y == 1: pivot column panel, rows [row_begin + x*128, +128) of columns [p0, p0 + B).
template <class T, int B>
__global__ void __launch_bounds__(kThreads)
    tuned_rowcol_kernel(MatrixView<T> d, MatrixView<const T> pivot, int p0, int row_tiles, int row_begin,
                        int col_tiles, TunedPanels panels) {
  using Ops = WordOps<T>;
  using Shape = RowColShape<T, B>;
  extern __shared__ uint4 tuned_smem[];
  unsigned* smem = reinterpret_cast<unsigned*>(tuned_smem);
  const int tid = threadIdx.x;
  const int tx = tid & 15, ty = tid >> 4;
  const MatrixView<unsigned> dw = d.template as<unsigned>();
  const int pw0 = p0 / Shape::kElems;  // first word of the pivot columns

  if (blockIdx.y == 0) {
    if (static_cast<int>(blockIdx.x) >= row_tiles) return;
    constexpr int RPT = Shape::kRowsPerThread;
    unsigned* pt = smem;                             // pt[k][r] = A operand of P[r][k]
    unsigned* xs = smem + B * Shape::kTransPitch;    // xs[k][w] = pivot row k, words w0..w0+127
    const int w0 = blockIdx.x * kTunedTileWords;
#pragma unroll 16
    for (int idx = tid; idx < B * B; idx += kThreads) {  // unrolled so many loads are in flight at once
      const int r = idx / B, k = idx % B;
      pt[k * Shape::kTransPitch + r] = Ops::broadcast(pivot.at(r, k));
    }
    for (int piece = tid; piece < B * (kTunedTileWords / 4); piece += kThreads) {
      const int kk = piece >> 5;
      const int w = (piece & 31) * 4;
      cp_async16(xs + kk * kTunedTileWords + w, dw.row(p0 + kk) + w0 + w);
    }
    cp_async_commit();
    cp_async_wait<0>();
    __syncthreads();

    unsigned acc[RPT][8];
#pragma unroll
    for (int r = 0; r < RPT; ++r) {
      const uint4 lo = lds128(xs + (ty * RPT + r) * kTunedTileWords + tx * 4);
      const uint4 hi = lds128(xs + (ty * RPT + r) * kTunedTileWords + 64 + tx * 4);
      acc[r][0] = lo.x, acc[r][1] = lo.y, acc[r][2] = lo.z, acc[r][3] = lo.w;
      acc[r][4] = hi.x, acc[r][5] = hi.y, acc[r][6] = hi.z, acc[r][7] = hi.w;
    }
#pragma unroll 4
    for (int k = 0; k < B; ++k) {
      unsigned av[RPT];
#pragma unroll
      for (int r = 0; r < RPT; ++r) av[r] = pt[k * Shape::kTransPitch + ty * RPT + r];
      const uint4 b0 = lds128(xs + k * kTunedTileWords + tx * 4);
      const uint4 b1 = lds128(xs + k * kTunedTileWords + 64 + tx * 4);
      const unsigned bv[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
      for (int r = 0; r < RPT; ++r)
#pragma unroll
        for (int q = 0; q < 8; ++q) acc[r][q] = Ops::op(av[r], bv[q], acc[r][q]);
    }
    // The pivot block's own words stay as phase 1 left them (P (x) P = P); the panel gets every word.
#pragma unroll
    for (int r = 0; r < RPT; ++r) {
      const int row = ty * RPT + r;
#pragma unroll
      for (int h = 0; h < 2; ++h) {  // two 4-word groups; pivot words come in whole groups (pw0 % 16 == 0)
        const int w = w0 + h * 64 + tx * 4;
        const uint4 v = make_uint4(acc[r][4 * h], acc[r][4 * h + 1], acc[r][4 * h + 2], acc[r][4 * h + 3]);
        stg128(panels.row.row(row) + w, v);
        if (w < pw0 || w >= pw0 + Shape::kPivotWords) stg128(dw.row(p0 + row) + w, v);
      }
    }
    return;
  }

  if (static_cast<int>(blockIdx.x) >= col_tiles) return;
  constexpr int CW = Shape::kColWordsPerThread;
  unsigned* at = smem;                               // at[k][i] = A operand of d[i0 + i][p0 + k]
  unsigned* pw = smem + B * Shape::kColPitch;        // pw[k][w] = pivot row k as words
  const int i0 = row_begin + blockIdx.x * kTunedTileRows;
#pragma unroll 16
  for (int idx = tid; idx < kTunedTileRows * B; idx += kThreads) {  // unrolled: many loads in flight
    const int i = idx / B, k = idx % B;
    at[k * Shape::kColPitch + i] = Ops::broadcast(d.at(i0 + i, p0 + k));
  }
  const MatrixView<const unsigned> pivot_w = pivot.template as<const unsigned>();
  for (int idx = tid; idx < B * Shape::kPivotWords; idx += kThreads) {
    const int k = idx / Shape::kPivotWords, w = idx % Shape::kPivotWords;
    pw[k * Shape::kPivotWords + w] = pivot_w.at(k, w);
  }
  unsigned acc[8][CW];
#pragma unroll
  for (int r = 0; r < 8; ++r) {
    const int row = i0 + (r < 4 ? ty * 4 + r : 64 + ty * 4 + r - 4);
#pragma unroll
    for (int c = 0; c < CW; ++c) acc[r][c] = dw.at(row, pw0 + tx * CW + c);
  }
  __syncthreads();
#pragma unroll 4
  for (int k = 0; k < B; ++k) {
    const uint4 a0 = lds128(at + k * Shape::kColPitch + ty * 4);
    const uint4 a1 = lds128(at + k * Shape::kColPitch + 64 + ty * 4);
    const unsigned av[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
    unsigned bv[CW];
#pragma unroll
    for (int c = 0; c < CW; ++c) bv[c] = pw[k * Shape::kPivotWords + tx * CW + c];
#pragma unroll
    for (int r = 0; r < 8; ++r)
#pragma unroll
      for (int c = 0; c < CW; ++c) acc[r][c] = Ops::op(av[r], bv[c], acc[r][c]);
  }
  __syncthreads();  // `at` is reused below as the transposed output
  unsigned* out = at;
#pragma unroll
  for (int r = 0; r < 8; ++r) {
    const int i = r < 4 ? ty * 4 + r : 64 + ty * 4 + r - 4;
    const bool pivot_row = i0 + i >= p0 && i0 + i < p0 + B;
#pragma unroll
    for (int c = 0; c < CW; ++c) {
      const int w = tx * CW + c;
      if (!pivot_row) dw.at(i0 + i, pw0 + w) = acc[r][c];
      if constexpr (Shape::kElems == 1) {
        out[w * Shape::kColPitch + i] = acc[r][c];
      } else {
        out[(2 * w) * Shape::kColPitch + i] = dup16(static_cast<short>(acc[r][c] & 0xFFFFu));
        out[(2 * w + 1) * Shape::kColPitch + i] = dup16(static_cast<short>(acc[r][c] >> 16));
      }
    }
  }
  __syncthreads();
  for (int idx = tid; idx < B * kTunedTileRows; idx += kThreads) {
    const int k = idx / kTunedTileRows, i = idx % kTunedTileRows;
    panels.col_t.at(k, i0 + i) = out[k * Shape::kColPitch + i];
  }
}

template <class T, int B>
void launch_rowcol(MatrixView<T> d, MatrixView<const T> pivot, int p0, bool row_panel, int row_begin, int row_end,
                   TunedPanels panels, cudaStream_t stream) {
  using Shape = RowColShape<T, B>;
  const int words = d.cols / Shape::kElems;
  const int row_tiles = row_panel ? words / kTunedTileWords : 0;
  const int col_tiles = (row_end - row_begin) / kTunedTileRows;
  const int grid_x = row_tiles > col_tiles ? row_tiles : col_tiles;
  if (grid_x == 0) return;
  if constexpr (Shape::kSmem > 48 * 1024)
    APSP_CUDA_CHECK(cudaFuncSetAttribute(tuned_rowcol_kernel<T, B>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         static_cast<int>(Shape::kSmem)));
  tuned_rowcol_kernel<T, B><<<dim3(grid_x, 2), kThreads, Shape::kSmem, stream>>>(d, pivot, p0, row_tiles, row_begin,
                                                                                  col_tiles, panels);
  APSP_CUDA_CHECK_LAUNCH("tuned_rowcol_kernel");
}

template <class T> void set_phase3_smem() {
  APSP_CUDA_CHECK(cudaFuncSetAttribute(tuned_independent_kernel<T>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       static_cast<int>(kPhase3Smem)));
}

}  // namespace

template <class T>
void tuned_rowcol_async(MatrixView<T> d, MatrixView<const T> pivot, int block, int p0, bool row_panel, int row_begin,
                        int row_end, TunedPanels panels, cudaStream_t stream) {
  switch (block) {
    case 32: return launch_rowcol<T, 32>(d, pivot, p0, row_panel, row_begin, row_end, panels, stream);
    case 64: return launch_rowcol<T, 64>(d, pivot, p0, row_panel, row_begin, row_end, panels, stream);
    case 128: return launch_rowcol<T, 128>(d, pivot, p0, row_panel, row_begin, row_end, panels, stream);
    default: throw UsageError("cuda-tuned: block size " + std::to_string(block) + " is not compiled in (32, 64, 128)");
  }
}

template <class T>
void tuned_independent_async(MatrixView<T> d, int block, int row_begin, int row_end, TunedPanels panels,
                             cudaStream_t stream) {
  const MatrixView<unsigned> dw = d.template as<unsigned>();
  const dim3 grid(dw.cols / kTunedTileWords, (row_end - row_begin) / kTunedTileRows);
  if (grid.x == 0 || grid.y == 0) return;
  if (block % kChunk != 0) throw UsageError("cuda-tuned: block size must be a multiple of 16");
  set_phase3_smem<T>();
  tuned_independent_kernel<T><<<grid, kThreads, kPhase3Smem, stream>>>(dw, row_begin, block / kChunk, panels);
  APSP_CUDA_CHECK_LAUNCH("tuned_independent_kernel");
}

std::size_t tuned_max_shared_bytes(int block, bool int16) {
  std::size_t rowcol = 0;
  switch (block) {
    case 32: rowcol = int16 ? RowColShape<std::int16_t, 32>::kSmem : RowColShape<std::int32_t, 32>::kSmem; break;
    case 64: rowcol = int16 ? RowColShape<std::int16_t, 64>::kSmem : RowColShape<std::int32_t, 64>::kSmem; break;
    default: rowcol = int16 ? RowColShape<std::int16_t, 128>::kSmem : RowColShape<std::int32_t, 128>::kSmem; break;
  }
  return rowcol > kPhase3Smem ? rowcol : kPhase3Smem;
}

namespace {
template <class T, int B> void append_rowcol(std::vector<KernelOccupancy>& out, const char* dtype) {
  using Shape = RowColShape<T, B>;
  if constexpr (Shape::kSmem > 48 * 1024)
    (void)cudaFuncSetAttribute(tuned_rowcol_kernel<T, B>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                               static_cast<int>(Shape::kSmem));
  const std::string name = "cuda-tuned phase 2 (B=" + std::to_string(B) + ", " + dtype + ")";
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&tuned_rowcol_kernel<T, B>), name.c_str(), kThreads, Shape::kSmem));
}
}  // namespace

void append_tuned_occupancy(std::vector<KernelOccupancy>& out) {
  (void)cudaFuncSetAttribute(tuned_independent_kernel<std::int32_t>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             static_cast<int>(kPhase3Smem));
  (void)cudaFuncSetAttribute(tuned_independent_kernel<std::int16_t>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             static_cast<int>(kPhase3Smem));
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&tuned_independent_kernel<std::int32_t>),
                             "cuda-tuned phase 3 (any B, i32)", kThreads, kPhase3Smem));
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&tuned_independent_kernel<std::int16_t>),
                             "cuda-tuned phase 3 (any B, i16 packed)", kThreads, kPhase3Smem));
  append_rowcol<std::int32_t, 32>(out, "i32");
  append_rowcol<std::int32_t, 64>(out, "i32");
  append_rowcol<std::int32_t, 128>(out, "i32");
  append_rowcol<std::int16_t, 64>(out, "i16");
}

#define APSP_INSTANTIATE(T)                                                                                    \
  template void tuned_rowcol_async<T>(MatrixView<T>, MatrixView<const T>, int, int, bool, int, int, TunedPanels, \
                                      cudaStream_t);                                                           \
  template void tuned_independent_async<T>(MatrixView<T>, int, int, int, TunedPanels, cudaStream_t);
APSP_INSTANTIATE(std::int32_t)
APSP_INSTANTIATE(std::int16_t)
#undef APSP_INSTANTIATE

}  // namespace apsp::cuda
