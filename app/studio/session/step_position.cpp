#include "session/step_position.h"

#include <apsp/teach/k_clock.h>

#include <algorithm>

#include "session/session_types.h"

namespace apsp::studio {
namespace {

/// The k values a plain whole pass of round @p round covers: "k = 2" or "k = 2..3".
std::string k_range(int round, int block, int n) {
  const int first = round * block;
  const int last = n > 0 ? std::min(first + block, n) - 1 : first + block - 1;
  if (last <= first) return "k = " + std::to_string(first);
  return "k = " + std::to_string(first) + ".." + std::to_string(last);
}

}  // namespace

StepPosition step_position(const Cursor& cursor, int rounds, int block, int n, bool blocked,
                           const std::optional<teach::StepRecord>& last_step) {
  StepPosition p;
  p.rounds = rounds;
  p.block = std::max(1, block);
  p.n = n;
  p.blocked = blocked;
  const int last_phase = blocked ? 3 : 0;
  const int first_phase = blocked ? 1 : 0;
  const int phase = cursor.finished ? first_phase : teach::phase_number(cursor.phase);
  const bool k_step_led_here = last_step && last_step->granularity == Granularity::KStep &&
                               last_step->after == cursor && !last_step->before.finished;
  if (k_step_led_here) {
    // The k taken is where the cursor stood before the step: after the last k of a phase (every k at B = 1)
    // the cursor has already moved on to the next phase or round, which would lose the k.
    const Cursor& b = last_step->before;
    p.done = StepRef{b.round, teach::phase_number(b.phase), b.round * p.block + b.k};
  } else if (cursor.k > 0 && !cursor.finished) {
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
    // Plain Floyd–Warshall steps by one k (step_unit()), so its next step is always a k.
    const int k = cursor.k > 0 || !blocked ? cursor.round * p.block + cursor.k : -1;
    p.next = StepRef{cursor.round, phase, k < n ? k : -1};
  }
  return p;
}

bool plain_run(const SessionSnapshot& s) { return s.has_solver && !s.sparse && s.cursor.phase == Phase::Full; }

StepPosition step_position(const SessionSnapshot& s) {
  return step_position(s.cursor, s.rounds, s.config.block, s.n, !plain_run(s), s.inspection.last_step);
}

Granularity step_unit(Granularity asked, bool blocked) {
  if (blocked || asked == Granularity::ToEnd) return asked;
  return Granularity::KStep;
}

teach::TravelUnit travel_unit(teach::TravelUnit asked, bool blocked) {
  return blocked ? asked : teach::TravelUnit::KStep;
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

std::string describe_step(const StepRef& step, int block, int n) {
  if (!step.valid()) return "nothing";
  if (step.phase == 0) return step.k >= 0 ? "k = " + std::to_string(step.k) : k_range(step.round, block, n);
  std::string s = "round " + std::to_string(step.round) + ", " + phase_name(step.phase);
  if (step.k >= 0) s += ", k = " + std::to_string(step.k);
  return s;
}

std::string describe_position(const StepPosition& p, const std::string& stopped) {
  std::string s = p.done.valid() ? "done: " + describe_step(p.done, p.block, p.n) : std::string("start");
  if (!stopped.empty()) return s + " | stopped: " + stopped;
  if (!p.next.valid()) {
    if (!p.blocked && p.n > 0)
      return s + " | finished (all " + std::to_string(p.n) + " values of k, 0.." + std::to_string(p.n - 1) + ")";
    return s + " | finished (all " + std::to_string(p.rounds) + " rounds, 0.." + std::to_string(p.rounds - 1) + ")";
  }
  return s + " | next: " + describe_step(p.next, p.block, p.n);
}

std::string describe_progress(const Cursor& cursor, int rounds, int block, int n, bool blocked) {
  if (!blocked && n > 0) {
    const int done = cursor.finished ? n : std::min(n, cursor.round * std::max(1, block) + cursor.k);
    return "k " + std::to_string(done) + " / " + std::to_string(n);
  }
  return std::to_string(cursor.finished ? rounds : cursor.round) + " / " + std::to_string(rounds) + " rounds";
}

const char* numbering_note() {
  return "Rounds, blocks, vertices, k, rows and columns count from 0; phases are named 1 (pivot block), "
         "2 (pivot row and column blocks) and 3 (independent blocks).";
}

}  // namespace apsp::studio
