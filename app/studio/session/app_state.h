#pragma once
// UI-side state the panels read and edit. The solver's own state arrives as a SessionSnapshot each frame.
#include <apsp/solve/device_info.h>
#include <apsp/solve/registry.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "session/solver_session.h"

namespace apsp::studio {

struct ViewState {
  float origin_x = 0;  ///< texel coordinate at the canvas's top-left pixel
  float origin_y = 0;
  float texels_per_px = 1;
  bool fit_pending = true;
  bool auto_fit = true;  ///< keep fitting as the window resizes, until the user zooms or pans
  bool overlays = true;
  bool grid = true;
  bool fixed_range = false;  ///< colours keep the range they had when fixed (compare rounds)
  std::string colormap = "viridis";
  double improved_since = -1;  ///< time the last view with improved cells arrived
  float improved_flash_s = 1.0f;
};

struct PlaybackState {
  bool playing = false;
  float rounds_per_second = 4;
  double accumulator = 0;  ///< rounds owed to the play clock
};

struct GraphPanelState {
  int model_index = 0;
  std::map<std::string, std::map<std::string, std::string>> params;  ///< model -> key -> edited value
  std::string open_path;
  std::string save_path = "graph.bin";
};

struct ExportState {
  std::string heatmap_path = "heatmap.png";
  std::string timings_path = "timings.csv";
  std::string distances_path = "distances.npy";
  std::string screenshot_path;  ///< empty: the next free apsp-studio-NNNN.png
  std::string last_written;
};

/// @brief The CUDA devices, for the device panel and the "% of peak" column.
struct DeviceState {
  std::vector<DeviceInfo> devices;
  std::string unavailable_reason;  ///< why there is none ("built without CUDA", "no CUDA device: ...")
  int count = 0;                   ///< cuda_device_count(): the GPU-count control's upper limit
};

/// @brief Tooltip value of the hovered texel: the heatmap panel asks, the frame loop answers (the device
/// path reads it back asynchronously, so it may arrive a frame later).
struct HoverProbe {
  std::optional<std::size_t> request;  ///< texel index the panel hovers this frame
  std::optional<std::int32_t> value;   ///< its value, when known
  std::size_t value_index = 0;
};

struct AppState;
/// @brief GPUs the heatmap's band tint and the per-GPU plots show: the active solver's, or --synthetic-gpus.
int shown_gpus(const AppState& state);
/// @brief The samples the plots show: the session's, or the synthetic ones.
const std::vector<PhaseSample>& plot_samples(const AppState& state);

struct AppState {
  SessionSnapshot session;
  std::vector<BackendInfo> backends;
  SolverConfig edit_config;  ///< what the solver panel shows before "Apply"
  ViewState view;
  PlaybackState playback;
  GraphPanelState graph_panel;
  ExportState exports;
  std::string platform_description;
  std::string heatmap_path;         ///< "CUDA-GL interop" or "host upload"
  std::string heatmap_path_reason;  ///< why that path
  DeviceState device;
  HoverProbe hover;
  /// Test hook (--synthetic-gpus N): the band tint and the per-GPU plots show N GPUs, the plots from samples
  /// made up from the real ones (plot_samples); exports keep the real samples.
  int synthetic_gpus = 0;
  std::vector<PhaseSample> synthetic_samples;
  float ui_scale = 1;
  double time_s = 0;
  float fps = 0;
};

inline int shown_gpus(const AppState& state) {
  return state.synthetic_gpus > 1 ? state.synthetic_gpus : std::max(1, state.session.config.gpus);
}

inline const std::vector<PhaseSample>& plot_samples(const AppState& state) {
  return state.synthetic_gpus > 1 ? state.synthetic_samples : state.session.samples;
}

}  // namespace apsp::studio
