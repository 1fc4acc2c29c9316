#pragma once
// What the studio starts with: for every launch setting, the command-line flag, else the saved setting, else the
// default; and what it saves for the next launch. Pure (no GL, no solver, no files): the caller gathers the
// inputs, tests feed made-up ones.
#include <apsp/solve/registry.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "options.h"
#include "session/app_state.h"
#include "session/settings.h"
#include "session/solver_session.h"

namespace apsp::studio {

/// A road-like grid: distances grow with the grid distance, so the heatmap shows clear structure that fills
/// in round by round. 16 x 32 = 512 vertices, 16 rounds at B = 32.
inline constexpr const char* kDemoGraph = "grid:rows=16,cols=32,seed=1,w=1:100";

/// @brief What this machine offers a launch: the solver variants and the CUDA devices.
struct LaunchMachine {
  std::vector<BackendInfo> backends;
  std::string default_backend;         ///< apsp::default_backend(): the fastest available variant
  int gpu_count = 0;                   ///< CUDA devices visible
  std::string gpu_unavailable_reason;  ///< why there is none ("built without CUDA ...", "no CUDA-capable GPU found")
  unsigned cpu_cores = 0;              ///< std::thread::hardware_concurrency()
};

/// @brief Every launch setting, resolved. Batch runs (--quit, --headless) ignore the saved settings, so the
/// same flags always give the same files.
struct LaunchPlan {
  bool batch = false;  ///< no settings read or written, outputs then exit
  SolverConfig config;
  GraphSource graph;
  /// The graph was named on the command line (or this is a batch run): a failed load is an exit status;
  /// otherwise a saved graph that no longer loads is replaced by the demo.
  bool graph_failure_is_fatal = false;
  int cpu_threads = 0;  ///< for CPU backends; 0: all cores
  std::string colormap;
  bool overlays = true;
  bool grid = true;
  float rounds_per_second = 4;
  int window_width = 0;  ///< 0: 1280x800 times the content scale
  int window_height = 0;
  std::vector<std::string> warnings;       ///< saved settings this machine cannot honour, for the log
  std::string gpu_control;                 ///< the GPU-count control's state, for the log
  std::optional<std::string> usage_error;  ///< --gpus this machine cannot honour: exit 2 with this line
};

/// @brief Resolves @p options against @p saved (ignored by batch runs) and @p machine.
LaunchPlan resolve_launch(const StudioOptions& options, const Settings& saved, const LaunchMachine& machine);

/// @brief What the next interactive launch starts with: @p previous, updated with the graph, solver, view and
/// speed this run ends with, and the window's size (nullopt: headless, keep the previous one).
Settings settings_to_save(Settings previous, const AppState& state, std::optional<std::pair<int, int>> window);

}  // namespace apsp::studio
