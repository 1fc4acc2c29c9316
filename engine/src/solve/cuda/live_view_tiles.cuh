#pragma once
// Live view minima: the raw tile minima of one heatmap geometry, kept current by cuda-tuned's own
// kernels as they write cells, so that a view update copies rows x cols values instead of re-reading the
// matrix (4 GiB at n = 32768).
//
// Why a running minimum is exact: every write of Floyd–Warshall lowers a cell or leaves it (phase 3 stores
// min(c, a + b); phases 1 and 2 store max(min(c, a + b), floor), which only raises a value below the floor:
// that takes negative weights, with which the solvers do not track at all, and a negative cycle invalidates
// besides). So the minimum of every value a texel's cells
// have held since a full reduction seeded the buffer is the minimum of their current values, provided each
// write is folded by someone who read the cell at or after it: phase 3 folds the tile it has just stored in
// its epilogue (phase3_fold in tuned_kernels.cu); phases 1 and 2 are folded by a small exact kernel over the
// cells they wrote (view_tile_fold_async), on the same stream right after them. Everything else that writes
// the matrix (load, restore, k-steps, a negative cycle) invalidates, and the next read seeds again with the
// separate reduction (view_tile_min_rows_async), which stays the fallback for every other variant too.
//
// The phase-3 epilogue needs texels that hold whole 4-row x 4-word quads of a thread's registers:
// epilogue_aligned(). Other geometries are not tracked (readers reduce the matrix as before).
#include <apsp/core/view_geometry.h>
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "device/buffer.cuh"

namespace apsp::cuda {

/// @brief What a kernel epilogue needs to fold the cells it wrote into the live minima; tiles == nullptr: off.
struct LiveTexels {
  std::int32_t* tiles = nullptr;  ///< texel rows [y_begin, ...) x cols of raw minima
  int n = 0;                      ///< logical matrix size: rows and columns >= n are padding, never folded
  int row_offset = 0;             ///< global row of the kernel's matrix row 0 (a band's row_begin)
  int y_begin = 0;                ///< first texel row the buffer holds
  int cols = 0;                   ///< texels per view row
  int shift_r = 0;                ///< log2 of the texel height in cells
  int shift_c = 0;                ///< log2 of the texel width in cells
};

/// @brief Whether phase 3's epilogue folds into @p g exactly: n divisible by rows and cols, texels of 2^a x 2^b
/// cells with 2^a >= 4 rows and 2^b >= 4 words (4 int32 or 8 int16 columns, @p elems_per_word 1 or 2).
bool epilogue_aligned(const ViewGeometry& g, int elems_per_word);

/// @brief One band's live minima (a one-GPU solver has one band of every row). Lives on the band's device;
/// every call expects that device current. Not thread-safe (the solver's stepping thread owns it).
class LiveViewTiles {
 public:
  /// @brief Tracks @p g (null: stop) for a band whose real rows are [row_begin, row_begin + rows); true when it
  /// does. A new geometry (re)allocates the buffer, which cudaFree/cudaMalloc order after queued work.
  bool track(const ViewGeometry* g, int row_begin, int rows, int elems_per_word);
  /// @brief The matrix was written without folding: the next refresh_async() seeds again.
  void invalidate() { m_stale = true; }
  bool on() const { return m_on; }
  /// @brief On and seeded: the buffer equals the band's texel minima once the band's queued work has run.
  bool current() const { return m_on && !m_stale; }
  const ViewGeometry& geometry() const { return m_g; }
  /// @brief The buffer (texel rows [y_begin, y_end) of geometry()), or null when not current().
  const std::int32_t* data() const { return current() ? static_cast<const std::int32_t*>(m_tiles.get()) : nullptr; }

  /// @brief Seeds the buffer from the band (@p band: its row 0, @p pitch elements) by the separate reduction when
  /// on and stale, on @p stream, which must be ordered after every write of the band.
  template <class T> void refresh_async(const T* band, std::size_t pitch, cudaStream_t stream);
  /// @brief The phase-3 epilogue's arguments: off unless current() (a stale buffer is seeded anew anyway).
  LiveTexels texels() const;
  /// @brief Folds band cells of global rows [r0, r1) x columns [c0, c1) (phases 1 and 2) when current().
  template <class T>
  void fold_async(const T* band, std::size_t pitch, int r0, int r1, int c0, int c1, cudaStream_t stream) const;

 private:
  ViewGeometry m_g;
  int m_row_begin = 0, m_rows = 0;
  int m_y_begin = 0, m_y_end = 0;
  int m_shift_r = 0, m_shift_c = 0;
  bool m_on = false;
  bool m_stale = true;
  DeviceBuffer m_tiles;
};

}  // namespace apsp::cuda
