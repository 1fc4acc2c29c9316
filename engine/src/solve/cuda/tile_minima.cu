// DeviceTileMinima (apsp/solve/tile_minima.h): tile minima of a solver's device storage, one band per GPU.
// Every band reduces the texel rows that meet its real rows on its own stream (view_tile_min_rows_async);
// only those tiles travel, to the host (Solver::view_tiles) or to a staging buffer on the gather device,
// where a merge on the consumer's stream combines them (DeviceViewEncoder for a matrix spread over GPUs).
// Where the solver keeps live minima of the geometry (Storage::live_view), a band's tiles are a copy of those.
#include <apsp/core/errors.h>
#include <apsp/device/check.cuh>
#include <apsp/device/stream.cuh>
#include <apsp/solve/tile_minima.h>

#include <algorithm>
#include <climits>
#include <string>
#include <utility>
#include <vector>

#include "device/buffer.cuh"
#include "device/device_guard.cuh"
#include "device/view_tiles.cuh"

namespace apsp {

namespace {

/// Texel rows [first, second) of @p g that meet the band's real rows (empty: {0, 0}).
std::pair<int, int> texel_rows(const Solver::StorageBand& b, const ViewGeometry& g) {
  const int row_end = b.row_begin + b.rows;
  int y_begin = -1, y_end = 0;
  if (row_end > b.row_begin)
    for (int y = 0; y < g.rows; ++y)
      if (std::max(g.row_begin(y), b.row_begin) < std::min(g.row_begin(y + 1), row_end)) {
        if (y_begin < 0) y_begin = y;
        y_end = y + 1;
      }
  return y_begin < 0 ? std::pair<int, int>{0, 0} : std::pair<int, int>{y_begin, y_end};
}

std::size_t texel_count(std::pair<int, int> rows, const ViewGeometry& g) {
  return static_cast<std::size_t>(rows.second - rows.first) * static_cast<std::size_t>(g.cols);
}

}  // namespace

struct DeviceTileMinima::Impl {
  /// One band's share: its tiles on its device, and for gathers their copy on the gather device.
  struct Part {
    int device = -1;
    std::pair<int, int> rows;           ///< texel rows of the last call
    cuda::DeviceMatrix tiles;           ///< on the band's device: its texel rows
    std::vector<std::int32_t> host;     ///< to_host: the band's tiles (several bands)
    cuda::DeviceMatrix staging;         ///< gather: on the gather device
    cuda::Event copied;                 ///< gather: on the band's device, recorded after the copy
  };
  std::vector<Part> parts;
  bool direct = false;        ///< to_host: one band copied straight into the caller's tiles
  int gather_device = -1;
  cuda::Event merged;         ///< on the gather device: the last merge has read the staging buffers
  bool merged_recorded = false;

  ~Impl() { release(); }

  /// Waits for the last merge, then frees every buffer with its own device current.
  void release() noexcept {
    cuda::CurrentDeviceGuard guard;
    if (merged_recorded && cudaSetDevice(gather_device) == cudaSuccess) (void)cudaEventSynchronize(merged.get());
    for (Part& p : parts) {
      if (cudaSetDevice(p.device) == cudaSuccess) {
        p.tiles = cuda::DeviceMatrix();
        p.copied = cuda::Event();
      }
      if (gather_device >= 0 && cudaSetDevice(gather_device) == cudaSuccess) p.staging = cuda::DeviceMatrix();
    }
    parts.clear();
    if (gather_device >= 0 && cudaSetDevice(gather_device) == cudaSuccess) merged = cuda::Event();
    merged_recorded = false;
    gather_device = -1;
    (void)cudaGetLastError();
  }

  /// One part per band, on the band's device (buffers kept while the devices stay the same).
  void match(const Solver::Storage& storage) {
    bool same = parts.size() == storage.bands.size();
    for (std::size_t i = 0; same && i < parts.size(); ++i) same = parts[i].device == storage.bands[i].device;
    if (same) return;
    release();
    parts.resize(storage.bands.size());
    for (std::size_t i = 0; i < parts.size(); ++i) parts[i].device = storage.bands[i].device;
  }

