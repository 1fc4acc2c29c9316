#pragma once
// Heatmap tile reduction on the GPU: the minimum of every texel's block of cells (see apsp/view/view.h for the
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

/// @brief dst[i] = value for i < count.
void fill_int32_async(std::int32_t* dst, std::size_t count, std::int32_t value, cudaStream_t stream);
/// @brief dst[i] = min(dst[i], src[i]) for i < count: merges the partial view tiles of several bands.
void min_into_async(std::int32_t* dst, const std::int32_t* src, std::size_t count, cudaStream_t stream);

}  // namespace apsp::cuda
