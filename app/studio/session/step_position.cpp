#include "session/step_position.h"

#include <algorithm>

namespace apsp::studio {
namespace {

int phase_number(Phase p) {
  switch (p) {
    case Phase::Pivot:
      return 1;
    case Phase::PivotRowCol:
      return 2;
    case Phase::Independent:
      return 3;
    default:
      return 0;
  }
}

}  // namespace

StepPosition step_position(const Cursor& cursor, int rounds, int block, int n, bool blocked) {
  StepPosition p;
  p.rounds = rounds;
  p.block = std::max(1, block);
  const int last_phase = blocked ? 3 : 0;
  const int first_phase = blocked ? 1 : 0;
  const int phase = cursor.finished ? first_phase : phase_number(cursor.phase);
  if (cursor.k > 0 && !cursor.finished) {
    // Mid-phase: the k-step just taken is the previous k of this very phase.
    p.done = StepRef{cursor.round, phase, cursor.round * p.block + cursor.k - 1};
  } else if (phase != first_phase) {
    p.done = StepRef{cursor.round, phase - 1, -1};
  } else if (cursor.round > 0) {
    // At the start of a round (or finished, when the round index went one past the last): the previous round's
    // last phase.
    p.done = StepRef{std::min(cursor.round, std::max(rounds, 1)) - 1, last_phase, -1};
  }
  if (!cursor.finished) {
    const int k = cursor.k > 0 ? cursor.round * p.block + cursor.k : -1;
    p.next = StepRef{cursor.round, phase, k < n ? k : -1};
  }
  return p;
}

std::string phase_name(int phase) {
  switch (phase) {
    case 1:
      return "phase 1 (pivot block)";
    case 2:
      return "phase 2 (pivot row and column blocks)";
    case 3:
      return "phase 3 (independent blocks)";
    default:
      return "pass over the whole matrix";
  }
}

std::string describe_step(const StepRef& step) {
  if (!step.valid()) return "nothing";
  std::string s = "round " + std::to_string(step.round) + ", " + phase_name(step.phase);
  if (step.k >= 0) s += ", k = " + std::to_string(step.k);
  return s;
}

std::string describe_position(const StepPosition& p, const std::string& stopped) {
  std::string s = p.done.valid() ? "done: " + describe_step(p.done) : std::string("start");
  if (!stopped.empty()) return s + " | stopped: " + stopped;
  if (!p.next.valid()) {
    return s + " | finished (all " + std::to_string(p.rounds) + " rounds, 0.." + std::to_string(p.rounds - 1) + ")";
  }
  return s + " | next: " + describe_step(p.next);
}

const char* numbering_note() {
  return "Rounds, blocks, vertices, k, rows and columns count from 0; phases are named 1 (pivot block), "
         "2 (pivot row and column blocks) and 3 (independent blocks).";
}

}  // namespace apsp::studio
