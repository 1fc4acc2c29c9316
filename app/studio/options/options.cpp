#include "options.h"

#include <apsp/bench/ladder.h>
#include <apsp/bench/sweep_text.h>
#include <apsp/core/errors.h>
#include <apsp/core/option_limits.h>
#include <apsp/core/version.h>
#include <apsp/report/counters.h>
#include <apsp/graph/sources.h>
#include <apsp/io/output_paths.h>

#include "session/graph_edits.h"

#include <CLI/CLI.hpp>
#include <finite_range.h>
#include <thread_count_check.h>
#include <cstdio>
#include <iostream>

namespace apsp::studio {

std::optional<std::pair<int, int>> parse_cell(const std::string& text) {
  int i = -1, j = -1, used = 0;
  if (std::sscanf(text.c_str(), "%d:%d%n", &i, &j, &used) != 2 || used != static_cast<int>(text.size()) || i < 0 ||
      j < 0)
    return std::nullopt;
  return std::pair{i, j};
}

std::optional<int> parse_advance_rounds(const std::string& text) {
  std::size_t used = 0;
  int rounds = -1;
  try {
    rounds = std::stoi(text, &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  if (rounds < 0 || rounds > limits::kMaxAdvanceSteps || used != text.size()) return std::nullopt;
  return rounds;
}

std::optional<int> parse_options(int argc, char** argv, StudioOptions& options) {
  return parse_options(argc, argv, options, std::cout, std::cerr);
}

std::optional<int> parse_options(int argc, char** argv, StudioOptions& o, std::ostream& out, std::ostream& err) {
  CLI::App app{
      "APSP Studio: watch the blocked Floyd-Warshall algorithm solve all-pairs shortest paths, round by "
      "round, and profile it.",
      "apsp-studio"};
  app.set_version_flag("--version", version_line("apsp-studio"), "Print the version and exit");
  app.add_option("GRAPH", o.graph_file, "graph file (.bin course binary, .gr DIMACS, .mtx, .txt/.el/.csv edge list)");
  app.add_option("--gen", o.gen_spec, "generate a graph, e.g. er:n=256,p=0.05,seed=1,w=1:100 (same spec as apsp gen)");
  app.add_option("--backend", o.backend, "solver variant (cpu-blocked, cpu-naive, cuda-...)");
  app.add_option("--block", o.block, "block size B")->check(CLI::Range(limits::kMinBlock, limits::kMaxBlock));
  app.add_option("--dtype", o.dtype, "distance type")->check(CLI::IsMember({"i32", "i16"}));
  app.add_option("--gpus", o.gpus, "GPUs for multi-GPU backends (cuda-tuned), 1 to the number visible")
      ->check(CLI::Range(1, limits::kMaxGpus));
  app.add_option("--advance", o.advance,
                 "run ROUNDS rounds (0 .. " + std::to_string(limits::kMaxAdvanceSteps) +
                     ", or all) after loading, before writing outputs");
  app.add_option("--advance-phases", o.advance_phases, "then N more phase steps (e.g. 1 stops before phase 2)")
      ->check(CLI::Range(0, limits::kMaxAdvanceSteps));
  app.add_option("--advance-k", o.advance_k, "then N single k-steps (one intermediate vertex each)")
      ->check(CLI::Range(0, limits::kMaxAdvanceSteps));
  // Classroom: inspector and time travel.
  app.add_option("--select", o.select, "select cell I:J (0-based) for the inspector and its paths");
  app.add_option("--back", o.back_rounds, "after the advances, go back N round boundaries (exact)")
      ->check(CLI::Range(0, limits::kMaxAdvanceSteps));
  app.add_option("--back-phases", o.back_phases, "then back N phase boundaries")
      ->check(CLI::Range(0, limits::kMaxAdvanceSteps));
  app.add_option("--back-k", o.back_k, "then back N k-steps")->check(CLI::Range(0, limits::kMaxAdvanceSteps));
  app.add_option("--explain-json", o.explain_json,
                 "write the inspector's state at quit as JSON (round, phase, k, i, j, d_ij_before, d_ik, d_kj, d_ij, "
                 "line, path, path_length)");
  // Lesson files.
  app.add_option("--lesson", o.lesson,
                 "open a lesson file (.lesson.json: graph, solver, colours, stops; docs/teaching.md) at its first stop");
  app.add_option("--lesson-stop", o.lesson_stop, "with --lesson: open at stop N (0-based) instead")
      ->check(CLI::Range(0, limits::kMaxAdvanceSteps));
  // Quiz: scripted answers marked against the run's own steps.
  app.add_option("--quiz", o.quiz,
                 "play the questions of quiz FILE (JSON, with answers) after the classroom flags, each from its own "
                 "step, and mark them");
  app.add_option("--quiz-results", o.quiz_results, "write the quiz's score and marks to FILE.json (needs --quiz)");
  app.add_option("--screenshot", o.screenshot, "write the whole window to FILE.png");
  app.add_option("--heatmap-png", o.heatmap_png,
                 "write the heatmap alone, one pixel per cell (tile minimum beyond 4096)");
  app.add_option("--colormap", o.colormap, "viridis (default), magma, turbo, gray")
      ->check(CLI::IsMember({"viridis", "magma", "turbo", "gray"}));
  std::string overlays;
  app.add_option("--overlays", overlays, "pivot / row-column / independent / improved overlays")
      ->check(CLI::IsMember({"on", "off"}));
  std::string fix_colours;
  app.add_option("--fix-colours", fix_colours,
                 "on (default): one colour range for the whole lesson (graphs up to 256 vertices; larger ones keep "
                 "each step's range); off: each step's own range")
      ->check(CLI::IsMember({"on", "off"}));
  app.add_option("--timings-csv", o.timings_csv, "write one row per (round, phase, device)");
  app.add_option("--distances", o.distances, "write the distances (.bin course binary, .npy or .csv)");
  app.add_option("--stats-json", o.stats_json, "write frame, heatmap-update and solve statistics to FILE at quit");
  app.add_option("--handout", o.handout,
                 "write the lesson's D and Pi tables after each k (plain Floyd-Warshall) or round: FILE.tex, FILE.pdf, "
                 "or a folder of SVGs (apsp handout; up to 16 vertices)");
  // The run history (app/studio/README.md "History").
  app.add_flag("--no-history", o.no_history, "do not append finished runs to the run history (also: APSP_HISTORY=off)");
  app.add_flag("--stats-view-off", o.stats_view_off,
               "after the run, solve again with the view off and once more with it on, to compare solve times");
  app.add_flag("--run-to-end", o.run_to_end,
               "press Run to end once the window is up (batch runs keep rendering frames until it finishes)");
  app.add_flag("--quit", o.quit, "exit after writing the outputs (0 ok, 2 bad input)");
  app.add_flag("--headless", o.headless, "render without a display through EGL (implies --quit)");
  std::string size;
  const std::string sides = std::to_string(limits::kMinWindowSide) + " .. " + std::to_string(limits::kMaxWindowSide);
  app.add_option("--size", size,
                 "window or offscreen size WxH in pixels, each " + sides + " (default 1280x800 times the UI scale)");
  app.add_option("--scale", o.scale, "UI scale (default: the monitor's content scale)")
      ->check(finite_range(limits::kMinUiScale, limits::kMaxUiScale, "FLOAT"));
  app.add_option("--gui-open", o.test.gui_open,
                 "after start-up, open FILE as the GUI's Open button does (errors go to the log)");
  app.add_flag("--gui-screenshot", o.test.gui_screenshot, "after start-up, take a screenshot as the button and F12 do");
  app.add_option("--log-file", o.log_file, "write the log panel's lines to FILE at exit");
  app.add_flag("--verbose", o.verbose, "echo the log on stderr");
  app.add_option("--view-budget", o.view_budget, "heatmap texture side limit (tile minimum beyond)")
      ->check(CLI::Range(limits::kMinViewBudget, limits::kMaxViewBudget));
  app.add_flag("--play", o.play, "start playing at launch");
  app.add_option("--rps", o.rounds_per_second, "playback speed in rounds per second")
      ->check(finite_range(limits::kMinRoundsPerSecond, limits::kMaxRoundsPerSecond, "FLOAT"));
  app.add_option("--frames", o.test.frames, "close the window after N frames, as if the user did (tests the GUI path)")
      ->check(CLI::Range(1, limits::kMaxFrames));
  app.add_option("--synthetic-gpus", o.test.synthetic_gpus,
                 "test hook: draw the GPU band tint and the per-GPU plots as if the solve ran on N GPUs, from "
                 "samples made up from the real ones (never exported)")
      ->check(CLI::Range(limits::kMinSyntheticGpus, limits::kMaxSyntheticGpus));
  // Sweep.
  std::string sweep;
  app.add_option(
      "--sweep", sweep,
      "run the engine's sweep, e.g. 'backend=cpu-blocked;block=8,16,32;n=256,512;repeat=3' (keys: backend, "
      "block, gpus, dtype, n, threads (lists), repeat, warmup, min_time, graph); batch runs wait for it, then "
      "write the outputs");
  app.add_option("--sweep-csv", o.sweep_csv, "write the sweep's results (apsp bench --csv's columns) to FILE");
  app.add_option("--sweep-chart", o.sweep_chart, "write the sweep's charts to FILE.png");
  // The optimization ladder: the Sweep window's Ladder preset from the command line.
  int ladder_n = 0;
  app.add_option("--ladder", ladder_n,
                 "run the optimization ladder (cuda-simple ... cuda-tuned in order, B = 64, i32) on a generated graph "
                 "of N vertices as a sweep: a bar per step, each replayable; --sweep-csv / --sweep-chart write it")
      ->check(CLI::Range(1, limits::kMaxVertices));
  // Hardware counters.
  std::string counters;
  app.add_option("--counters", counters,
                 "profile hardware counters of these rounds (LIST, every:N or all) with the active configuration on a "
                 "solver of its own, shown in the Counters tab; replays kernels: slow");
  app.add_option("--counters-csv", o.counters_csv, "write the --counters profile as CSV (apsp profile --csv's columns)");
  // Timeline, thread count and measure mode.
  app.add_option("--threads", o.threads, "CPU threads for CPU backends (0: one per core; at most 4 per core)")
      ->check(thread_count_check());
  app.add_option("--trace", o.trace,
                 "write the solve's timeline (Chrome trace / Perfetto JSON: every phase, copy and broadcast per "
                 "device and stream) to FILE at the end");
  CLI::Option* measure_flag =
      app.add_flag("--measure{3}", o.measure_repeat,
                   "after the run, time the configuration exactly as apsp bench does (1 warm-up + N timed runs, "
                   "--measure=N, default 3; no view updates); reported beside the interactive figure")
          ->type_name("");  // bounded after parsing: a check would print its range as the flag's type
  app.add_option("--compare", o.compare,
                 "open the History panel comparing runs A and B of the run history (ids, unique prefixes or 'last')")
      ->expected(2);
  app.add_option("--plots-tab", o.plots_tab, "the plots' tab to show at start (per-round, timeline or counters)")
      ->check(CLI::IsMember({"per-round", "timeline", "counters"}));
  // Overlays and presentation.
  app.add_option("--heatmap-scale", o.heatmap_scale,
                 "--heatmap-png with S x S pixels per cell, overlays drawn in it when on (from 8 on, every cell's "
                 "centre keeps its colormap colour)")
      ->check(CLI::Range(limits::kMinHeatmapScale, limits::kMaxHeatmapScale));
  app.add_flag("--heatmap-labels", o.heatmap_labels,
               "--heatmap-png as a figure: vertex numbers on both axes, each cell's distance in it when the values "
               "fit the cells (--heatmap-scale 32 fits four characters), the colour bar with its range");
  app.add_flag("--presentation", o.presentation,
               "presentation mode (key P): side panels hidden, the heatmap fills the window, large type");
  app.add_option("--font-scale", o.font_scale,
                 "multiply every type size by F (presentation type is 20 px on a 720 p window, 30 px on 1080 p)")
      ->check(finite_range(limits::kMinUiScale, limits::kMaxUiScale, "FLOAT"));
  // Classroom: graph view and slides.
  std::string graph_view;
  app.add_option("--graph-view", graph_view, "the graph beside the heatmap, for graphs of at most 100 vertices")
      ->check(CLI::IsMember({"on", "off"}));
  std::string show;
  app.add_option("--show", show,
                 "the heatmap shows d (distances, default) or pi (the predecessor matrix Π, graphs of at most 100 "
                 "vertices; key V)")
      ->check(CLI::IsMember({"d", "pi"}));
  app.add_option("--export-frames", o.classroom.export_frames,
                 "write the run from the current state to its end as DIR/frame_0000.png ..., one per step of "
                 "--granularity, each the window's screenshot at that step");
  app.add_option("--granularity", o.classroom.granularity, "slide step for --export-frames and --gif: k, phase (default) or round")
      ->check(CLI::IsMember({"k", "phase", "round"}));
  app.add_option("--gif", o.classroom.gif, "write the same frames as an animated GIF (fixed 6x7x6 colour cube, 0.5 s a frame)");
  // Predict mode: the question of the next step, answered and revealed from the command line (tests, pictures).
  CLI::Option* predict_flag = app.add_flag(
      "--predict", o.predict,
      "predict mode (key Q): each step asks first, which cells of a block will improve (or, with --select, what "
      "d[i][j] will be), and is shown only after Reveal");
  app.add_option("--predict-step", o.predict_step, "the step the question asks about: k, phase (default) or round")
      ->check(CLI::IsMember({"k", "phase", "round"}))
      ->needs(predict_flag);
  app.add_option("--answer-cells", o.answer_cells, "mark these cells as the answer, I:J,I:J,... (0-based)")
      ->needs(predict_flag);
  app.add_option("--answer-value", o.answer_value, "type this value as the answer (a whole number, or inf)")
      ->needs(predict_flag);
  app.add_flag("--reveal", o.reveal, "then reveal: take the step and mark the answer on the heatmap")
      ->needs(predict_flag);
  app.add_option("--predict-results", o.predict_results,
                 "write the questions revealed, their marks and the score to FILE.json at quit (Export score)")
      ->needs(predict_flag);
  // Sparse solvers: the rows a sparse backend solves.
  app.add_option("--sources", o.sources,
                 "sparse backends (cpu-dijkstra, ...): the rows to solve, LIST (3,0,7), A:B (half-open) or all "
                 "(default), as apsp solve --sources");
  // Graph editing.
  app.add_option("--edit", o.edit,
                 "edit the loaded graph before any step: commands add-vertex, del-vertex V, add-edge U V W, "
                 "del-edge U V, set-weight U V W (0-based ids), separated by ';' (docs/teaching.md)");
  app.add_option("--save-graph", o.save_graph,
                 "write the loaded graph, after --edit, to FILE (.bin, .gr, .mtx, .txt/.el/.csv by extension)");
  app.add_flag("--edit-mode", o.edit_mode, "start with the graph view's edit mode on (key E)");
  try {
    app.parse(argc, argv);
    if (!o.edit.empty()) {
      try {
        (void)parse_edit_script(o.edit, "--edit");
      } catch (const Error& e) {
        throw CLI::ValidationError(e.what());
      }
    }
    o.measure = measure_flag->count() > 0;
    if (o.measure && (o.measure_repeat < 1 || o.measure_repeat > limits::kMaxRepeat))
      throw CLI::ValidationError("--measure",
                                 "N of --measure=N is the timed runs: 1 to " + std::to_string(limits::kMaxRepeat));
    if (!o.sources.empty()) {
      try {
        (void)SourceSpec::parse(o.sources);
      } catch (const Error& e) {
        throw CLI::ValidationError(e.what());
      }
    }
    if (!sweep.empty()) {
      try {
        o.sweep = bench::parse_sweep_spec(sweep);
      } catch (const Error& e) {
        throw CLI::ValidationError(e.what());
      }
    }
    if (ladder_n > 0) {
      if (o.sweep) throw CLI::ValidationError("--ladder", "give --ladder N or --sweep SPEC, not both");
      o.sweep = bench::ladder_spec({}, ladder_n, 64, DType::I32);
    }
    if (!counters.empty()) {
      try {
        counters::RoundSelection::parse(counters, "--counters");
      } catch (const Error& e) {
        throw CLI::ValidationError(e.what());
      }
      o.counters = counters;
    }
    if (!o.counters_csv.empty() && !o.counters) throw CLI::ValidationError("--counters-csv", "--counters-csv needs --counters ROUNDS");
    if ((!o.sweep_csv.empty() || !o.sweep_chart.empty()) && !o.sweep)
      throw CLI::ValidationError("--sweep-csv", "--sweep-csv and --sweep-chart need --sweep SPEC or --ladder N");
    if (!overlays.empty()) o.overlays = overlays == "on";
    if (!fix_colours.empty()) o.fix_colours = fix_colours == "on";
    if (!graph_view.empty()) o.classroom.graph_view = graph_view == "on";
    if (!show.empty()) o.classroom.show_pi = show == "pi";
    if (!size.empty()) {
      int w = 0, h = 0;
      char x = 0;
      int used = 0;
      if (std::sscanf(size.c_str(), "%d%c%d%n", &w, &x, &h, &used) != 3 || used != static_cast<int>(size.size()) ||
          (x != 'x' && x != 'X') || w < limits::kMinWindowSide || h < limits::kMinWindowSide ||
          w > limits::kMaxWindowSide || h > limits::kMaxWindowSide) {
        throw CLI::ValidationError("--size",
                                   "expected WxH with each side " + sides + ", e.g. 1280x800; got '" + size + "'");
      }
      o.width = w;
      o.height = h;
    }
    if (!o.graph_file.empty() && !o.gen_spec.empty()) {
      throw CLI::ValidationError("GRAPH", "give a graph file or --gen, not both");
    }
    // Before anything is read or written: no output may be the graph file or another output.
    try {
      refuse_clashing_paths({{"GRAPH", o.graph_file}, {"--lesson", o.lesson}, {"--quiz", o.quiz}},
                            {{"--distances", o.distances}, {"--stats-json", o.stats_json},
                             {"--screenshot", o.screenshot}, {"--heatmap-png", o.heatmap_png},
                             {"--timings-csv", o.timings_csv}, {"--trace", o.trace},
                             {"--explain-json", o.explain_json}, {"--log-file", o.log_file},
                             {"--sweep-csv", o.sweep_csv}, {"--sweep-chart", o.sweep_chart},
                             {"--counters-csv", o.counters_csv}, {"--gif", o.classroom.gif},
                             {"--quiz-results", o.quiz_results},
                             {"--predict-results", o.predict_results},
                             {"--save-graph", o.save_graph}});
    } catch (const Error& e) {
      throw CLI::ValidationError(e.what());
    }
    // A lesson says its graph and where it stands: flags that say it too would contradict it.
    if (o.lesson_stop && o.lesson.empty()) throw CLI::ValidationError("--lesson-stop", "--lesson-stop needs --lesson FILE");
    if (!o.lesson.empty() && (!o.graph_file.empty() || !o.gen_spec.empty() || !o.advance.empty() || o.advance_phases ||
                              o.advance_k || !o.select.empty() || o.back_rounds || o.back_phases || o.back_k))
      throw CLI::ValidationError("--lesson", "the lesson file names the graph and its stops name the steps and the cell: "
                                             "give --lesson-stop N, not GRAPH, --gen, --advance*, --select or --back*");
    if (!o.quiz_results.empty() && o.quiz.empty())
      throw CLI::ValidationError("--quiz-results", "needs --quiz FILE (the questions and answers to mark)");
    if (!o.select.empty() && !parse_cell(o.select))
      throw CLI::ValidationError("--select", "expected I:J (two vertex ids, 0-based), got '" + o.select + "'");
    if (!o.advance.empty() && o.advance != "all" && !parse_advance_rounds(o.advance))
      throw CLI::ValidationError("--advance", "expected a round count 0 .. " + std::to_string(limits::kMaxAdvanceSteps) +
                                                  " or 'all', got '" + o.advance + "'");
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e, out, err);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e, out, err);
  } catch (const CLI::ParseError& e) {
    err << "apsp-studio: " << e.what() << " (see apsp-studio --help)\n";
    return exit_status::kUsage;
  }
  return std::nullopt;
}

}  // namespace apsp::studio
