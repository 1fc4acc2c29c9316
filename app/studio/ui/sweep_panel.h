#pragma once
// The Sweep window: lists of backends, block sizes, GPU counts, dtypes and n to measure with the engine's sweep
// (apsp/bench/sweep.h, run by SweepJob on its own thread), a progress bar with ETA and Cancel, a sortable
// results table (min / median / max / spread, best of each n marked, or the configurations tied for it), the
// sweep's charts (app/chart) and "Apply best", which configures the solver with the best configuration of the
// loaded graph's n (on a tie the lowest median's, the button saying it is a tie). Also a
// "Ladder" preset (the optimization ladder's steps in order on one n), whose charts get a bar per step, and a
// "Replay" button per step that re-opens the current graph with that step's backend in the stepping view.
#include <string>

#include "session/app_state.h"
#include "session/commands.h"
#include "session/sweep_job.h"

namespace apsp::studio {

class SweepPanel {
 public:
  /// @brief A collapsing section for the controls column: what the sweep is doing and a button that opens
  /// the window.
  void draw_launcher(const SweepJobSnapshot& job);
  /// @brief The Sweep window, when open.
  void draw_window(const AppState& state, const SweepJobSnapshot& job, CommandQueue& commands);
  void open() { m_open = true; }
  /// @brief Fills the fields from a scripted --sweep spec, so the window shows what runs.
  void show_spec(const bench::SweepSpec& spec);

 private:
  void draw_table(const SweepJobSnapshot& job, CommandQueue& commands);
  /// The best of each n, or the configurations tied for it (bench::best_lines), above the table.
  void draw_best(const SweepJobSnapshot& job);
  void draw_charts(const SweepJobSnapshot& job, CommandQueue& commands);
  /// Fills the lists with the ladder's steps at B = 64 on @p n vertices.
  void apply_ladder_preset(int n);
  /// One "Replay" button per step of a ladder report.
  void draw_ladder_replay(const AppState& state, const SweepJobSnapshot& job, CommandQueue& commands);

  bool m_open = false;
  std::string m_backends = "cpu-blocked";
  std::string m_blocks = "16,32,64";
  std::string m_gpus = "1";
  std::string m_dtypes = "i32";
  std::string m_sizes = "256,512";
  std::string m_threads = "0";
  double m_min_time_s = 0;
  int m_repeat = 3;
  int m_warmup = 1;
  std::string m_spec_error;
  int m_chart = 0;
  std::string m_results_csv = "sweep.csv";
  std::string m_chart_png = "sweep-chart.png";
  std::string m_chart_csv = "sweep-chart.csv";
};

}  // namespace apsp::studio
