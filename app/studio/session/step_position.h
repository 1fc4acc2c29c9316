#pragma once
// Where the run stands, said the same way everywhere (title, status line, overlays, tooltips, logs): the step
// just done and the step that comes next. One numbering: rounds, blocks, vertices, k, rows
// and columns count from 0, as the matrix axes do; the three phases of a round keep their names "phase 1"
// (pivot block), "phase 2" (pivot row and column blocks) and "phase 3" (independent blocks). Plain
// Floyd–Warshall (cpu-naive, cuda-naive) is said in k alone: "done: k = 2 | next: k = 3", no rounds or blocks
// (its block only sizes a whole pass internally). No GL, no ImGui.
#include <apsp/solve/solver.h>
#include <apsp/teach/time_travel.h>

#include <optional>
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
  int n = 0;
  bool blocked = true;  ///< false: plain Floyd–Warshall, said in k alone
};

/// @brief From the solver's cursor (the next work is phase/k of round): what was done last and what is next.
/// @p blocked false for the non-blocked variants (one whole-matrix pass per round); their next step is always
/// one k (the unit the studio steps them by, step_unit()).
/// @p last_step the step that led to @p cursor as the time travel recorded it (Inspection::last_step): a k-step
/// that ended a phase or a round leaves the cursor at the start of the next one, where the cursor alone would
/// name the whole phase; with the record it stays "k = ..." (and the heatmap keeps its row/column-k brackets).
/// A record whose `after` is not @p cursor (stale) is ignored.
StepPosition step_position(const Cursor& cursor, int rounds, int block, int n, bool blocked,
                           const std::optional<teach::StepRecord>& last_step = std::nullopt);

struct SessionSnapshot;
/// @brief Whether the snapshot's solver is plain Floyd–Warshall (one whole pass per round: cpu-naive,
/// cuda-naive), the runs said and stepped in k; false without a solver and for sparse solvers.
bool plain_run(const SessionSnapshot& s);
/// @brief The snapshot's position: its cursor, with the step that led there (Inspection::last_step).
StepPosition step_position(const SessionSnapshot& s);

/// @brief The granularity a step asked for by the keys and buttons takes: plain Floyd–Warshall steps by one k
/// whatever was asked (its "phase" and "round" are internal chunks of B values of k); blocked runs as asked.
Granularity step_unit(Granularity asked, bool blocked);
/// @brief The same for going back in time.
teach::TravelUnit travel_unit(teach::TravelUnit asked, bool blocked);

/// @brief "phase 1 (pivot block)", "phase 2 (pivot row and column blocks)", "phase 3 (independent blocks)",
/// "pass over the whole matrix".
std::string phase_name(int phase);
/// @brief "round 0, phase 1 (pivot block)" or "round 0, phase 1 (pivot block), k = 2"; a non-blocked step
/// (phase 0) is "k = 2", or "k = 2..3" for a whole pass of a round of @p block values of k (n caps the last).
std::string describe_step(const StepRef& step, int block = 1, int n = 0);
/// @brief The status line: "done: round 0, phase 3 (independent blocks) | next: round 1, phase 1 (pivot block)";
/// "start | next: ..." before the first step; "done: ... | finished (all R rounds, 0..R-1)" at the end
/// ("finished (all n values of k, 0..n-1)" for plain Floyd–Warshall); a stop reason (negative cycle,
/// RangeError) replaces the next step.
std::string describe_position(const StepPosition& p, const std::string& stopped = {});
/// @brief The progress bar's words: "1 / 2 rounds", or "k 3 / 4" (values of k done) for plain Floyd–Warshall.
std::string describe_progress(const Cursor& cursor, int rounds, int block, int n, bool blocked);
/// @brief The one sentence that says the numbering, for tooltips and the READMEs.
const char* numbering_note();

}  // namespace apsp::studio
