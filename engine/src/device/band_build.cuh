#pragma once
// The initial distance matrix built on the device from the edge list: each GPU fills its own band, so a big
// graph never needs an n x n host matrix. Private to the engine's CUDA sources.
#include "device/buffer.cuh"

#include <apsp/graph/graph.h>

#include <cuda_runtime.h>

#include <cstdint>

namespace apsp::cuda {

/// @brief The edges on one device (Edge = {src, dst, weight} int32, as apsp/graph/graph.h), copied through
/// pinned staging; empty when m == 0. Allocated on the current device.
class DeviceEdges {
 public:
  DeviceEdges() = default;
  /// @brief Copies @p g's edges to the current device on @p s through page-locked staging buffers. Returns once
  /// the copy has completed (the staging is freed), so the host may change @p g afterwards.
  /// Throws OutOfMemoryError when the device cannot hold them.
  static DeviceEdges upload(const Graph& g, cudaStream_t s);

  const Edge* data() const { return static_cast<const Edge*>(m_buffer.get()); }
  std::int64_t size() const { return m_count; }
  std::uint64_t bytes() const { return static_cast<std::uint64_t>(m_count) * sizeof(Edge); }
  bool empty() const { return m_count == 0; }

 private:
  DeviceBuffer m_buffer;
  std::int64_t m_count = 0;
};

/// @brief Rows [row_begin, row_begin + band.rows) x columns [0, band.cols) of the initial matrix, as
/// to_distance_matrix + identity padding leave them: INF everywhere, 0 on the diagonal (every row, also the
/// padding rows/cols >= n), then the lightest edge per pair (a self loop only when negative). Edges whose
/// src is outside the band are skipped, so every GPU can be given the whole list.
/// Weights must fit the dtype (check_weights_fit); T is std::int32_t or std::int16_t. Asynchronous on @p s.
template <class T>
void build_band_from_edges_async(MatrixView<T> band, int row_begin, const Edge* edges, std::int64_t m, cudaStream_t s);

}  // namespace apsp::cuda
