#pragma once
#include <optional>
#include <string>

namespace apsp::studio {

/// @brief Flags that exist for the tests (session/synthetic_gpus.h says what each does).
struct TestHooks {
  int synthetic_gpus = 0;       ///< --synthetic-gpus N: band tint and per-GPU plots from made-up samples
  std::string gui_open;         ///< --gui-open FILE: open through the GUI's command path
  bool gui_screenshot = false;  ///< --gui-screenshot: what the button and F12 do
  int frames = 0;               ///< --frames N: close the window after N frames (tests of the GUI path)
};

/// @brief Command-line options. The scripted flags are exact: tests and batch work rely on them.
struct StudioOptions {
  std::string graph_file;               ///< positional GRAPH
  std::string gen_spec;                 ///< --gen
  std::string backend;                  ///< --backend
  std::optional<int> block;             ///< --block
  std::optional<std::string> dtype;     ///< --dtype i32|i16
  std::optional<int> gpus;              ///< --gpus N: GPUs for multi-GPU backends (cuda-tuned)
  std::string advance;                  ///< --advance ROUNDS|all ("" = none)
  int advance_phases = 0;               ///< --advance-phases N: extra phase steps after --advance
  int advance_k = 0;                    ///< --advance-k N: then N single k-steps
  std::string screenshot;               ///< --screenshot FILE.png
  std::string heatmap_png;              ///< --heatmap-png FILE.png
  std::optional<std::string> colormap;  ///< --colormap NAME
  std::optional<bool> overlays;         ///< --overlays on|off
  std::string timings_csv;              ///< --timings-csv FILE
  std::string distances;                ///< --distances FILE (.bin course binary, .npy, .csv)
  std::string stats_json;               ///< --stats-json FILE, written at quit
  // Issue 11 item 3: the run history.
  bool no_history = false;              ///< --no-history: finished runs are not appended to the runs file
  bool stats_view_off = false;          ///< --stats-view-off: re-solve with the view off, then on, for the stats
  bool run_to_end = false;              ///< --run-to-end: press "Run to end" once the window is up
  bool quit = false;                    ///< --quit
  bool headless = false;                ///< --headless (EGL, no display; implies --quit)
  int width = 0;                        ///< --size WxH
  int height = 0;
  float scale = 0;              ///< --scale: UI scale instead of the monitor's
  std::string log_file;         ///< --log-file FILE: the log panel's lines, written at exit
  bool verbose = false;         ///< --verbose: echo the log on stderr
  int view_budget = 4096;       ///< --view-budget N: heatmap texture side limit
  bool play = false;            ///< --play: start playing at launch
  float rounds_per_second = 0;  ///< --rps: playback speed (0: the saved one)
  TestHooks test;

  /// @brief Batch run: no settings read or written, outputs then exit.
  bool scripted() const { return quit || headless; }
};

/// @brief Parses argv. Returns an exit code when the program should stop (0 after --help, 2 on bad usage,
/// with the message printed), nullopt to go on.
std::optional<int> parse_options(int argc, char** argv, StudioOptions& options);

}  // namespace apsp::studio
