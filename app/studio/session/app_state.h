#pragma once
// UI-side state the panels read and edit. The solver's own state arrives as a SessionSnapshot each frame.
#include <apsp/solve/registry.h>

#include <map>
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
  std::string last_written;
};

struct AppState {
  SessionSnapshot session;
  std::vector<BackendInfo> backends;
  SolverConfig edit_config;  ///< what the solver panel shows before "Apply"
  ViewState view;
  PlaybackState playback;
  GraphPanelState graph_panel;
  ExportState exports;
  std::string platform_description;
  float ui_scale = 1;
  double time_s = 0;
  float fps = 0;
};

}  // namespace apsp::studio
