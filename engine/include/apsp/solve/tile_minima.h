#pragma once
/// @file tile_minima.h
/// @brief Tile minima of a solver's matrix wherever it is stored (Solver::Storage): on the host, on one GPU,
/// or in bands over several GPUs. Raw minima: int32-widened, INT32_MAX where a texel has no cell, no range
/// policy applied (Solver::view_tiles and DeviceViewEncoder normalize them).
///
/// Host-only header: streams and events are `void*` (cudaStream_t, cudaEvent_t). Builds without CUDA get a
/// DeviceTileMinima whose members throw UnavailableError (no storage is ever on a device there).
#include <apsp/core/view_geometry.h>
#include <apsp/solve/solver.h>

#include <cstdint>
#include <memory>

namespace apsp {

/// @brief Tile minima of host storage (one band) into @p tiles (geometry.texels() values), on @p threads
/// OpenMP threads (0: all).
void host_tile_minima(const Solver::Storage& storage, const ViewGeometry& geometry, int threads,
                      std::int32_t* tiles);

/// @brief Tile minima of device storage: every GPU reduces the texel rows that meet its band's rows, on the
/// band's stream, and only those tiles travel. Keeps its device buffers between calls (one instance per
/// consumer; not thread-safe).
class DeviceTileMinima {
 public:
  DeviceTileMinima();
  ~DeviceTileMinima();
  DeviceTileMinima(const DeviceTileMinima&) = delete;
  DeviceTileMinima& operator=(const DeviceTileMinima&) = delete;

  /// @brief Enqueues each band's tiles and their copy to host memory on the band's stream (from
  /// Solver::storage_for_reads_async()). Valid in @p tiles only after those streams finished and
  /// finish_to_host() ran.
  void to_host_async(const Solver::Storage& storage, const ViewGeometry& geometry, std::int32_t* tiles);
  /// @brief Merges the bands' copies into @p tiles (the same pointer); call once the band streams finished.
  void finish_to_host(const ViewGeometry& geometry, std::int32_t* tiles);

  /// @brief Enqueues the tiles into @p dst (geometry.texels() int32 on CUDA device @p device), ordered on
  /// @p stream (a cudaStream_t of that device): each band reduces on its stream (from
  /// Solver::storage_for_reads_async()) and copies its rows to a staging buffer on @p device; @p stream waits
  /// for those copies and merges them. @p after_wait, when not null, is a cudaEvent_t recorded on @p stream
  /// once it has waited for the bands (what follows is the gather's own work). Nothing waits on the host.
  void gather_async(const Solver::Storage& storage, const ViewGeometry& geometry, int device, std::int32_t* dst,
                    void* stream, void* after_wait);

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace apsp
