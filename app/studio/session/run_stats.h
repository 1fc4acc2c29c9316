#pragma once
// The app's own statistics (--stats-json FILE, written at quit): frame times, heatmap update times, solve times
// with the view on and off, and what they were measured on. Fields are documented in app/studio/README.md.
#include <optional>
#include <apsp/report/export_context.h>

#include <string>
#include <vector>

#include "session/solver_session.h"

namespace apsp::studio {

/// @brief count, median, p95 (nearest rank), max and mean of a set of milliseconds.
struct Summary {
  std::size_t count = 0;
  double median = 0;
  double p95 = 0;
  double max = 0;
  double mean = 0;
};
Summary summarize(std::vector<double> values);

/// @brief A fixed window's place and whether its contents reach past its edges (ui/window_fit.h).
struct WindowFit {
  std::string name;
  float x = 0, y = 0, w = 0, h = 0;             ///< UI units
  float content_right = 0, content_bottom = 0;  ///< far corner of its items
  bool clipped = false;
  float font_px = 0;     ///< the type it was drawn in
  bool scrolls = false;  ///< a scrolling window: contents past its edges are reached by scrolling, not clipped
};

/// @brief The type and cell sizes the last frame drew with (ui/layout.h).
struct LayoutType {
  bool presentation = false;
  float ui_scale = 1;
  float font_scale = 1;
  float text_px = 0;         ///< the type of the panels shown (heatmap, graph view, pseudocode)
  float title_px = 0;        ///< the heatmap's title line
  float cell_px = 0;         ///< the smaller side of a heatmap cell on screen (0: no matrix)
  float cell_number_px = 0;  ///< the type of the distances printed in the cells (0: none printed)
};

/// @brief --counters: how the scripted hardware-counter profile ended.
struct CountersStats {
  std::string status;  ///< "ok", "unavailable" (no GPU, no CUPTI, no permission) or "error"
  std::string reason;  ///< why not, for the other two
  std::string rounds;  ///< the selection asked for
  std::string backend;
  int phases = 0;      ///< (round, phase) entries with counters
  int passes = 0;      ///< replays per phase
};

struct RunStats {
  ExportContext context;  ///< version, run id, n, dtype, threads, GPUs, graph, device
  std::string path;  ///< heatmap path: "CUDA-GL interop" or "host upload"
  std::string path_reason;
  std::string backend;
  int block = 0;
  std::string dtype;
  int n = 0;
  int rounds = 0;
  std::string device;       ///< GPU name, or "cpu"
  std::string gl_renderer;  ///< the platform line (window or EGL device, GL renderer)
  int view_rows = 0;
  int view_cols = 0;
  std::vector<double> frame_ms;       ///< frame-to-frame intervals while playing or solving
  std::vector<double> frame_work_ms;  ///< the same frames' own work (input to present, no vsync wait)
  std::size_t frames_rendered = 0;    ///< every frame of the run
  std::size_t idle_frames = 0;        ///< frames begun while not playing or solving
  double idle_seconds = 0;            ///< the time those idle frames span
  std::vector<double> update_ms;      ///< per texture update: total
  std::vector<double> update_gpu_reduce_ms;
  std::vector<double> update_gpu_encode_ms;
  std::vector<double> update_map_unmap_ms;
  std::vector<double> update_host_encode_ms;
  std::vector<double> update_upload_ms;
  std::optional<double> solve_first_ms;     ///< the run itself (--run-to-end / Run to end / --play), view on
  std::optional<double> solve_view_on_ms;   ///< --stats-view-off: median of the repeats with the view on
  std::optional<double> solve_view_off_ms;  ///< --stats-view-off: median of the repeats with view updates off
  std::vector<double> solve_view_on_runs_ms;
  std::vector<double> solve_view_off_runs_ms;
  double solve_last_run_to_end_ms = 0;  ///< the session's last complete run to the end (0: none)
  RunToEndTimes solve_last_run;         ///< that run's rounds and device-side times
  /// --measure / the Measure button: the configuration timed as apsp bench times it
  std::optional<MeasureRecord> measure;
  std::optional<CountersStats> counters;  ///< --counters only
  /// A sparse solver's run ("sparse" in the JSON; null for Floyd–Warshall): its rows and batches.
  std::optional<SparseSnapshot> sparse;
  nlohmann::json quiz;  ///< predict mode (session/predict_state.h quiz_stats_json); null: never switched on
  float display_w = 0, display_h = 0;  ///< the UI's size, UI units (the last frame)
  std::vector<WindowFit> windows;      ///< the last frame's windows whose fit is checked
  LayoutType layout_type;
};

/// @brief Writes @p stats as JSON through a temporary file renamed into place.
void write_stats_json(const std::string& path, const RunStats& stats);

}  // namespace apsp::studio
