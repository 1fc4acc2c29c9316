#pragma once
#include <apsp/bench/sweep.h>

#include <iosfwd>
#include <optional>
#include <string>
#include <utility>

namespace apsp::studio {

/// @brief Flags that exist for the tests (session/synthetic_gpus.h says what each does).
struct TestHooks {
  int synthetic_gpus = 0;       ///< --synthetic-gpus N: band tint and per-GPU plots from made-up samples
  std::string gui_open;         ///< --gui-open FILE: open through the GUI's command path
  bool gui_screenshot = false;  ///< --gui-screenshot: what the button and F12 do
  int frames = 0;               ///< --frames N: close the window after N frames (tests of the GUI path)
};

/// @brief Classroom: graph view and slides.
struct ClassroomFlags {
  std::optional<bool> graph_view;     ///< --graph-view on|off: the graph view beside the heatmap (n <= 100)
  std::string export_frames;          ///< --export-frames DIR: DIR/frame_0000.png ... from the current state to the end
  std::string granularity = "phase";  ///< --granularity k|phase|round: one slide per step of this size
  std::string gif;                    ///< --gif FILE: the same frames as an animated GIF
  std::optional<bool> show_pi;        ///< --show pi|d: the heatmap shows Π (the predecessor matrix) or D

  bool slides() const { return !export_frames.empty() || !gif.empty(); }
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
  std::optional<bool> fix_colours;      ///< --fix-colours on|off ("fix colours": the lesson's colour range)
  std::string timings_csv;              ///< --timings-csv FILE
  std::string distances;                ///< --distances FILE (.bin course binary, .npy, .csv)
  std::string stats_json;               ///< --stats-json FILE, written at quit
  std::string handout;                  ///< --handout FILE: the lesson's tables (.tex, .pdf, else SVG folder)
  // The run history.
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
  // Timeline, thread count and measure mode: figures one can trust.
  std::optional<int> threads;  ///< --threads N: CPU threads for CPU backends (0: all cores)
  std::string trace;           ///< --trace FILE.json: the samples as a Chrome trace / Perfetto timeline, at the end
  bool measure = false;        ///< --measure: after the run, time the configuration as apsp bench does
  int measure_repeat = 3;      ///< --measure=N: its timed runs (after 1 warm-up)
  std::string plots_tab;       ///< --plots-tab per-round|timeline: the plots' tab at start (screenshots)
  std::vector<std::string> compare;  ///< --compare A B: two runs of the history, compared in the History panel
  // Overlays and presentation: the heatmap export's scale, the projector layout.
  int heatmap_scale = 1;      ///< --heatmap-scale S: --heatmap-png with S x S pixels per cell (texel)
  bool heatmap_labels = false;  ///< --heatmap-labels: --heatmap-png with vertex numbers, values and colour bar
  bool presentation = false;  ///< --presentation: side panels hidden, heatmap (and graph view) fill the window
  float font_scale = 1;       ///< --font-scale F: every type size times F (ui/layout.h type_sizes)
  ClassroomFlags classroom;
  TestHooks test;

  // Sweep: the engine's sweep from a spec, its results CSV and charts (app/studio/README.md).
  std::optional<bench::SweepSpec> sweep;  ///< --sweep SPEC (apsp/bench/sweep_text.h), parsed and checked
  std::string sweep_csv;                  ///< --sweep-csv FILE: the results, apsp bench --csv's columns
  std::string sweep_chart;                ///< --sweep-chart FILE.png: the sweep's charts, one panel each
  // Hardware counters: the Counters tab's profile, scripted (app/studio/README.md).
  std::optional<std::string> counters;  ///< --counters ROUNDS: profile these rounds (LIST, every:N, all)
  std::string counters_csv;             ///< --counters-csv FILE: the profile as apsp profile --csv writes it
  // Classroom: inspector and time travel. Applied after the --advance flags, in this
  // order: --select, --back (rounds), --back-phases, --back-k.
  std::string select;        ///< --select I:J: the inspector's cell (0-based)
  int back_rounds = 0;       ///< --back N: back N round boundaries
  int back_phases = 0;       ///< --back-phases N: back N phase boundaries
  int back_k = 0;            ///< --back-k N: back N k-steps
  std::string explain_json;  ///< --explain-json FILE: the inspector's state at quit
  // Lesson files (apsp/teach/lesson_file.h): the lesson's graph, solver and view, opened at one of its stops.
  std::string lesson;              ///< --lesson FILE: open this lesson file
  std::optional<int> lesson_stop;  ///< --lesson-stop N: at stop N (0-based; default 0)
  // Quiz (docs/teaching.md "Quiz files"): played after the classroom flags, each question from its own cursor.
  std::string quiz;          ///< --quiz FILE: questions with answers, marked against the solver's own steps
  std::string quiz_results;  ///< --quiz-results FILE.json: the score and every question's marks
  // Predict mode (session/predict_state.h): the class answers a step's question before it is shown. Scripted
  // after the classroom flags: the question of the next step, the answer, then Reveal.
  bool predict = false;          ///< --predict: start in predict mode, the next step's question open
  std::string predict_step;      ///< --predict-step k|phase|round: the step asked about ("": phase; plain FW: k)
  std::string answer_cells;      ///< --answer-cells I:J,...: the cells marked as improving
  std::string answer_value;      ///< --answer-value V|inf: the value typed for a selected cell's question
  bool reveal = false;           ///< --reveal: then take the step and mark the answer
  std::string predict_results;   ///< --predict-results FILE: the questions revealed and the score, JSON, at quit
  // Graph editing (session/graph_edits.h): edits made to the loaded graph before any step, the graph saved.
  std::string edit;        ///< --edit "add-edge 0 3 -2; del-vertex 4": the edit language, one undo step each
  std::string save_graph;  ///< --save-graph FILE: the loaded graph, edited, in FILE's format (write_graph)
  bool edit_mode = false;  ///< --edit-mode: the graph view starts in its edit mode (key E)
  // Sparse solvers.
  std::string sources;  ///< --sources LIST|A:B|all: the rows of a sparse backend ("": all)

  /// @brief Batch run: no settings read or written, outputs then exit.
  bool scripted() const { return quit || headless; }
};

/// @brief "I:J" with two non-negative integers (--select); nullopt otherwise. Bounds against n come at load.
std::optional<std::pair<int, int>> parse_cell(const std::string& text);

/// @brief The round count of `--advance N` (0 .. limits::kMaxAdvanceSteps, the whole text a number), or nullopt;
/// "all" is the caller's to recognise.
std::optional<int> parse_advance_rounds(const std::string& text);

/// @brief Parses argv. Returns an exit code when the program should stop (0 after --help, 2 on bad usage,
/// with the message printed), nullopt to go on.
std::optional<int> parse_options(int argc, char** argv, StudioOptions& options);
/// @brief The same, printing the help and version to @p out and a usage error to @p err (tests, the fuzz target).
std::optional<int> parse_options(int argc, char** argv, StudioOptions& options, std::ostream& out, std::ostream& err);

}  // namespace apsp::studio
