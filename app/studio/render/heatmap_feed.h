#pragma once
// Gets each new view from the solver session into the heatmap texture by one of two paths, and says which:
//  - CUDA–GL interop: the solver is a CUDA variant and GL runs on the same NVIDIA GPU; the worker reduces the
//    device matrix on the GPU, this class encodes into the texture through render/interop (no host copy); the
//    two threads share the encoder through a DeviceViewChannel, which this class creates per CUDA device;
//  - host upload: everything else (CPU backend, software GL, other vendor, a failed registration, and every
//    sparse solver, cuda-dijkstra included: its S x n rows come back to the host as sources finish).
// Either way MinPyramid::build() then fills the upper levels on the GL thread. Also keeps the update timings.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "render/heatmap_texture.h"
#include "render/interop.h"
#include "render/min_pyramid.h"
#include "session/device_view_channel.h"
#include "session/log.h"
#include "session/solver_session.h"

namespace apsp::studio {

/// @brief One texture update, in milliseconds.
struct HeatmapUpdateTiming {
  double total_ms = 0;        ///< interop: reduce_gpu + encode_gpu + map_unmap; host: encode_host + upload
  double gpu_reduce_ms = 0;   ///< interop: tile minima + range on the solver's stream (CUDA events)
  double gpu_encode_ms = 0;   ///< interop: codes into the surface (CUDA events)
  double map_unmap_ms = 0;    ///< interop: host time from map to unmap, the encode's enqueue included
  double host_encode_ms = 0;  ///< host path: worker's read-back of the tiles, range and codes
  double upload_ms = 0;       ///< host path: glTexSubImage2D call
};

class HeatmapFeed {
 public:
  HeatmapFeed(Log& log, SolverSession& session);
  ~HeatmapFeed();
  HeatmapFeed(const HeatmapFeed&) = delete;
  HeatmapFeed& operator=(const HeatmapFeed&) = delete;

  /// @brief Once per frame on the GL thread, with the GL context current. @p wait (batch runs): wait for a
  /// device reduction in flight instead of showing it next frame. Returns true when the texture changed.
  bool update(const SessionSnapshot& snapshot, HeatmapTexture& texture, const MinPyramid& pyramid, bool wait);

  /// @brief The view the texture shows now (device path: with the range read back), or null.
  std::shared_ptr<const ViewFrame> shown() const { return m_shown; }
  /// @brief "CUDA-GL interop" or "host upload", and why.
  const std::string& path() const { return m_path; }
  const std::string& reason() const { return m_reason; }
  bool interop_active() const { return m_path == kInteropPath; }

  /// @brief Tooltip value of texel @p index of the shown view: at once on the host path, on the device path
  /// once an asynchronous 4-byte copy arrived (the next frame). nullopt while it is on its way.
  std::optional<std::int32_t> texel_value(std::size_t index);

  const std::vector<HeatmapUpdateTiming>& timings() const { return m_timings; }
  /// @brief Device path: an encode whose results (improved count, GPU times) are not back yet.
  bool device_results_pending() const { return m_timing_pending; }

  static constexpr const char* kInteropPath = "CUDA-GL interop";
  static constexpr const char* kHostPath = "host upload";

 private:
  void choose_path(const SessionSnapshot& snapshot);
  void set_path(const char* path, const std::string& reason);
  void poll_device_results();
  bool update_from_host(const std::shared_ptr<const ViewFrame>& view, HeatmapTexture& texture,
                        const MinPyramid& pyramid);
  bool update_from_device(const ViewFrame& view, HeatmapTexture& texture, const MinPyramid& pyramid, bool wait);
  /// @brief Back to the host path for good after an interop failure.
  void drop_interop(const std::string& why);

  Log& m_log;
  SolverSession& m_session;
  std::string m_path;
  std::string m_reason;
  int m_probed_device = -2;  ///< CUDA device the interop was last decided for (-1: CPU solver)
  int m_probed_gpus = 0;     ///< and the solver's GPU count then (the path's reason names it)
  bool m_probed_sparse = false;  ///< and whether it was a sparse solver (its rows are on the host: host upload)
  std::unique_ptr<HeatmapInterop> m_interop;
  std::shared_ptr<DeviceViewChannel> m_channel;
  std::shared_ptr<const ViewFrame> m_shown;
  std::uint64_t m_shown_serial = 0;
  std::vector<HeatmapUpdateTiming> m_timings;
  HeatmapUpdateTiming m_pending_timing;  ///< interop update whose GPU times are not back yet
  bool m_timing_pending = false;
  std::size_t m_improved_pending_serial = 0;
};

}  // namespace apsp::studio
