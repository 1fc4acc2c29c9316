// cuda-tuned: phase 2 and phase 3 as min-plus products on 32-bit words (one int32, or two packed int16).
//
// Phase 3 is a min-plus "GEMM" C = min(C, A (x) B) with A the pivot column panel (rows x block) and B the
// pivot row panel (block x columns). A CTA owns a 128-row x 128-word tile (128 int32 or 256 int16 columns),
// whatever the pivot block size; 256 threads hold 8 x 8 words each in registers. The panels are streamed
// through shared memory in chunks of 32 k with cp.async, two stages deep, so the next chunk loads while this
// one is used. The A panel arrives transposed (col_t[k][i]) and, for int16, already broadcast to both halves of
// a word, so the inner loop is four conflict-free 16-byte shared loads and 64 VIADDMNMX per k and thread.
// Rows are split as ty*4 + {0..3} and 64 + ty*4 + {0..3} (columns likewise) so that every 16-byte shared
// load of a quarter warp touches distinct banks.
//
// Phase 2 uses the same word arithmetic: with the closed pivot block P, the pivot row panel becomes P (x) R
// and the column panel C (x) P (no barrier per k, unlike the classic sequential form). It also writes the two
// panels phase 3 reads. Its results are raised to the floor before they are stored (range_policy.h), so
// phase 3's sums of two panel words stay inside the type; phase 3 itself needs no clamp.
#include <apsp/device/check.cuh>
#include "solve/cuda/compiled_blocks.h"
#include "solve/cuda/kernels.cuh"
#include "solve/cuda/live_view_tiles.cuh"
#include "solve/cuda/minplus.cuh"

#include <apsp/core/errors.h>

#include <climits>
#include <string>

