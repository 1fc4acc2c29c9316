#include <apsp/teach/k_clock.h>
#include <apsp/teach/pseudocode.h>
#include <apsp/teach/relaxation.h>

#include <algorithm>

namespace apsp::teach {
namespace {

/// The phase of round @p round that relaxes cell (i, j) in the blocked algorithm.
Phase cell_phase(int block, int round, int i, int j) {
  const bool row_in = i / block == round;
  const bool col_in = j / block == round;
  if (row_in && col_in) return Phase::Pivot;
  if (row_in || col_in) return Phase::PivotRowCol;
  return Phase::Independent;
}

/// The vertices the simulation needs: the round's k range, then i and j.
struct LocalMatrix {
  std::vector<int> vertices;  // local index -> vertex
  std::vector<std::int32_t> d;
  int size = 0;
  int p0 = 0;
  int kb = 0;

  int local(int v) const {
    if (v >= p0 && v < p0 + kb) return v - p0;
    return v == vertices[kb] ? kb : kb + 1;
  }
  std::int32_t& at(int a, int b) { return d[static_cast<std::size_t>(local(a)) * size + local(b)]; }
};

}  // namespace

std::int32_t relaxed(std::int32_t d_ij, std::int32_t d_ik, std::int32_t d_kj, bool clamp, std::int32_t floor) {
  if (d_ik == kInf32 || d_kj == kInf32) return d_ij;
  std::int64_t sum = static_cast<std::int64_t>(d_ik) + d_kj;
  if (clamp) sum = std::max<std::int64_t>(sum, floor);
  return sum < d_ij ? static_cast<std::int32_t>(sum) : d_ij;
}

std::optional<RelaxationPoint> relaxation_point(int n, int block, bool blocked, const Cursor& before,
                                                const Cursor& after, int i, int j) {
  const KClock clock(n, block, blocked);
  const std::int64_t begin = clock.position(before);
  const std::int64_t end = clock.position(after);
  if (end <= begin) return std::nullopt;
  const Cursor last = clock.cursor_at(end - 1);
  if (!blocked) return RelaxationPoint{last.round, Phase::Full, last.k, true};
  // Walk back phase by phase inside the step; each round relaxes the cell in exactly one phase.
  for (std::int64_t pos = end - 1; pos >= begin;) {
    const Cursor c = clock.cursor_at(pos);
    if (cell_phase(block, c.round, i, j) == c.phase) return RelaxationPoint{c.round, c.phase, c.k, true};
    pos = pos - c.k - 1;
  }
  return RelaxationPoint{last.round, last.phase, last.k, false};
}

namespace {

/// The cells whose round-start values the trace of cell (i, j) in round @p round reads (sorted, unique).
std::vector<std::pair<int, int>> round_inputs(int n, int block, int round, int i, int j) {
  const int p0 = round * block;
  const int kb = std::min(block, n - p0);
  std::vector<std::pair<int, int>> cells;
  cells.reserve(static_cast<std::size_t>(kb) * kb + 2 * static_cast<std::size_t>(kb) + 1);
  for (int a = p0; a < p0 + kb; ++a)
    for (int b = p0; b < p0 + kb; ++b) cells.emplace_back(a, b);
  for (int p = p0; p < p0 + kb; ++p) {
    cells.emplace_back(i, p);
    cells.emplace_back(p, j);
  }
  cells.emplace_back(i, j);
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  return cells;
}

/// Cell (i, j) through round @p round: one entry per k of the cell's phase of that round (kb entries), replayed
/// from the round-start values @p round_start gives for round_inputs(). The one place for the arithmetic.
std::vector<LedgerEntry> cell_round_trace(int n, int block, bool blocked, std::int32_t floor, int round, int i, int j,
                                          const std::function<std::int32_t(int, int)>& round_start) {
  const KClock clock(n, block, blocked);
  const int p0 = round * block;
  const int kb = std::min(block, n - p0);
  const Phase phase = blocked ? cell_phase(block, round, i, j) : Phase::Full;
  const std::int64_t phase_start = clock.round_start(round) + static_cast<std::int64_t>(phase_index(phase)) * kb;

  // The round-start values of the round's k range and rows/columns i and j, in a small dense matrix.
  LocalMatrix m;
  m.p0 = p0;
  m.kb = kb;
  m.size = kb + 2;
  m.vertices.resize(static_cast<std::size_t>(kb) + 2);
  for (int p = 0; p < kb; ++p) m.vertices[p] = p0 + p;
  m.vertices[kb] = i;
  m.vertices[kb + 1] = j;
  m.d.assign(static_cast<std::size_t>(m.size) * m.size, kInf32);
  for (const auto& [a, b] : round_inputs(n, block, round, i, j)) m.at(a, b) = round_start(a, b);

  std::vector<int> pivots(static_cast<std::size_t>(kb));
  for (int p = 0; p < kb; ++p) pivots[p] = p0 + p;
  // Once a k with d[k][k] < 0 (a negative cycle) is relaxed through, values depend on the order of updates
  // inside that k-step, and so does everything computed from them later in the round.
  bool order_dependent = false;
  LedgerEntry seen;  // the cell's own relaxation, with the values it read at its turn in the k-step
  auto relax_cells = [&](int k, const std::vector<int>& rows, const std::vector<int>& cols, bool clamp) {
    if (m.at(k, k) < 0) order_dependent = true;
    for (int a : rows)
      for (int b : cols) {
        if (a == i && b == j) {
          seen.d_ij_before = m.at(a, b);
          seen.d_ik = m.at(a, k);
          seen.d_kj = m.at(k, b);
        }
        m.at(a, b) = relaxed(m.at(a, b), m.at(a, k), m.at(k, b), clamp, floor);
      }
  };
  std::vector<LedgerEntry> trace;
  trace.reserve(static_cast<std::size_t>(kb));
  // After the k-step through k = p0 + t that relaxed the cell (exactly once): its entry.
  auto record = [&](int t) {
    LedgerEntry e = seen;
    e.round = round;
    e.phase = phase_number(phase);
    e.k = p0 + t;
    e.position = phase_start + t;
    e.d_ij_after = m.at(i, j);
    e.order_dependent = order_dependent;
    trace.push_back(e);
  };
  const std::vector<int> row_i{i}, col_j{j};
  const bool in_row_panel = i >= p0 && i < p0 + kb;
  const bool in_col_panel = j >= p0 && j < p0 + kb;
  switch (phase) {
    case Phase::Full: {
      // Naive: every pair is relaxed through each k; only rows i and P and columns j and P matter here.
      std::vector<int> rows = pivots, cols = pivots;
      if (!in_row_panel) rows.push_back(i);
      if (!in_col_panel) cols.push_back(j);
      for (int t = 0; t < kb; ++t) {
        relax_cells(p0 + t, rows, cols, true);
        record(t);
      }
      break;
    }
    case Phase::Pivot:
      for (int t = 0; t < kb; ++t) {
        relax_cells(p0 + t, pivots, pivots, true);
        record(t);
      }
      break;
    case Phase::PivotRowCol:
      for (int t = 0; t < kb; ++t) relax_cells(p0 + t, pivots, pivots, true);  // phase 1, whole
      for (int t = 0; t < kb; ++t) {
        if (in_row_panel) relax_cells(p0 + t, pivots, col_j, true);
        if (in_col_panel) relax_cells(p0 + t, row_i, pivots, true);
        record(t);
      }
      break;
    default:  // Phase::Independent (cell_phase gives no other)
      for (int t = 0; t < kb; ++t) relax_cells(p0 + t, pivots, pivots, true);  // phase 1, whole
      for (int t = 0; t < kb; ++t) {  // phase 2 for the panel column j and panel row i, whole
        relax_cells(p0 + t, pivots, col_j, true);
        relax_cells(p0 + t, row_i, pivots, true);
      }
      for (int t = 0; t < kb; ++t) {
        relax_cells(p0 + t, row_i, col_j, false);  // phase 3 needs no clamp (range_policy.h)
        record(t);
      }
      break;
  }
  return trace;
}

/// Entries of cell (i, j) in round @p round whose k-step lies in [begin, end): positions only, no values.
std::int64_t entries_in(const KClock& clock, int round, int i, int j, std::int64_t begin, std::int64_t end) {
  const int kb = clock.k_count(round);
  const Phase phase = clock.blocked() ? cell_phase(clock.block(), round, i, j) : Phase::Full;
  const std::int64_t first = clock.round_start(round) + static_cast<std::int64_t>(phase_index(phase)) * kb;
  return std::max<std::int64_t>(0, std::min(end, first + kb) - std::max(begin, first));
}

}  // namespace

std::vector<std::pair<int, int>> relaxation_inputs(int n, int block, bool blocked, const RelaxationPoint& point,
                                                   int i, int j) {
  (void)blocked;
  return round_inputs(n, block, point.round, i, j);
}

Explanation explain(int n, int block, bool blocked, std::int32_t floor, const RelaxationPoint& point, int i, int j,
                    const std::function<std::int32_t(int, int)>& round_start,
                    const std::function<std::int32_t(int, int)>& current) {
  Explanation e;
  e.round = point.round;
  e.phase = phase_number(point.phase);
  e.k = point.round * block + point.k_offset;
  e.i = i;
  e.j = j;
  e.updated_by_step = point.relaxes_cell;
  e.line = pseudocode_line(blocked, e.phase, e.updated_by_step);
  e.solver_value = current(i, j);
  if (!point.relaxes_cell) {
    e.d_ij_before = e.d_ij = e.solver_value;
    e.d_ik = current(i, e.k);
    e.d_kj = current(e.k, j);
    return e;
  }
  const std::vector<LedgerEntry> trace = cell_round_trace(n, block, blocked, floor, point.round, i, j, round_start);
  const LedgerEntry& at = trace[static_cast<std::size_t>(point.k_offset)];
  e.d_ij_before = at.d_ij_before;
  e.d_ik = at.d_ik;
  e.d_kj = at.d_kj;
  e.d_ij = at.d_ij_after;
  e.mismatch = e.d_ij != e.solver_value;
  return e;
}

std::optional<Ledger> step_ledger(int n, int block, bool blocked, std::int32_t floor, const Cursor& before,
                                  const Cursor& after, int i, int j, std::int32_t current, const RoundStartReader& read,
                                  std::size_t max_entries) {
  const KClock clock(n, block, blocked);
  const std::int64_t begin = clock.position(before);
  const std::int64_t end = clock.position(after);
  if (end <= begin) return std::nullopt;
  Ledger ledger;
  ledger.i = i;
  ledger.j = j;
  ledger.solver_value = current;
  const int first_round = clock.cursor_at(begin).round;
  const int last_round = clock.cursor_at(end - 1).round;
  for (int r = first_round; r <= last_round; ++r) ledger.step_entries += entries_in(clock, r, i, j, begin, end);
  if (ledger.step_entries == 0) {  // a phase step over other blocks: the cell is not written
    ledger.value_before = ledger.value_after = current;
    return ledger;
  }

  // The trace of round r, or nullopt when its round start cannot be read.
  auto trace_of = [&](int r) -> std::optional<std::vector<LedgerEntry>> {
    const auto cells = round_inputs(n, block, r, i, j);
    const auto values = read(r, cells);
    if (!values || values->size() != cells.size()) return std::nullopt;
    auto at = [&](int a, int b) {
      const auto it = std::lower_bound(cells.begin(), cells.end(), std::pair{a, b});
      return it != cells.end() && *it == std::pair{a, b} ? (*values)[static_cast<std::size_t>(it - cells.begin())]
                                                         : kInf32;
    };
    return cell_round_trace(n, block, blocked, floor, r, i, j, at);
  };
  // d[i][j] at position p of round r's trace: the last entry before p, else the round's start.
  auto value_at = [](const std::vector<LedgerEntry>& trace, std::int64_t p) {
    std::int32_t v = trace.front().d_ij_before;
    for (const LedgerEntry& e : trace)
      if (e.position < p) v = e.d_ij_after;
    return v;
  };

  // From the last round back while the entries fit; the first round always, for the value before the step.
  std::vector<LedgerEntry> listed;  // newest first
  bool all_rounds = true;
  for (int r = last_round; r >= first_round; --r) {
    const bool needed = r == last_round || r == first_round;
    if (!needed && listed.size() >= max_entries) {
      all_rounds = false;
      r = first_round + 1;  // skip to the first round
      continue;
    }
    const auto trace = trace_of(r);
    if (!trace) {
      if (needed) return std::nullopt;
      all_rounds = false;
      r = first_round + 1;
      continue;
    }
    if (r == last_round) ledger.value_after = value_at(*trace, end);
    if (r == first_round) ledger.value_before = value_at(*trace, begin);
    for (auto e = trace->rbegin(); e != trace->rend(); ++e) {
      if (e->position < begin || e->position >= end) continue;
      if (e->better()) ledger.improving_k.push_back(e->k);
      if (all_rounds && listed.size() < max_entries) listed.push_back(*e);  // no gap of skipped rounds
    }
  }
  std::reverse(listed.begin(), listed.end());
  std::sort(ledger.improving_k.begin(), ledger.improving_k.end());
  ledger.entries = std::move(listed);
  ledger.omitted = ledger.step_entries - static_cast<std::int64_t>(ledger.entries.size());
  ledger.improving_k_complete = all_rounds;
  ledger.mismatch = ledger.value_after != current;
  // After a negative cycle the replay's order of updates is not the backend's: the verdict ends at the value the
  // solver holds (the matrix shows it), the entries keep the replay's numbers, marked order-dependent.
  if (ledger.mismatch && ledger.order_dependent()) ledger.value_after = current;
  return ledger;
}

Explanation headline(const Ledger& ledger, bool blocked) {
  const LedgerEntry* shown = &ledger.entries.back();
  for (const LedgerEntry& e : ledger.entries)
    if (e.better()) shown = &e;
  Explanation x;
  x.round = shown->round;
  x.phase = shown->phase;
  x.k = shown->k;
  x.i = ledger.i;
  x.j = ledger.j;
  x.updated_by_step = true;
  x.d_ij_before = shown->d_ij_before;
  x.d_ik = shown->d_ik;
  x.d_kj = shown->d_kj;
  x.d_ij = shown->d_ij_after;
  x.line = pseudocode_line(blocked, x.phase, true);
  x.solver_value = ledger.solver_value;
  x.mismatch = ledger.mismatch;
  return x;
}

}  // namespace apsp::teach
