#pragma once
/// @file multi_gpu_bands.h
/// @brief Which matrix rows each GPU of the multi-GPU `cuda-tuned` solver owns, for displays (the studio's band
/// tint). Host arithmetic only: it compiles and answers without CUDA.
#include <apsp/core/types.h>

#include <vector>

namespace apsp {

namespace detail {
/// Phase-3 tile of cuda-tuned (kTunedTileRows / kTunedTileWords in solve/cuda/kernels.cuh; the multi-GPU
/// solver checks at compile time that they agree): the device matrix's side and the bands are whole tiles.
inline constexpr int kMultiGpuTileRows = 128;
inline constexpr int kMultiGpuTileWords = 128;
}  // namespace detail

/// @brief Rows [row_begin, row_end) of the distance matrix held by GPU @p device.
struct GpuRowBand {
  int device = 0;
  int row_begin = 0;
  int row_end = 0;
  int rows() const { return row_end - row_begin; }
  bool empty() const { return row_end <= row_begin; }
  bool operator==(const GpuRowBand&) const = default;
};

/// @brief The row bands of an n-vertex matrix that cuda-tuned splits over @p gpus GPUs (devices 0 .. gpus-1),
/// exactly as the solver does after reset(): bands of whole lcm(block, 128)-row units of the padded device
/// matrix, balanced, in row order.
/// @param n vertices; @param block block size B; @param gpus GPU count (1: one band of all rows)
/// @return one entry per GPU, clipped to the real rows [0, n): a GPU whose band holds only padding, or no rows
/// at all, gets an empty range (it still takes part in every broadcast, but owns nothing visible).
/// @note Throws UsageError for block < 1, gpus < 1 or n < 0.
std::vector<GpuRowBand> multi_gpu_row_bands(int n, int block, int gpus, DType dtype = DType::I32);

}  // namespace apsp