  /// Texel rows part.rows of band @p b into part.tiles, on the band's stream; the band's device is current.
  void band_tiles_async(Part& part, const Solver::StorageBand& b, const Solver::Storage& storage,
                        const ViewGeometry& g) {
    const std::size_t count = texel_count(part.rows, g);
    if (part.tiles.empty() || static_cast<std::size_t>(part.tiles.cols()) < count) {
      // The old buffer may still be read by a queued copy: cudaFree waits for the device.
      part.tiles = cuda::DeviceMatrix();
      part.tiles = cuda::DeviceMatrix(1, static_cast<int>(count), sizeof(std::int32_t), "view tiles");
    }
    auto* out = static_cast<std::int32_t*>(part.tiles.data());
    auto s = static_cast<cudaStream_t>(b.stream);
    if (storage.live_for(g) && b.live_tiles) {
      // The kernels kept this band's minima current (Solver::track_view): a copy, no read of the matrix.
      APSP_CUDA_CHECK(cudaMemcpyAsync(out, b.live_tiles, count * sizeof(std::int32_t), cudaMemcpyDeviceToDevice, s));
      return;
    }
    const int row_end = b.row_begin + b.rows;
    const auto [y_begin, y_end] = part.rows;
    if (storage.dtype == DType::I16) {
      cuda::view_tile_min_rows_async<std::int16_t>(static_cast<const std::int16_t*>(b.data),
                                                   b.pitch_bytes / sizeof(std::int16_t), b.row_begin, row_end,
                                                   storage.n, g.rows, g.cols, y_begin, y_end, out, s);
    } else {
      cuda::view_tile_min_rows_async<std::int32_t>(static_cast<const std::int32_t*>(b.data),
                                                   b.pitch_bytes / sizeof(std::int32_t), b.row_begin, row_end,
                                                   storage.n, g.rows, g.cols, y_begin, y_end, out, s);
    }
  }
};

DeviceTileMinima::DeviceTileMinima() : m_impl(std::make_unique<Impl>()) {}
DeviceTileMinima::~DeviceTileMinima() = default;

void DeviceTileMinima::to_host_async(const Solver::Storage& storage, const ViewGeometry& g, std::int32_t* tiles) {
  Impl& d = *m_impl;
  if (g.texels() == 0 || storage.n == 0) return;
  cuda::CurrentDeviceGuard guard;
  d.match(storage);
  int with_rows = 0;
  for (std::size_t i = 0; i < d.parts.size(); ++i) {
    d.parts[i].rows = texel_rows(storage.bands[i], g);
    if (d.parts[i].rows.second > d.parts[i].rows.first) ++with_rows;
  }
  // One band holding every texel row (one GPU): its tiles are the view, copied straight into the caller's.
  d.direct = with_rows == 1 && d.parts.size() == 1 && d.parts[0].rows == std::pair<int, int>{0, g.rows};
  if (!d.direct) std::fill(tiles, tiles + g.texels(), INT_MAX);
  for (std::size_t i = 0; i < d.parts.size(); ++i) {
    Impl::Part& part = d.parts[i];
    const Solver::StorageBand& b = storage.bands[i];
    if (part.rows.second <= part.rows.first) continue;
    APSP_CUDA_CHECK(cudaSetDevice(b.device));
    d.band_tiles_async(part, b, storage, g);
  }
  for (std::size_t i = 0; i < d.parts.size(); ++i) {
    Impl::Part& part = d.parts[i];
    const Solver::StorageBand& b = storage.bands[i];
    if (part.rows.second <= part.rows.first) continue;
    APSP_CUDA_CHECK(cudaSetDevice(b.device));
    const std::size_t count = texel_count(part.rows, g);
    std::int32_t* dst = tiles;
    if (!d.direct) {
      part.host.resize(count);
      dst = part.host.data();
    }
    APSP_CUDA_CHECK(cudaMemcpyAsync(dst, part.tiles.data(), count * sizeof(std::int32_t), cudaMemcpyDeviceToHost,
                                    static_cast<cudaStream_t>(b.stream)));
  }
}

void DeviceTileMinima::finish_to_host(const ViewGeometry& g, std::int32_t* tiles) {
  Impl& d = *m_impl;
  if (d.direct) return;
  for (const Impl::Part& part : d.parts) {
    if (part.rows.second <= part.rows.first) continue;
    std::int32_t* out = tiles + static_cast<std::size_t>(part.rows.first) * static_cast<std::size_t>(g.cols);
    for (std::size_t t = 0; t < part.host.size(); ++t) out[t] = std::min(out[t], part.host[t]);
  }
}

void DeviceTileMinima::gather_async(const Solver::Storage& storage, const ViewGeometry& g, int device,
                                    std::int32_t* dst, void* stream, void* after_wait) {
  Impl& d = *m_impl;
  if (g.texels() == 0) return;
  cuda::CurrentDeviceGuard guard;
  auto s = static_cast<cudaStream_t>(stream);
  if (d.gather_device != device) {
    d.release();
    d.gather_device = device;
  }
  d.match(storage);
  d.gather_device = device;  // release() in match() forgets it
  for (Impl::Part& part : d.parts) {
    if (part.copied) continue;
    APSP_CUDA_CHECK(cudaSetDevice(part.device));
    part.copied = cuda::Event::create();
  }
  if (!d.merged) {
    APSP_CUDA_CHECK(cudaSetDevice(device));
    d.merged = cuda::Event::create();
    d.merged_recorded = false;
  }
  for (std::size_t i = 0; i < d.parts.size(); ++i) {
    Impl::Part& part = d.parts[i];
    const Solver::StorageBand& b = storage.bands[i];
    part.rows = texel_rows(b, g);
    if (part.rows.second <= part.rows.first) continue;  // no real rows in this band (or no matrix)
    const std::size_t count = texel_count(part.rows, g);
    if (part.staging.empty() || static_cast<std::size_t>(part.staging.cols()) < count) {
      APSP_CUDA_CHECK(cudaSetDevice(device));
      part.staging = cuda::DeviceMatrix();
      part.staging = cuda::DeviceMatrix(1, static_cast<int>(count), sizeof(std::int32_t), "gathered view tiles");
    }
    APSP_CUDA_CHECK(cudaSetDevice(b.device));
    auto bs = static_cast<cudaStream_t>(b.stream);
    // The staging buffer may still be read by the previous merge.
    if (d.merged_recorded) APSP_CUDA_CHECK(cudaStreamWaitEvent(bs, d.merged.get(), 0));
    d.band_tiles_async(part, b, storage, g);
    APSP_CUDA_CHECK(cudaMemcpyPeerAsync(part.staging.data(), device, part.tiles.data(), b.device,
                                        count * sizeof(std::int32_t), bs));
    APSP_CUDA_CHECK(cudaEventRecord(part.copied.get(), bs));
  }
  APSP_CUDA_CHECK(cudaSetDevice(device));
  for (const Impl::Part& part : d.parts)
    if (part.rows.second > part.rows.first) APSP_CUDA_CHECK(cudaStreamWaitEvent(s, part.copied.get(), 0));
  if (after_wait) APSP_CUDA_CHECK(cudaEventRecord(static_cast<cudaEvent_t>(after_wait), s));
  cuda::fill_int32_async(dst, g.texels(), INT_MAX, s);
  for (const Impl::Part& part : d.parts) {
    if (part.rows.second <= part.rows.first) continue;
    cuda::min_into_async(dst + static_cast<std::size_t>(part.rows.first) * static_cast<std::size_t>(g.cols),
                         static_cast<const std::int32_t*>(part.staging.data()), texel_count(part.rows, g), s);
  }
  APSP_CUDA_CHECK(cudaEventRecord(d.merged.get(), s));
  d.merged_recorded = true;
}

}  // namespace apsp
