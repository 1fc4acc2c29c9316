#include <apsp/teach/quiz.h>

#include <apsp/core/errors.h>
#include <apsp/teach/k_clock.h>
#include <apsp/teach/ledger_numbers.h>
#include <apsp/teach/time_travel.h>

#include <algorithm>
#include <iterator>
#include <limits>

namespace apsp::teach {

Granularity granularity_of(QuizStep step) {
  switch (step) {
    case QuizStep::K: return Granularity::KStep;
    case QuizStep::Round: return Granularity::Round;
    case QuizStep::Phase: break;
  }
  return Granularity::Phase;
}

std::string_view to_string(QuizStep step) {
  switch (step) {
    case QuizStep::K: return "k";
    case QuizStep::Round: return "round";
    case QuizStep::Phase: break;
  }
  return "phase";
}

std::string_view to_string(QuizAsk ask) { return ask == QuizAsk::Value ? "value" : "improves"; }

QuizArea area_of(const QuizQuestion& q, int n, int block) {
  if (q.ask == QuizAsk::Value) return {q.i, q.i + 1, q.j, q.j + 1};
  if (q.block_row < 0) return {0, n, 0, n};
  const int b = std::max(1, block);
  return {q.block_row * b, std::min(n, (q.block_row + 1) * b), q.block_col * b, std::min(n, (q.block_col + 1) * b)};
}

QuizExpected expected_answer(const QuizQuestion& q, const DistanceMatrix& before, const DistanceMatrix& after,
                             int block) {
  if (before.n() != after.n()) throw UsageError("quiz: the matrices before and after the step differ in size");
  QuizExpected e;
  const int n = after.n();
  if (q.ask == QuizAsk::Value) {
    if (q.i < 0 || q.j < 0 || q.i >= n || q.j >= n) throw UsageError("quiz: the asked cell is outside the matrix");
    e.value = after.get(q.i, q.j);  // widened, kInf32 = unreachable
    return e;
  }
  const QuizArea a = area_of(q, n, block);
  for (int i = a.row_begin; i < a.row_end; ++i)
    for (int j = a.col_begin; j < a.col_end; ++j)
      if (after.get(i, j) < before.get(i, j)) e.improved.emplace_back(i, j);
  return e;
}

QuizMark mark(const QuizQuestion& q, const QuizAnswer& a, const QuizExpected& e) {
  QuizMark m;
  if (q.ask == QuizAsk::Value) {
    m.right = a.given && a.value && *a.value == e.value;
    return m;
  }
  std::vector<QuizCell> said = a.given ? a.cells : std::vector<QuizCell>{};
  std::sort(said.begin(), said.end());
  said.erase(std::unique(said.begin(), said.end()), said.end());
  std::vector<QuizCell> truth = e.improved;
  std::sort(truth.begin(), truth.end());
  std::set_intersection(truth.begin(), truth.end(), said.begin(), said.end(), std::back_inserter(m.hit));
  std::set_difference(truth.begin(), truth.end(), said.begin(), said.end(), std::back_inserter(m.missed));
  std::set_difference(said.begin(), said.end(), truth.begin(), truth.end(), std::back_inserter(m.extra));
  m.right = a.given && m.missed.empty() && m.extra.empty();
  return m;
}

void add_to_score(QuizScore& score, const QuizQuestion& q, const QuizMark& m) {
  ++score.asked;
  if (m.right) ++score.right;
  if (q.ask != QuizAsk::Improves) return;
  score.cells_hit += static_cast<int>(m.hit.size());
  score.cells_missed += static_cast<int>(m.missed.size());
  score.cells_extra += static_cast<int>(m.extra.size());
}

std::vector<QuizQuestion> questions_for_step(const QuizRun& run, const Cursor& at, QuizStep step) {
  std::vector<QuizQuestion> out;
  auto ask = [&](int row, int col) {
    QuizQuestion q;
    q.at = at;
    q.step = step;
    q.ask = QuizAsk::Improves;
    q.block_row = row;
    q.block_col = col;
    out.push_back(q);
  };
  const int r = at.round, blocks = run.rounds();
  if (run.blocked && r >= 0 && r < blocks) {
    std::vector<Phase> phases{at.phase};
    if (step == QuizStep::Round) {  // the phases the round step still runs, in order
      if (at.phase == Phase::Pivot) phases = {Phase::Pivot, Phase::PivotRowCol, Phase::Independent};
      if (at.phase == Phase::PivotRowCol) phases = {Phase::PivotRowCol, Phase::Independent};
    }
    for (Phase p : phases) {
      if (p == Phase::Pivot) ask(r, r);
      if (p == Phase::PivotRowCol) {
        for (int c = 0; c < blocks; ++c)
          if (c != r) ask(r, c);
        for (int c = 0; c < blocks; ++c)
          if (c != r) ask(c, r);
      }
      if (p == Phase::Independent)
        for (int a = 0; a < blocks; ++a)
          for (int b = 0; b < blocks; ++b)
            if (a != r && b != r) ask(a, b);
    }
  }
  if (out.empty()) ask(-1, -1);  // plain Floyd–Warshall, or one block: the whole matrix
  return out;
}

namespace {

std::string cell_name(int i, int j) { return "d[" + std::to_string(i) + "][" + std::to_string(j) + "]"; }

/// What the phase with number @p phase (1, 2, 3) writes.
std::string phase_writes(int phase) {
  if (phase == 1) return "phase 1 writes only the pivot block";
  if (phase == 2) return "phase 2 writes only the pivot row and column blocks";
  return "phase 3 writes only the independent blocks";
}

}  // namespace

std::string explain_cell(const Ledger& l, int step_phase_number) {
  const std::string name = cell_name(l.i, l.j);
  if (!l.relaxes_cell())
    return name + " does not improve: this step does not write it (" + phase_writes(step_phase_number) +
           "); stays " + ledger_value(l.value_after);
  if (l.improved()) {
    const auto last = std::find_if(l.entries.rbegin(), l.entries.rend(), [](const LedgerEntry& e) { return e.better(); });
    std::string text = name + " improves from " + ledger_value(l.value_before) + " to " + ledger_value(l.value_after);
    if (last == l.entries.rend()) return text;  // the improving k is among the entries not listed
    const LedgerEntry& e = *last;
    const bool several = std::count_if(l.entries.begin(), l.entries.end(), [](const LedgerEntry& x) { return x.better(); }) > 1 ||
                         l.improving_k.size() > 1;
    return text + ": " + (several ? "last at k = " : "at k = ") + std::to_string(e.k) + ", min(" +
           ledger_value(e.d_ij_before) + ", " + ledger_value(e.d_ik) + " + " + ledger_addend(e.d_kj) + ") = " +
           ledger_value(e.d_ij_after);
  }
  // Relaxed, never lowered: the smallest sum the step tried is still no shorter.
  const LedgerEntry* best = nullptr;
  std::int64_t best_sum = std::numeric_limits<std::int64_t>::max();
  for (const LedgerEntry& e : l.entries) {
    if (e.d_ik == kInf32 || e.d_kj == kInf32) continue;
    const std::int64_t sum = static_cast<std::int64_t>(e.d_ik) + e.d_kj;
    if (sum < best_sum) best_sum = sum, best = &e;
  }
  const std::string which = l.step_entries == 1 && !l.entries.empty()
                                ? "k = " + std::to_string(l.entries.front().k) + " does not improve it"
                                : "no k of this step improves it";
  std::string text = name + " does not improve: " + which;
  if (!best) return text + ": every sum d[i][k] + d[k][j] is INF; stays " + ledger_value(l.value_after);
  return text + ": the best sum is " + ledger_value(best->d_ik) + " + " + ledger_addend(best->d_kj) + " = " +
         std::to_string(best_sum) + " >= " + ledger_value(best->d_ij_before) + " (k = " + std::to_string(best->k) +
         "); stays " + ledger_value(l.value_after);
}

std::vector<std::string> explain_mark(const QuizQuestion& q, const QuizAnswer& a, const QuizExpected& e,
                                      const QuizMark& m,
                                      const std::function<std::optional<Ledger>(int i, int j)>& ledger_of) {
  std::vector<std::string> lines;
  const int phase = phase_number(q.at.phase);
  auto line = [&](int i, int j, const std::string& prefix) {
    const std::optional<Ledger> l = ledger_of(i, j);
    lines.push_back(prefix + (l ? explain_cell(*l, phase) : cell_name(i, j) + ": no ledger for this step"));
  };
  if (m.right) return lines;
  if (q.ask == QuizAsk::Value) {
    const std::string said = a.given && a.value ? ledger_value(*a.value) : "nothing";
    line(q.i, q.j, "you said " + said + ", it is " + ledger_value(e.value) + ": ");
    return lines;
  }
  for (const QuizCell& c : m.missed) line(c.first, c.second, "missed: ");
  for (const QuizCell& c : m.extra) line(c.first, c.second, "not improved: ");
  return lines;
}

namespace {

/// Steps @p travel forward to position @p target, the largest step that does not overshoot.
void advance_to(TimeTravel& travel, Solver& solver, std::int64_t target) {
  const KClock& clock = travel.clock();
  while (!solver.finished() && clock.position(solver.cursor()) < target) {
    const std::int64_t pos = clock.position(solver.cursor());
    const Cursor c = solver.cursor();
    Granularity g = Granularity::KStep;
    if (c.k == 0 && clock.phase_end(pos) <= target) g = Granularity::Phase;
    if (c.k == 0 && phase_index(c.phase) == 0 && clock.round_start(c.round + 1) <= target) g = Granularity::Round;
    travel.step(g);
  }
}

}  // namespace

QuizOutcome play_question(TimeTravel& travel, Solver& solver, const QuizQuestion& q, const QuizAnswer& a,
                          const std::string& where) {
  const KClock& clock = travel.clock();
  const std::int64_t target = clock.position(q.at);
  auto stopped_before = [&] {  // the cursor stands after the round whose end found the cycle
    return InputError(where, "", "the run stops at a negative cycle in round " +
                                     std::to_string(std::max(0, solver.cursor().round - 1)) + ", before this question's step");
  };
  const bool cut_short = solver.finished() && solver.cursor().round < clock.rounds();
  if (cut_short && target >= clock.position(solver.cursor())) throw stopped_before();
  const std::int64_t now = clock.position(solver.cursor());
  if (target < now) travel.back(static_cast<int>(std::min<std::int64_t>(now - target, INT32_MAX)), TravelUnit::KStep);
  try {
    advance_to(travel, solver, target);
  } catch (const NegativeCycleError&) {
    throw stopped_before();
  }
  if (clock.position(solver.cursor()) != target) throw stopped_before();

  QuizOutcome out;
  out.question = q;
  out.answer = a;
  DistanceMatrix before, after;
  solver.read(before);
  const Cursor from = solver.cursor();
  try {
    travel.step(granularity_of(q.step));
  } catch (const NegativeCycleError& e) {
    out.stopped = e.what();
  }
  out.after = solver.cursor();
  solver.read(after);
  out.expected = expected_answer(q, before, after, solver.options().block);
  out.mark = mark(q, a, out.expected);
  const int n = solver.n(), block = solver.options().block;
  const std::int32_t floor = floor_of(solver.options().dtype);
  const RoundStartReader read = [&](int round, const std::vector<std::pair<int, int>>& cells) {
    return std::optional<std::vector<std::int32_t>>(travel.values_at_round_start(round, cells));
  };
  out.explanation = explain_mark(q, a, out.expected, out.mark, [&](int i, int j) {
    return step_ledger(n, block, solver.blocked(), floor, from, out.after, i, j, after.get(i, j), read);
  });
  return out;
}

}  // namespace apsp::teach
