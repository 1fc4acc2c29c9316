#pragma once
// Launchers of every CUDA solver kernel. Each one only enqueues work on the stream it takes last (hence the
// _async suffix) and checks the launch. Kernels see matrices through MatrixView; row ranges are given
// explicitly so that a multi-GPU band split can run the same kernels on its own rows.
#include "device/buffer.cuh"

#include <apsp/device/device_info.h>
#include <apsp/profile/profile.h>

#include <cstdint>
#include <vector>

namespace apsp::cuda {

// ---- common -------------------------------------------------------------------------------------------------

/// @brief The largest grid dimension in y (and z): kernels over rows stride past it (n = 65536 has 65536 rows).
inline constexpr int kMaxGridY = 65535;

/// @brief INF everywhere, 0 on the diagonal (the padding of a device matrix larger than the host's).
template <class T> void fill_identity_async(MatrixView<T> d, cudaStream_t stream);

/// @brief One intermediate k over the cells of a phase's region (i, j < n): d[i][j] = min(d[i][j], d[i][k] + d[k][j]).
/// Full: every cell (cuda-naive). Pivot / PivotRowCol / Independent: the cells of that phase of the blocked
/// algorithm for the pivot rows [p0, p1) (k-steps of the blocked variants). Writes only improved cells, so
/// row k and column k, which stay unchanged without a negative cycle, are never written while being read.
template <class T> void relax_k_async(MatrixView<T> d, int n, int k, Phase phase, int p0, int p1, cudaStream_t stream);

/// @brief Sets *flag = 1 (mapped host memory) when d[i][i + col_offset] < 0 for some i in [0, count).
template <class T> void diagonal_check_async(MatrixView<const T> d, int count, int col_offset, int* flag, cudaStream_t stream);

// ---- cuda-blocked (the pivot kernel also serves cuda-tuned's phase 1) ----------------------------------------

/// @brief Block sizes the pivot kernel is instantiated for.
bool pivot_block_supported(int block);
/// @brief Phase 1: Floyd–Warshall on the block x block pivot block at (p0, p0), staged in shared memory.
template <class T> void pivot_async(MatrixView<T> d, int block, int p0, cudaStream_t stream);
/// @brief Phase 2 of the classic kernels: the pivot row and column blocks, each with the pivot in shared memory.
template <class T> void blocked_rowcol_async(MatrixView<T> d, int block, int pivot_block, int blocks, cudaStream_t stream);
/// @brief Phase 3 of the classic kernels: every other block from its row and column blocks in shared memory.
template <class T> void blocked_independent_async(MatrixView<T> d, int block, int pivot_block, int blocks, cudaStream_t stream);

// ---- cuda-tuned ---------------------------------------------------------------------------------------------

/// A phase-3 tile is kTunedTileRows rows x kTunedTileWords 32-bit words (128 int32 or 256 int16 columns),
/// independent of the pivot block size.
inline constexpr int kTunedTileRows = 128;
inline constexpr int kTunedTileWords = 128;

/// @brief The pivot row and column panels after phase 2, in the layout phase 3 streams with cp.async:
/// col_t[k][i] = the A operand for row i (the int32 value, or the int16 value in both halves of a word);
/// row[k][w] = pivot row k as words. Both are block rows deep; phase 3 reads only these, never the pivot
/// rows and columns of the matrix, so it may rewrite them (idempotently) without a race.
struct TunedPanels {
  MatrixView<std::uint32_t> col_t;
  MatrixView<std::uint32_t> row;
};

/// @brief Phase 2 of cuda-tuned: pivot row panel (when @p row_panel) and pivot column panel for rows
/// [row_begin, row_end) as min-plus products with the closed pivot block @p pivot (block x block), writing
/// the matrix and the panels. Matrix rows/columns [p0, p0 + block) of the pivot itself are left alone.
template <class T>
void tuned_rowcol_async(MatrixView<T> d, MatrixView<const T> pivot, int block, int p0, bool row_panel, int row_begin,
                        int row_end, TunedPanels panels, cudaStream_t stream);
/// @brief Phase 3 of cuda-tuned over rows [row_begin, row_end) (multiples of kTunedTileRows) and every
/// column: d = min(d, col panel (x) row panel), 128 x 128-word tiles, 8 x 8 words per thread in registers.
template <class T>
void tuned_independent_async(MatrixView<T> d, int block, int row_begin, int row_end, TunedPanels panels,
                             cudaStream_t stream);

/// @brief Tiles [row_begin, row_end) x [col_begin, col_end) (tile indices), leaving out tile row skip_row and
/// tile column skip_col (-1: none). Lets the next pivot's row and column strips run first (look-ahead).
struct TileRange {
  int row_begin = 0, row_end = 0;
  int col_begin = 0, col_end = 0;
  int skip_row = -1, skip_col = -1;
};
struct LiveTexels;
/// @param live when its tiles are set, every CTA also folds the tile it wrote into those live view minima
/// (live_view_tiles.cuh): a second instantiation of the kernel; without, the kernel is the plain one.
template <class T>
void tuned_independent_tiles_async(MatrixView<T> d, int block, TileRange tiles, TunedPanels panels,
                                   const LiveTexels& live, cudaStream_t stream);

/// @brief Shared memory the tuned kernels need (to check a device before the first launch).
std::size_t tuned_max_shared_bytes(int block, bool int16);

// ---- occupancy (apsp info --device) ----------------------------------------------------------------------------

void append_common_occupancy(std::vector<KernelOccupancy>& out);
void append_blocked_occupancy(std::vector<KernelOccupancy>& out);
void append_tuned_occupancy(std::vector<KernelOccupancy>& out);

/// @brief Fills one occupancy row for @p kernel launched with @p threads threads and @p shared dynamic bytes.
KernelOccupancy occupancy_of(const void* kernel, const char* name, int threads, std::size_t shared);

}  // namespace apsp::cuda