namespace apsp::cuda {

namespace {

constexpr int kThreads = 256;
constexpr int kChunk = 32;  // k per pipeline stage

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

// C goes straight into the accumulators (its loads overlap the first chunk's copy) and back out at the end.
// Two co-resident CTAs per SM (64 KiB of shared memory each) keep the VIADDMNMX pipe busy across each other's
// barriers. Measured alternatives, all slower on an H200 at n = 16384 (B = 64, i32, without look-ahead, vs
// 13.25 T updates/s): C staged through shared memory by cp.async and merged at the end (13.0 T); 128 x 64-word
// tiles with three CTAs per SM (13.2 T with look-ahead vs 13.56 T); a persistent kernel prefetching the next
// tile's C during this tile (12.6 T). TW is kept a parameter for such experiments.
// The view fold of phase 3 (live_view_tiles.cuh): a thread's registers are four quads of 4 rows x 4 words
// (rows rq*64 + ty*4 + r, words h*64 + tx*4 + c), each inside one texel because texels are 2^a >= 4 rows by
// 2^b >= 4 words, aligned (epilogue_aligned). quad_minima() takes each quad's minimum before the tile is stored,
// so that only these four values stay live past the stores; phase3_fold() then combines them over the lanes
// whose quads share the texel (tx bits below the texel width, and ty ^ 1 = lane ^ 16 when texels are 8 rows or
// more) with shuffles, and one lane per group folds it with one atomicMin. Padding (rows or columns >= n)
// takes no part: n is a multiple of the texel, so a quad is wholly inside or outside.
template <class T, int WPT>
__device__ __forceinline__ void quad_minima(const unsigned (&acc)[8][WPT], int (&qmin)[2][WPT / 4]) {
#pragma unroll
  for (int rq = 0; rq < 2; ++rq) {
#pragma unroll
    for (int h = 0; h < WPT / 4; ++h) {
      if constexpr (WordOps<T>::kElems == 1) {
        int m = static_cast<int>(acc[rq * 4][4 * h]);
#pragma unroll
        for (int q = 1; q < 16; ++q) m = min(m, static_cast<int>(acc[rq * 4 + q / 4][4 * h + q % 4]));
        qmin[rq][h] = m;
      } else {
        unsigned m = acc[rq * 4][4 * h];  // both int16 lanes at once, then the smaller lane
#pragma unroll
        for (int q = 1; q < 16; ++q) m = __vmins2(m, acc[rq * 4 + q / 4][4 * h + q % 4]);
        qmin[rq][h] = min(static_cast<int>(static_cast<short>(m & 0xFFFFu)), static_cast<int>(static_cast<short>(m >> 16)));
      }
    }
  }
}

template <class T, int WPT>
__device__ __forceinline__ void phase3_fold(const int (&qmin)[2][WPT / 4], int i0, int w0, int tx, int ty,
                                            const LiveTexels& live) {
  constexpr int kElems = WordOps<T>::kElems;
  constexpr int kWordShift = kElems == 2 ? 1 : 0;
  const int lane = static_cast<int>(threadIdx.x) & 31;
  const int col_span = live.shift_c - 2 - kWordShift;  // log2(quads per texel width) >= 0
  const int col_mask = (1 << (col_span < 4 ? col_span : 4)) - 1;
  const bool row_pair = live.shift_r >= 3;
  const bool leader = (lane & col_mask) == 0 && (!row_pair || (lane & 16) == 0);
#pragma unroll
  for (int rq = 0; rq < 2; ++rq) {
#pragma unroll
    for (int h = 0; h < WPT / 4; ++h) {
      int m = qmin[rq][h];
      const int row = live.row_offset + i0 + rq * 64 + ty * 4;  // global row of the quad's first row
      const int col = (w0 + h * 64 + tx * 4) * kElems;          // the quad's first column
      if (row >= live.n || col >= live.n) m = INT_MAX;
      for (int o = 1; o <= col_mask; o <<= 1) m = min(m, __shfl_xor_sync(0xffffffffu, m, o));
      if (row_pair) m = min(m, __shfl_xor_sync(0xffffffffu, m, 16));
      if (leader && m != INT_MAX)
        atomicMin(live.tiles + static_cast<std::size_t>((row >> live.shift_r) - live.y_begin) * static_cast<std::size_t>(live.cols) +
                      static_cast<std::size_t>(col >> live.shift_c),
                  m);
    }
  }
}

// kFold: the view is on and this launch folds its tiles into the live view minima (phase3_fold); the loop is
// the same code either way, so without a view nothing changes (a template parameter, not a branch).
template <class T, int TW, bool kFold>
__global__ void __launch_bounds__(kThreads, 2)
    tuned_independent_kernel(MatrixView<unsigned> d, TileRange tiles, int chunks, TunedPanels panels, LiveTexels live) {
  using Ops = WordOps<T>;
  constexpr int WPT = TW / 16;                          // words per thread
  constexpr int kStageA = kChunk * kTunedTileRows;      // A chunk: kChunk x 128 rows
  constexpr int kStage = kStageA + kChunk * TW;         // plus B chunk: kChunk x TW words
  const int tile_row = tiles.row_begin + static_cast<int>(blockIdx.y);
  const int tile_col = tiles.col_begin + static_cast<int>(blockIdx.x);
  if (tile_row == tiles.skip_row || tile_col == tiles.skip_col) return;
  extern __shared__ uint4 tuned_smem[];
  unsigned* smem = reinterpret_cast<unsigned*>(tuned_smem);
  const int tid = threadIdx.x;
  const int tx = tid & 15, ty = tid >> 4;
  const int i0 = tile_row * kTunedTileRows;
  const int w0 = tile_col * TW;

  auto load_chunk = [&](int chunk, int stage) {
    unsigned* a = smem + stage * kStage;
    unsigned* b = a + kStageA;
#pragma unroll
    for (int q = 0; q < (kChunk * kTunedTileRows / 4) / kThreads; ++q) {
      const int piece = q * kThreads + tid;  // 16-byte piece: 32 per 128-word row
      const int kk = piece >> 5;
      const int w = (piece & 31) * 4;
      cp_async16(a + kk * kTunedTileRows + w, panels.col_t.row(chunk * kChunk + kk) + i0 + w);
    }
#pragma unroll
    for (int q = 0; q < (kChunk * TW / 4) / kThreads; ++q) {
      const int piece = q * kThreads + tid;
      const int kk = piece / (TW / 4);
      const int w = (piece % (TW / 4)) * 4;
      cp_async16(b + kk * TW + w, panels.row.row(chunk * kChunk + kk) + w0 + w);
    }
    cp_async_commit();
  };

  load_chunk(0, 0);

  unsigned acc[8][WPT];
#pragma unroll
  for (int r = 0; r < 8; ++r) {
    const unsigned* row = d.row(i0 + (r < 4 ? ty * 4 + r : 64 + ty * 4 + r - 4)) + w0;
#pragma unroll
    for (int h = 0; h < WPT / 4; ++h) {
      const uint4 v = ldg128(row + h * 64 + tx * 4);
      acc[r][4 * h] = v.x, acc[r][4 * h + 1] = v.y, acc[r][4 * h + 2] = v.z, acc[r][4 * h + 3] = v.w;
    }
  }

  for (int c = 0; c < chunks; ++c) {
    if (c + 1 < chunks) {
      load_chunk(c + 1, (c + 1) & 1);
      cp_async_wait<1>();
    } else {
      cp_async_wait<0>();
    }
    __syncthreads();
    const unsigned* a = smem + (c & 1) * kStage;
    const unsigned* b = a + kStageA;
#pragma unroll
    for (int kk = 0; kk < kChunk; ++kk) {
      const uint4 a0 = lds128(a + kk * kTunedTileRows + ty * 4);
      const uint4 a1 = lds128(a + kk * kTunedTileRows + 64 + ty * 4);
      const unsigned av[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
      unsigned bv[WPT];
#pragma unroll
      for (int h = 0; h < WPT / 4; ++h) {
        const uint4 bb = lds128(b + kk * TW + h * 64 + tx * 4);
        bv[4 * h] = bb.x, bv[4 * h + 1] = bb.y, bv[4 * h + 2] = bb.z, bv[4 * h + 3] = bb.w;
      }
#pragma unroll
      for (int r = 0; r < 8; ++r)
#pragma unroll
        for (int q = 0; q < WPT; ++q) acc[r][q] = Ops::op(av[r], bv[q], acc[r][q]);
    }
    if (c + 2 < chunks) __syncthreads();  // this stage is refilled by the next iteration's copy
  }

  [[maybe_unused]] int qmin[2][WPT / 4];  // the fold's quad minima (kFold only)
  if constexpr (kFold) quad_minima<T, WPT>(acc, qmin);
#pragma unroll
  for (int r = 0; r < 8; ++r) {
    unsigned* row = d.row(i0 + (r < 4 ? ty * 4 + r : 64 + ty * 4 + r - 4)) + w0;
#pragma unroll
    for (int h = 0; h < WPT / 4; ++h)
      stg128(row + h * 64 + tx * 4, make_uint4(acc[r][4 * h], acc[r][4 * h + 1], acc[r][4 * h + 2], acc[r][4 * h + 3]));
  }
  if constexpr (kFold) phase3_fold<T, WPT>(qmin, i0, w0, tx, ty, live);
}

template <int TW> constexpr std::size_t phase3_smem() {
  return 2 * (kChunk * kTunedTileRows + kChunk * TW) * sizeof(unsigned);
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
        const uint4 v = make_uint4(Ops::floored(acc[r][4 * h]), Ops::floored(acc[r][4 * h + 1]),
                                   Ops::floored(acc[r][4 * h + 2]), Ops::floored(acc[r][4 * h + 3]));
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
#pragma unroll
  for (int r = 0; r < 8; ++r)
#pragma unroll
    for (int c = 0; c < CW; ++c) acc[r][c] = Ops::floored(acc[r][c]);
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

template <class T, int TW, bool kFold>
void launch_phase3(MatrixView<T> d, int block, TileRange tiles, TunedPanels panels, const LiveTexels& live,
                   cudaStream_t stream) {
  const dim3 grid(tiles.col_end - tiles.col_begin, tiles.row_end - tiles.row_begin);
  if (grid.x == 0 || grid.y == 0) return;
  constexpr std::size_t smem = phase3_smem<TW>();
  APSP_CUDA_CHECK(cudaFuncSetAttribute(tuned_independent_kernel<T, TW, kFold>,
                                       cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
  tuned_independent_kernel<T, TW, kFold>
      <<<grid, kThreads, smem, stream>>>(d.template as<unsigned>(), tiles, block / kChunk, panels, live);
  APSP_CUDA_CHECK_LAUNCH("tuned_independent_kernel");
}

}  // namespace

template <class T>
void tuned_rowcol_async(MatrixView<T> d, MatrixView<const T> pivot, int block, int p0, bool row_panel, int row_begin,
                        int row_end, TunedPanels panels, cudaStream_t stream) {
  const bool compiled = dispatch_block(TunedBlocks{}, block, [&](auto b) {
    launch_rowcol<T, decltype(b)::value>(d, pivot, p0, row_panel, row_begin, row_end, panels, stream);
  });
  if (!compiled)
    throw UsageError("cuda-tuned: block size " + std::to_string(block) + " is not compiled in (" + TunedBlocks::text() +
                     ")");
}


template <class T>
void tuned_independent_tiles_async(MatrixView<T> d, int block, TileRange tiles, TunedPanels panels,
                                   const LiveTexels& live, cudaStream_t stream) {
  if (block % kChunk != 0) throw UsageError("cuda-tuned: block size must be a multiple of 32");
  if (live.tiles) {
    launch_phase3<T, kTunedTileWords, true>(d, block, tiles, panels, live, stream);
  } else {
    launch_phase3<T, kTunedTileWords, false>(d, block, tiles, panels, live, stream);
  }
}

template <class T>
void tuned_independent_async(MatrixView<T> d, int block, int row_begin, int row_end, TunedPanels panels,
                             cudaStream_t stream) {
  const int words = d.template as<unsigned>().cols;
  tuned_independent_tiles_async<T>(
      d, block, TileRange{row_begin / kTunedTileRows, row_end / kTunedTileRows, 0, words / kTunedTileWords},
      panels, LiveTexels{}, stream);
}

std::size_t tuned_max_shared_bytes(int block, bool int16) {
  std::size_t rowcol = 0;
  // A block outside the list is sized as the largest: the bound stays an upper one.
  const auto rowcol_smem = [&](auto b) {
    constexpr int B = decltype(b)::value;
    rowcol = int16 ? RowColShape<std::int16_t, B>::kSmem : RowColShape<std::int32_t, B>::kSmem;
  };
  if (!dispatch_block(TunedBlocks{}, block, rowcol_smem))
    rowcol_smem(std::integral_constant<int, TunedBlocks::sizes.back()>{});
  return rowcol > phase3_smem<128>() ? rowcol : phase3_smem<128>();
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

namespace {
template <class T, int TW, bool kFold> void append_phase3(std::vector<KernelOccupancy>& out, const char* dtype) {
  (void)cudaFuncSetAttribute(tuned_independent_kernel<T, TW, kFold>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             static_cast<int>(phase3_smem<TW>()));
  const std::string name = "cuda-tuned phase 3 (any B, " + std::string(dtype) + ", 128 x " + std::to_string(TW) +
                           " words" + (kFold ? ", view fold)" : ")");
  out.push_back(occupancy_of(reinterpret_cast<const void*>(&tuned_independent_kernel<T, TW, kFold>), name.c_str(),
                             kThreads, phase3_smem<TW>()));
}
}  // namespace

void append_tuned_occupancy(std::vector<KernelOccupancy>& out) {
  append_phase3<std::int32_t, kTunedTileWords, false>(out, "i32");
  append_phase3<std::int16_t, kTunedTileWords, false>(out, "i16 packed");
  append_phase3<std::int32_t, kTunedTileWords, true>(out, "i32");
  append_phase3<std::int16_t, kTunedTileWords, true>(out, "i16 packed");
  for_each_block(TunedBlocks{}, [&](auto b) { append_rowcol<std::int32_t, decltype(b)::value>(out, "i32"); });
  append_rowcol<std::int16_t, 64>(out, "i16");
}

#define APSP_INSTANTIATE(T)                                                                                    \
  template void tuned_rowcol_async<T>(MatrixView<T>, MatrixView<const T>, int, int, bool, int, int, TunedPanels, \
                                      cudaStream_t);                                                           \
  template void tuned_independent_async<T>(MatrixView<T>, int, int, int, TunedPanels, cudaStream_t); \
  template void tuned_independent_tiles_async<T>(MatrixView<T>, int, TileRange, TunedPanels, const LiveTexels&, \
                                                 cudaStream_t);
APSP_INSTANTIATE(std::int32_t)
APSP_INSTANTIATE(std::int16_t)
#undef APSP_INSTANTIATE

}  // namespace apsp::cuda
