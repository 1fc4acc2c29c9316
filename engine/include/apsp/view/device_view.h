#pragma once
/// @file device_view.h
/// @brief Heatmap codes computed on the GPU, straight from a solver's device matrix into a CUDA surface (the
/// studio binds it to its GL_R16UI texture), with no host round trip of the matrix or the tiles.
///
/// Host-only header: no cuda_runtime.h. Surfaces are `unsigned long long` (cudaSurfaceObject_t) and streams
/// `void*` (cudaStream_t). Builds without CUDA get a stub whose constructor throws UnavailableError.
///
/// The encoder reads the solver's Solver::Storage: a matrix on one GPU directly; a matrix spread over several
/// GPUs by having each GPU reduce its own rows and gathering only the tiles onto this encoder's device
/// (DeviceTileMinima, apsp/solve/tile_minima.h).
///
/// Two stages, so that the solver's stream never waits for graphics and graphics never waits for the solver:
///  1. reduce_async() on the solver's stream, right after a step: tile minima (view_tile_min_async), normalized
///     as Solver::view_tiles() does, and the finite range by a device reduction, copied back to pinned memory.
///  2. encode_async() on the caller's stream once ready() (an event query, never a wait): codes with exactly
///     encode_value()'s integer formula and the improved bit, written into the surface; the tiles then become
///     the "previous" ones for the next improved bit.
/// Where the solver keeps the view's tile minima current itself (Solver::track_view, which reduce_async() asks
/// for: cuda-tuned's kernels fold the cells they write), stage 1 copies those instead of reading the matrix.
/// The stages alternate: reduce_async() orders itself after the last encode on the GPU, and the caller must
/// not call it while another thread is inside encode_async() (the studio's session hands the encoder over).
#include <apsp/solve/range_policy.h>
#include <apsp/solve/solver.h>
#include <apsp/view/view.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

namespace apsp {

/// @brief GPU times of one completed view update.
struct DeviceViewTimes {
  double reduce_ms = 0;  ///< tile minima + range reduction + range copy, on the solver's stream
  double encode_ms = 0;  ///< codes into the surface + improved count, on the caller's stream
};

class DeviceViewEncoder {
 public:
  /// @brief True when the engine was built with CUDA (the constructor may still fail without a device).
  static bool compiled();

  /// @brief The CUDA device an encoder for @p solver must live on: the one holding its device matrix, or, for
  /// a matrix spread over several GPUs, the one its view tiles are gathered onto; -1 for CPU variants.
  static int device_for(const Solver& solver) {
    const Solver::Storage s = solver.storage();
    return s.on_device() ? s.bands.front().device : -1;
  }

  /// @param device CUDA device ordinal that holds the matrices this encoder will read.
  /// @throws UnavailableError without CUDA.
  explicit DeviceViewEncoder(int device);
  ~DeviceViewEncoder();
  DeviceViewEncoder(DeviceViewEncoder&&) noexcept;
  DeviceViewEncoder& operator=(DeviceViewEncoder&&) noexcept;
  DeviceViewEncoder(const DeviceViewEncoder&) = delete;
  DeviceViewEncoder& operator=(const DeviceViewEncoder&) = delete;

  /// @brief Enqueues stage 1 for @p geometry from wherever @p solver keeps its matrix (this encoder must be on
  /// device_for(solver)): on one GPU, on the solver's stream; spread over several GPUs, every GPU reduces its
  /// own rows after its queued steps and only the tiles travel here, then normalization and range on the
  /// encoder's own stream (the reduce time excludes waiting for the solver's GPUs). Values >= policy.inf or >=
  /// policy.unreachable_from become kInf32 (as Solver::view_tiles does). With @p fixed the range is that one
  /// instead of the tiles' own. Reallocates (synchronizing) only when the geometry's size changes.
  /// @throws UsageError when the solver keeps no device matrix or the view is empty.
  void reduce_async(Solver& solver, const ViewGeometry& geometry, std::optional<ValueRange> fixed);
  /// @brief Enqueues the tile minima of @p solver's matrix into the previous-tiles buffer, as reduce_async(), so
  /// that the next encode marks what changed after this point (the state before a step). Same geometry as the
  /// next reduce. Does nothing for a solver without a device matrix on this encoder's device.
  void capture_previous_async(Solver& solver, const ViewGeometry& geometry);

  /// @brief Whether reduce_async() and capture_previous_async() ask the solver to keep the view's minima current
  /// as its kernels write (Solver::track_view; on by default): then a reduce copies rows x cols values instead of
  /// reading the matrix. Off: the solver is not asked (one it was already asked keeps them until told to stop).
  void set_live_minima(bool on);

  /// @brief Whether the last reduce_async() has finished on the GPU (cudaEventQuery: never waits).
  bool ready() const;
  /// @brief Waits for the last reduce (batch runs only: the GUI polls ready()).
  void wait_ready() const;
  /// @brief The range the codes of the last reduce are encoded with; valid once ready().
  ValueRange range() const;
  const ViewGeometry& geometry() const;

  /// @brief Enqueues stage 2 on @p stream: codes into @p surface (a rows x cols array of 16-bit texels),
  /// kViewImprovedBit where a tile dropped below the previous tiles when @p mark_improved. The tiles then
  /// become the previous ones. Call once ready().
  void encode_async(unsigned long long surface, bool mark_improved, void* stream);
  /// @brief Once the last encode finished (event query, no wait): the improved texel count and the GPU times
  /// of that update. nullopt while it is still running or when nothing was encoded since the last call.
  std::optional<std::pair<std::size_t, DeviceViewTimes>> poll_encoded();

  /// @brief Enqueues a copy of one displayed (last encoded) tile value, for tooltips, on @p stream.
  void request_texel_async(std::size_t index, void* stream);
  /// @brief The value requested last, once its copy finished (never waits): {index, value}.
  std::optional<std::pair<std::size_t, std::int32_t>> texel();

 private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

}  // namespace apsp
