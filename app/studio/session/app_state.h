#pragma once
// UI-side state. The solver's own state arrives as a SessionSnapshot each frame.
//
// Who writes what (one rule, everywhere): panels read AppState and write only AppState::edits, their own
// widget state (text fields, the generator's parameters, the solver choice before "Apply", zoom and pan).
// Anything else a panel wants changed (a job, a setting, a file, playing) it asks for with a Command; the App's
// CommandRouter carries it out after the UI pass. Keys, dropped files and scripted flags go through the same
// Commands. The rest of AppState is written by the App alone (the router, and the frame's update from the session).
#include <apsp/device/device_info.h>
#include <apsp/solve/registry.h>
#include <apsp/solve/sparse_registry.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "session/classroom_state.h"
#include "session/predict_state.h"
#include "session/graph_edit_state.h"
#include "session/lesson_state.h"
#include "session/run_history.h"
#include "session/solver_session.h"
#include "session/synthetic_gpus.h"

namespace apsp::studio {

/// @brief Zoom and pan of the heatmap panel.
struct HeatmapNavigation {
  float origin_x = 0;  ///< texel coordinate at the canvas's top-left pixel
  float origin_y = 0;
  float texels_per_px = 1;
  bool fit_pending = true;
  bool auto_fit = true;  ///< keep fitting as the window resizes, until the user zooms or pans
  float drawn_cell_px = 0;    ///< the last frame's cell side on screen, UI units (--stats-json "layout")
  float drawn_number_px = 0;  ///< the type of the distances it printed in the cells; 0: none printed
};

struct ViewState {
  bool overlays = true;
  bool grid = true;
  /// "fix colours": the lesson's range where the session knows one (classroom sizes), else the range shown when
  /// it was switched on; off, each step's own range. Which one a view uses is its ViewFrame::range_source.
  bool fixed_range = true;
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

/// @brief The export panel's file names.
struct ExportPaths {
  std::string heatmap_path = "heatmap.png";
  std::string timings_path = "timings.csv";
  std::string distances_path = "distances.npy";
  std::string trace_path = "trace.json";  ///< the timeline (Chrome trace / Perfetto JSON)
  // Slides
  std::string frames_dir = "slides";
  std::string gif_path = "slides.gif";
  int slide_granularity = 1;  ///< 0 k, 1 phase, 2 round
  // Handouts (the slides' granularity): .tex, .pdf, or a folder of SVGs
  std::string handout_path = "handout.pdf";
};

/// @brief The History panel's picks: the two runs it compares (ids; "" for none).
struct HistoryPanelState {
  std::string a_id;               ///< "" until picked: the baseline
  std::string b_id;
  bool b_follows_newest = true;   ///< B is the newest run until the user picks one
  int reveal_frames = 0;          ///< frames left to open the panel and scroll to it (--compare)
};

/// @brief What the panels edit in place (see the rule at the top of this file).
struct PanelEdits {
  GraphPanelState graph;
  SolverConfig solver;  ///< what the solver panel shows before "Apply"
  ExportPaths exports;
  HeatmapNavigation view;
  HistoryPanelState history;  ///< the History panel's picks
  PredictEdits predict;       ///< predict mode's typed value and results file (session/predict_state.h)
};

/// @brief The CUDA devices, for the device panel and the "% of peak" column.
struct DeviceState {
  std::vector<DeviceInfo> devices;
  std::string unavailable_reason;  ///< why there is none ("built without CUDA ...", "no CUDA-capable GPU found")
  int count = 0;                   ///< cuda_device_count(): the GPU-count control's upper limit
};

struct AppState;
/// @brief GPUs the heatmap's band tint and the per-GPU plots show: the active solver's, or --synthetic-gpus.
int shown_gpus(const AppState& state);
/// @brief The samples the plots show: the session's, or the synthetic ones.
const std::vector<PhaseSample>& plot_samples(const AppState& state);

struct AppState {
  SessionSnapshot session;
  std::vector<BackendInfo> backends;
  std::vector<SparseBackendInfo> sparse_backends;  ///< shown after the dense ones, marked "sparse"
  PanelEdits edits;
  ViewState view;
  PlaybackState playback;
  std::string last_written;  ///< the last file an export wrote
  std::string platform_description;
  std::string heatmap_path;         ///< "CUDA-GL interop" or "host upload"
  std::string heatmap_path_reason;  ///< why that path
  DeviceState device;
  ClassroomState classroom;  ///< selection, relaxation, paths, presentation (session/classroom_state.h)
  RunHistoryState history;  ///< recorded runs and the baseline (session/run_history.h)
  PredictState predict;     ///< predict mode: the open question and its marks (session/predict_state.h)
  GraphEditState graph_edit;  ///< graph editing: the edit mode and the edits (session/graph_edit_state.h)
  LessonState lesson;  ///< the lesson file open, its stop and the stop's questions (session/lesson_state.h)
  SyntheticGpus synthetic;  ///< test hook (session/synthetic_gpus.h); shown_gpus() and plot_samples() consult it
  float ui_scale = 1;
  double time_s = 0;
  float fps = 0;
};

inline int shown_gpus(const AppState& state) {
  return state.synthetic.active() ? state.synthetic.gpus() : std::max(1, state.session.config.gpus);
}

inline const std::vector<PhaseSample>& plot_samples(const AppState& state) {
  return state.synthetic.active() ? state.synthetic.samples() : state.session.samples;
}

}  // namespace apsp::studio
