#pragma once
/// @file relaxation.h
/// @brief The arithmetic of one relaxation, d[i][j] = min(d[i][j], d[i][k] + d[k][j]), with the real numbers
/// of a step, computed exactly at any n from the matrix at the start of the step's round.
///
/// Which k: a k-step has one. A phase or round step covers many: the relaxation shown is the LAST k of the
/// last phase within the step that relaxes the cell (for a round step, the cell's own phase of that round:
/// 1 for the pivot block, 2 for the pivot row and column blocks, 3 otherwise). When no phase of the step
/// relaxes the cell (a phase step over other blocks), updated_by_step is false, k is the step's last k, and
/// the values are the current ones (d_ij_before == d_ij).
///
/// How: the blocked algorithm is k-outer inside each phase, and a cell depends on few others within a round:
/// phase 1 on the pivot block, phase 2 on the pivot block and its own column (row panel) or row (column
/// panel) of the panel block, phase 3 on its row of the column panel and its column of the row panel. So from
/// the round-start values of the pivot block, of row i and column j over the pivot range, and of d[i][j],
/// O(B^3) work replays exactly what the step did to the cell; the naive variant likewise on the vertices
/// {i, j} plus the round's k range. Values are normalized (kInf32 = unreachable; INF absorbs additions), and
/// phases 1, 2 and Full clamp at the dtype's floor as every backend does (range_policy.h).
#include <apsp/core/types.h>
#include <apsp/solve/solver.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace apsp::teach {

/// @brief The inspector's answer for cell (i, j) after one step.
struct Explanation {
  int round = 0;      ///< round of the relaxation shown (0-based)
  int phase = 0;      ///< 1, 2, 3 (blocked), 0 (naive: one Full pass per round)
  int k = 0;          ///< global intermediate vertex (0-based)
  int i = 0;
  int j = 0;
  bool updated_by_step = false;  ///< whether the step relaxes this cell at all
  std::int32_t d_ij_before = 0;  ///< normalized, kInf32 = unreachable
  std::int32_t d_ik = 0;
  std::int32_t d_kj = 0;
  std::int32_t d_ij = 0;         ///< after the relaxation shown (== the solver's value after the step)
  int line = 0;                  ///< pseudocode_line(blocked, phase, updated_by_step)
  std::int32_t solver_value = 0; ///< the solver's d[i][j] after the step, for the cross-check
  bool mismatch = false;         ///< d_ij != solver_value: a bug to report loudly, never expected
};

/// @brief The relaxation shown for a step from @p before to @p after (cursors of a solver with @p n vertices,
/// pivot block @p block, three-phase when @p blocked): (round, phase, k offset inside the round's phase) and
/// whether it relaxes (i, j). nullopt when the step did nothing (before == after).
struct RelaxationPoint {
  int round = 0;
  Phase phase = Phase::Full;
  int k_offset = 0;
  bool relaxes_cell = false;
};
std::optional<RelaxationPoint> relaxation_point(int n, int block, bool blocked, const Cursor& before,
                                                const Cursor& after, int i, int j);

/// @brief The cells whose round-start values explain() reads for @p point and cell (i, j).
std::vector<std::pair<int, int>> relaxation_inputs(int n, int block, bool blocked, const RelaxationPoint& point,
                                                   int i, int j);

/// @brief Explains cell (i, j) at @p point. @p round_start(a, b) gives d[a][b] at the start of point.round
/// (normalized) for every cell of relaxation_inputs(); @p current(a, b) the solver's value now (used for the
/// cross-check, and for the values shown when the step does not relax the cell). @p floor: floor_of(dtype).
Explanation explain(int n, int block, bool blocked, std::int32_t floor, const RelaxationPoint& point, int i, int j,
                    const std::function<std::int32_t(int, int)>& round_start,
                    const std::function<std::int32_t(int, int)>& current);

/// @brief min(d_ij, d_ik + d_kj) on normalized values: kInf32 absorbs, a finite sum clamps at @p floor when
/// @p clamp (phases 1, 2 and Full; range_policy.h).
std::int32_t relaxed(std::int32_t d_ij, std::int32_t d_ik, std::int32_t d_kj, bool clamp, std::int32_t floor);

}  // namespace apsp::teach
