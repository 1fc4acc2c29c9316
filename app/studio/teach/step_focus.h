#pragma once
// Which step the classroom panels (graph view, pseudocode) point at: the step just taken when the inspector has
// a relaxation for it (ClassroomState::relaxation), else the step the solver's cursor says runs next. Pure.
#include <algorithm>

#include "session/classroom_state.h"
#include "session/solver_session.h"

namespace apsp::studio {

struct StepFocus {
  bool active = false;      ///< a solver with a step to point at (false before loading, and once finished)
  bool just_taken = false;  ///< true: the inspector's step just taken; false: the cursor's next step
  bool blocked = true;      ///< three phases per round (false: one whole pass per k, cpu-naive / cuda-naive)
  int round = 0;            ///< 0-based
  int phase = 0;            ///< 1 pivot, 2 pivot row / column, 3 independent; 0 for a whole pass
  int k = 0;                ///< the global intermediate vertex
  int block = 1;
  int n = 0;
  int pivot_first = 0;  ///< the pivot block's vertices: [pivot_first, pivot_end)
  int pivot_end = 0;
};

inline int phase_number(Phase p) {
  switch (p) {
    case Phase::Pivot: return 1;
    case Phase::PivotRowCol: return 2;
    case Phase::Independent: return 3;
    default: return 0;
  }
}

inline StepFocus step_focus(const SessionSnapshot& s, const ClassroomState& classroom) {
  StepFocus f;
  if (!s.has_solver || s.n <= 0) return f;
  f.n = s.n;
  f.block = std::max(1, s.config.block);
  if (classroom.relaxation && classroom.relaxation->round >= 0) {
    const Relaxation& r = *classroom.relaxation;
    f.active = true;
    f.just_taken = true;
    f.round = r.round;
    f.phase = r.phase;
    f.blocked = r.phase != 0;
    f.k = r.k;
  } else {
    if (s.cursor.finished) return f;
    f.active = true;
    f.round = s.cursor.round;
    f.phase = phase_number(s.cursor.phase);
    f.blocked = f.phase != 0;
    f.k = s.cursor.round * f.block + s.cursor.k;
  }
  f.pivot_first = std::min(f.n, f.round * f.block);
  f.pivot_end = std::min(f.n, f.pivot_first + f.block);
  return f;
}

}  // namespace apsp::studio
