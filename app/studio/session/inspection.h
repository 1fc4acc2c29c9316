#pragma once
// What the worker computes for the classroom's inspector after each job: the relaxation
// of the selected cell at the step just taken, the selected pair's current and final paths, and where the
// timeline stands. Published in SessionSnapshot::inspection; App copies it into AppState::classroom.
#include <apsp/teach/relaxation.h>
#include <apsp/teach/time_travel.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "session/negative_cycle_finding.h"
#include "session/predecessor_view.h"

namespace apsp::studio {

struct PathInfo {
  std::vector<std::int32_t> vertices;  ///< i .. j; empty: unreachable, or not known yet
  std::int64_t length = 0;
  bool known = false;  ///< false: not computed (no selection, or the final path before the end at large n)
  std::string as_of;   ///< "after round 2", "as of the start of round 2 (mid-round)", "final", ...
};

struct Inspection {
  int i = -1;  ///< the selected cell; -1: none
  int j = -1;
  std::optional<teach::Explanation> relaxation;  ///< empty: no selection or no step taken yet; for a step of
                                                 ///< several k, its last improving k (else its last k)
  std::optional<teach::Ledger> ledger;           ///< every k of the step for the cell, and the verdict
  PathInfo current_path;
  PathInfo final_path;
  NegativeCycleFinding negative_cycle;  ///< the negative cycle that stopped the solve, if one did
  std::size_t steps_taken = 0;     ///< TimeTravel::current(): the timeline's position
  std::size_t steps_recorded = 0;  ///< TimeTravel::history().size(): the slider's end
  /// TimeTravel::last_step(): what led to the cursor, selection or not: every classroom panel shows this one
  /// moment, and a k-step keeps its k when it ended a phase or a round. Empty at the start.
  std::optional<teach::StepRecord> last_step;
  bool blocked = true;             ///< which pseudocode listing the line numbers refer to
  std::string note;                ///< why the relaxation is missing although a cell is selected, if it is
  PredecessorInspection predecessors;  ///< Π at the cursor, the selected cell's π_ij and the path read from Π
};

}  // namespace apsp::studio
