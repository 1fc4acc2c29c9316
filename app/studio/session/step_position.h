#pragma once
// Where the run stands, said the same way everywhere (title, status line, overlays, tooltips, logs): the step
// just done and the step that comes next. One numbering: rounds, blocks, vertices, k, rows
// and columns count from 0, as the matrix axes do; the three phases of a round keep their names "phase 1"
// (pivot block), "phase 2" (pivot row and column blocks) and "phase 3" (independent blocks). No GL, no ImGui.
#include <apsp/solve/solver.h>

#include <string>

namespace apsp::studio {

/// @brief One step of the algorithm: a whole phase of a round, or one k of it (k-steps).
struct StepRef {
  int round = -1;  ///< 0-based; -1: none
  int phase = 0;   ///< 1, 2, 3 (pivot, pivot row/column, independent); 0: a whole-matrix pass (non-blocked)
  int k = -1;      ///< the global intermediate vertex of a k-step; -1: the whole phase (all k of the round)
  bool valid() const { return round >= 0; }
  bool operator==(const StepRef&) const = default;
};

/// @brief The step the matrix shows the result of, and the one after it.
struct StepPosition {
  StepRef done;  ///< invalid before the first step
  StepRef next;  ///< invalid once finished
  int rounds = 0;
  int block = 1;
};

/// @brief From the solver's cursor (the next work is phase/k of round): what was done last and what is next.
/// @p blocked false for the non-blocked variants (one whole-matrix pass per round).
StepPosition step_position(const Cursor& cursor, int rounds, int block, int n, bool blocked);

/// @brief "phase 1 (pivot block)", "phase 2 (pivot row and column blocks)", "phase 3 (independent blocks)",
/// "pass over the whole matrix".
std::string phase_name(int phase);
/// @brief "round 0, phase 1 (pivot block)" or "round 0, phase 1 (pivot block), k = 2".
std::string describe_step(const StepRef& step);
/// @brief The status line: "done: round 0, phase 3 (independent blocks) | next: round 1, phase 1 (pivot block)";
/// "start | next: ..." before the first step; "done: ... | finished (all R rounds, 0..R-1)" at the end; a stop
/// reason (negative cycle, RangeError) replaces the next step.
std::string describe_position(const StepPosition& p, const std::string& stopped = {});
/// @brief The one sentence that says the numbering, for tooltips and the READMEs.
const char* numbering_note();

}  // namespace apsp::studio
