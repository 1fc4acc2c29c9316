#pragma once
// Heatmap tile reduction on the GPU: the minimum of every texel's block of cells (apsp/core/view_geometry.h: the
// geometry), written to a device buffer, so only rows x cols values ever leave the GPU. A later encode step
// (colormap codes into a CUDA surface for the GL texture) consumes the same device buffer.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

namespace apsp::cuda {

/// @brief Texel (y, x) of a rows x cols view of an n x n matrix gets the minimum over rows
/// [y*n/rows, (y+1)*n/rows) and columns [x*n/cols, (x+1)*n/cols) (int64 products, as ViewGeometry does),
/// widened to int32 and not normalized. @p matrix has @p pitch elements per row; @p tiles is a device
/// buffer of rows * cols values.
template <class T>
void view_tile_min_async(const T* matrix, std::size_t pitch, int n, int rows, int cols, std::int32_t* tiles,
                         cudaStream_t stream);

/// @brief Part of that view from a band of matrix rows (a multi-GPU band): texel rows [y_begin, y_end), each the
/// minimum over its cells in matrix rows [row_begin, row_end) only, written to tiles[(y - y_begin) * cols + x]
/// (INT_MAX where the texel has no cell in those rows). @p matrix points at row row_begin.
template <class T>
void view_tile_min_rows_async(const T* matrix, std::size_t pitch, int row_begin, int row_end, int n, int rows,
                              int cols, int y_begin, int y_end, std::int32_t* tiles, cudaStream_t stream);

/// @brief Folds the cells of matrix rows [r0, r1) x columns [c0, c1) (global numbers, clipped to n) into the raw
/// texel minima @p tiles of that view by atomicMin: tiles[(y - y_begin) * cols + x] = min(itself, cells of texel
/// (y, x) in the rectangle). Exact for any geometry. @p matrix points at global row row_offset (a band's first
/// row); the rectangle's rows must lie in the buffer's texel rows. Keeps cuda-tuned's live view minima current
/// after phases 1 and 2 (solve/cuda/live_view_tiles.cuh), whose writes are small next to phase 3's.
template <class T>
void view_tile_fold_async(const T* matrix, std::size_t pitch, int row_offset, int r0, int r1, int c0, int c1, int n,
                          int rows, int cols, int y_begin, std::int32_t* tiles, cudaStream_t stream);

/// @brief The texel row (column) of a rows-texel view of n cells holding cell @p i: the y with
/// y*n/rows <= i < (y+1)*n/rows (integer division, as ViewGeometry), in int64.
__host__ __device__ inline int texel_of_cell(long long i, int n, int rows) {
  return static_cast<int>(((i + 1) * rows - 1) / n);
}

/// @brief dst[i] = value for i < count.
void fill_int32_async(std::int32_t* dst, std::size_t count, std::int32_t value, cudaStream_t stream);
/// @brief dst[i] = min(dst[i], src[i]) for i < count: merges the partial view tiles of several bands.
void min_into_async(std::int32_t* dst, const std::int32_t* src, std::size_t count, cudaStream_t stream);

}  // namespace apsp::cuda
