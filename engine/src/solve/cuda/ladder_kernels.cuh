#pragma once
// Launchers of the optimization ladder's own kernels (the steps cuda-naive, cuda-blocked and
// cuda-tuned are in kernels.cuh). Each only enqueues on the stream it takes last and checks the launch.
//
// The k-step kernels (cuda-simple, cuda-simple-vec, cuda-pseudo-blocked) relax every cell i, j < n for one
// k: d[i][j] = floored(min(d[i][j], d[i][k] + d[k][j])), as relax_k_async does for Phase::Full. Unlike it they
// store every cell they own unconditionally (they stream the matrix: n^2 read and n^2 written per k, the
// byte model round_model::streaming_k_bytes), except the cells of row k and column k, which every other
// thread reads in the same launch: those are stored only when they improve, which without a negative cycle
// is never (d[k][k] >= 0), so nothing read in a launch is written in it.
#include "device/buffer.cuh"

#include <apsp/device/device_info.h>

#include <vector>

namespace apsp::cuda {

/// @brief cuda-simple, one k: one cell per thread, 32 x 8 threads per CTA.
template <class T> void simple_relax_k_async(MatrixView<T> d, int n, int k, cudaStream_t stream);

/// @brief cuda-simple-vec, one k: four consecutive cells of a row per thread, moved by one 4-wide vector load
/// and store (int4 for int32, short4 for int16; rows of a cudaMallocPitch matrix start 16-byte aligned), the
/// last n % 4 columns by scalar accesses.
template <class T> void simple_vec_relax_k_async(MatrixView<T> d, int n, int k, cudaStream_t stream);

/// @brief cuda-pseudo-blocked, one k: P x P cells per thread (rows and columns strided by the CTA's 8 x 32
/// threads so loads stay coalesced), column k's P values and row k's P values loaded once and reused P times
/// each; P is one of kCellsPerThreadChoices (throws UsageError otherwise).
template <class T> void pseudo_blocked_relax_k_async(MatrixView<T> d, int n, int k, int cells, cudaStream_t stream);

/// @brief cuda-staged phase 3 (B = 64): every block outside the pivot row and column from its row and column
/// blocks, 1024 threads per CTA (2 x 2 cells each), the two blocks staged through shared memory in 16-wide
/// k-chunks (8 KiB per CTA instead of 32 KiB), so the next chunk's loads wait only for the current chunk.
template <class T> void staged_independent_async(MatrixView<T> d, int pivot_block, int blocks, cudaStream_t stream);

/// @brief cuda-blocked-vec phase 3 (B = 64): 256 threads per CTA, 4 x 4 cells per thread (4 rows strided by
/// 16, 4 consecutive columns), every global load and store of the block and of the pivot row block a 4-wide
/// vector (int4 / short4), the row block's 4 values per k one vector read from shared memory.
template <class T> void blocked_vec_independent_async(MatrixView<T> d, int pivot_block, int blocks, cudaStream_t stream);

/// @brief Phase 2 with --phase2 one-cta: one CTA per block index x != pivot, updating both the pivot row block
/// (K, x) and the pivot column block (x, K) with the pivot block loaded once; block sizes 8, 16, 32, 64.
template <class T>
void blocked_rowcol_one_cta_async(MatrixView<T> d, int block, int pivot_block, int blocks, cudaStream_t stream);

// ---- occupancy rows of the ladder's kernels (apsp info --device), one function per kernel file ----------------
void append_simple_occupancy(std::vector<KernelOccupancy>& out);
void append_pseudo_blocked_occupancy(std::vector<KernelOccupancy>& out);
void append_staged_occupancy(std::vector<KernelOccupancy>& out);
void append_blocked_vec_occupancy(std::vector<KernelOccupancy>& out);
void append_rowcol_one_cta_occupancy(std::vector<KernelOccupancy>& out);

}  // namespace apsp::cuda
