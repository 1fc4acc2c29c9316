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

std::vector<std::pair<int, int>> relaxation_inputs(int n, int block, bool blocked, const RelaxationPoint& point,
                                                   int i, int j) {
  (void)blocked;
  const int p0 = point.round * block;
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

Explanation explain(int n, int block, bool blocked, std::int32_t floor, const RelaxationPoint& point, int i, int j,
                    const std::function<std::int32_t(int, int)>& round_start,
                    const std::function<std::int32_t(int, int)>& current) {
  Explanation e;
  e.round = point.round;
  e.phase = phase_number(point.phase);
  const int p0 = point.round * block;
  const int kb = std::min(block, n - p0);
  e.k = p0 + point.k_offset;
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
  for (const auto& [a, b] : relaxation_inputs(n, block, blocked, point, i, j)) m.at(a, b) = round_start(a, b);

  std::vector<int> pivots(static_cast<std::size_t>(kb));
  for (int p = 0; p < kb; ++p) pivots[p] = p0 + p;
  auto relax_cells = [&](int k, const std::vector<int>& rows, const std::vector<int>& cols, bool clamp) {
    for (int a : rows)
      for (int b : cols) m.at(a, b) = relaxed(m.at(a, b), m.at(a, k), m.at(k, b), clamp, floor);
  };
  const std::vector<int> row_i{i}, col_j{j};
  bool clamp = true;
  const int t = point.k_offset;
  switch (point.phase) {
    case Phase::Full: {
      // Naive: every pair is relaxed through each k; only rows i and P and columns j and P matter here.
      std::vector<int> rows = pivots, cols = pivots;
      if (i < p0 || i >= p0 + kb) rows.push_back(i);
      if (j < p0 || j >= p0 + kb) cols.push_back(j);
      for (int kk = 0; kk < t; ++kk) relax_cells(p0 + kk, rows, cols, true);
      break;
    }
    case Phase::Pivot:
      for (int kk = 0; kk < t; ++kk) relax_cells(p0 + kk, pivots, pivots, true);
      break;
    default: {
      for (int kk = 0; kk < kb; ++kk) relax_cells(p0 + kk, pivots, pivots, true);  // phase 1, whole
      const bool in_row_panel = i >= p0 && i < p0 + kb;
      const bool in_col_panel = j >= p0 && j < p0 + kb;
      if (point.phase == Phase::PivotRowCol) {
        for (int kk = 0; kk < t; ++kk) {
          if (in_row_panel) relax_cells(p0 + kk, pivots, col_j, true);
          if (in_col_panel) relax_cells(p0 + kk, row_i, pivots, true);
        }
      } else {
        for (int kk = 0; kk < kb; ++kk) {  // phase 2 for the panel column j and panel row i, whole
          relax_cells(p0 + kk, pivots, col_j, true);
          relax_cells(p0 + kk, row_i, pivots, true);
        }
        clamp = false;  // phase 3 needs no clamp (range_policy.h)
        for (int kk = 0; kk < t; ++kk) relax_cells(p0 + kk, row_i, col_j, false);
      }
      break;
    }
  }
  e.d_ij_before = m.at(i, j);
  e.d_ik = m.at(i, e.k);
  e.d_kj = m.at(e.k, j);
  e.d_ij = relaxed(e.d_ij_before, e.d_ik, e.d_kj, clamp, floor);
  e.mismatch = e.d_ij != e.solver_value;
  return e;
}

}  // namespace apsp::teach
