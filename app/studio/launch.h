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

/// @brief The demo, opened when a launch names no graph and remembers none: the textbook's 4 vertices with negative
/// edges in 2 x 2 blocks of 2 (its own block). Its cells are large enough for their numbers even in a 1280 x 720
/// window, which an 8-vertex matrix is not in the normal layout.
inline constexpr const char* kDemoGraph = "classroom:textbook4";

/// @brief The demo's backend unless --backend names one: its blocks of 2 are below every CUDA variant's smallest
/// block (cuda-tuned's is 32, which would make the whole matrix one pivot block and the lesson a single round),
/// and 4 vertices take microseconds on one core.
inline constexpr const char* kDemoBackend = "cpu-blocked";

/// @brief Where a launch stands once its graph is loaded: the steps taken (--advance, --advance-phases,
/// --advance-k, in that order) and the cell the inspector explains (--select).
struct LaunchSteps {
  std::string advance;  ///< rounds or "all"; empty: none
  int advance_phases = 0;
  int advance_k = 0;
  std::string select;  ///< "I:J"; empty: none
  bool operator==(const LaunchSteps&) const = default;
};

/// @brief The demo opens mid-lesson: round 0 done (of 2), its pivot block, row and column panels and independent
/// blocks marked; cell (3, 0) selected, so the inspector shows the relaxation of phase 2 that made it reachable,
/// d[3][0] = min(INF, d[3][1] + d[1][0]) = min(INF, -1 + 4) = 3, both source cells ringed. A cell whose change
/// came from the step's last k, so the inspector's one k is the one that counted.
inline const LaunchSteps kDemoSteps{"1", 0, 0, "3:0"};

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
  /// The flags' steps and selection; with none given, the demo's own (kDemoSteps) when the graph is the demo.
  LaunchSteps steps;
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
