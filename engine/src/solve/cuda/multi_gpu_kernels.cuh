#pragma once
// Small kernels of the multi-GPU solver that must know where a band sits in the whole matrix. The heavy
// kernels (phase 1, cuda-tuned's phases 2 and 3) are the single-GPU ones from kernels.cuh, run on a band.
// A band is a MatrixView of rows [row_offset, row_offset + rows) of the device matrix, every column.
#include <apsp/profile/profile.h>

#include <cstddef>
#include <cstdint>

#include "device/buffer.cuh"

namespace apsp::cuda {

/// @brief The padding pattern on a band: 0 where the global row equals the column, INF elsewhere.
template <class T>
void fill_band_identity_async(MatrixView<T> band, int row_offset, cudaStream_t stream);

/// @brief One k of @p phase (Pivot, PivotRowCol or Independent; pivot rows [p0, p1)) over the band's real
/// rows (global < n) and columns < n: band[i][j] = min(band[i][j], band[i][k] + row_k[j]) for the cells of
/// that phase's region. @p row_k is row k of the matrix (a copy received from its owner, or the band's own
/// row). Writes only improved cells, like relax_k_async.
template <class T>
void band_relax_k_async(MatrixView<T> band, int row_offset, int n, const T* row_k, int k, Phase phase, int p0, int p1,
                        cudaStream_t stream);

}  // namespace apsp::cuda
