#pragma once
// Which step the classroom panels (graph view, pseudocode, inspector) point at: always the step just done, the
// moment the heatmap shows, whether or not a cell is selected. The step that comes next is named once, by the
// heatmap's title line, never by these panels. Pure.
#include <apsp/teach/k_clock.h>
#include <apsp/teach/pseudocode.h>

#include <algorithm>
#include <string>

#include "session/solver_session.h"

namespace apsp::studio {

struct StepFocus {
  bool active = false;  ///< a step was done (false before the first step, and without a solver)
  bool blocked = true;  ///< three phases per round (false: one whole pass per k, cpu-naive / cuda-naive)
  bool one_k = false;   ///< the step was a single k-step (k_first == k)
  int round = 0;        ///< 0-based, of the step's last k-step
  int phase = 0;        ///< 1 pivot, 2 pivot row / column, 3 independent; 0 for a whole pass
  int k_first = 0;      ///< the global k range of the step's last phase: k_first..k
  int k = 0;            ///< the last global intermediate vertex the step used
  int block = 1;
  int n = 0;
  int pivot_first = 0;  ///< the pivot block's vertices: [pivot_first, pivot_end)
  int pivot_end = 0;
};

/// @brief The step just done, from the snapshot's last step record (SessionSnapshot::inspection.last_step).
inline StepFocus step_focus(const SessionSnapshot& s) {
  StepFocus f;
  if (!s.has_solver || s.n <= 0 || s.sparse || !s.inspection.last_step) return f;
  f.n = s.n;
  f.block = std::max(1, s.config.block);
  f.blocked = s.inspection.blocked;
  const teach::StepRecord& step = *s.inspection.last_step;
  const teach::KClock clock(f.n, f.block, f.blocked);
  const std::int64_t begin = clock.position(step.before);
  const std::int64_t end = clock.position(step.after);
  if (end <= begin) return f;  // a step that did nothing (a negative cycle stopped it at its start)
  const Cursor last = clock.cursor_at(end - 1);
  f.active = true;
  f.round = last.round;
  f.phase = teach::phase_number(last.phase);
  f.k = last.round * f.block + last.k;
  // The step may begin inside the last phase (k-steps), or before it (a phase or round step covers all its k).
  const std::int64_t phase_begin = end - 1 - last.k;
  f.k_first = f.k - static_cast<int>(end - 1 - std::max(begin, phase_begin));
  f.one_k = f.k_first == f.k;
  f.pivot_first = std::min(f.n, f.round * f.block);
  f.pivot_end = std::min(f.n, f.pivot_first + f.block);
  return f;
}

/// @brief The pseudocode line the step just done executed (teach::pseudocode_line): the relaxation line when the
/// selected cell was relaxed in the focused phase, else the phase's header; -1 before the first step.
inline int focus_line(const StepFocus& f, bool cell_relaxed_in_phase) {
  if (!f.active) return -1;
  return teach::pseudocode_line(f.blocked, f.blocked ? f.phase : 0, cell_relaxed_in_phase);
}

/// @brief "just done: round 0, phase 2, k = 0..1" (a whole pass: "round 0, k = 3"); "start: no step done yet".
inline std::string describe_focus(const StepFocus& f) {
  if (!f.active) return "start: no step done yet";
  // Plain Floyd–Warshall has no rounds to speak of: k is its unit.
  std::string text = f.blocked ? "just done: round " + std::to_string(f.round) + ", phase " + std::to_string(f.phase) + ","
                               : std::string("just done:");
  text += " k = " + std::to_string(f.k_first);
  if (!f.one_k) text += ".." + std::to_string(f.k);
  return text;
}

}  // namespace apsp::studio
