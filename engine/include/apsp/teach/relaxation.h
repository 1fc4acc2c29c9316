#pragma once
/// @file relaxation.h
/// @brief The arithmetic of one relaxation, d[i][j] = min(d[i][j], d[i][k] + d[k][j]), with the real numbers
/// of a step, computed exactly at any n from the matrix at the start of the step's round.
///
/// Which k (explain): a k-step has one. A phase or round step covers many: the relaxation shown is the LAST k of the
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
///
/// The ledger (step_ledger) lists every k of the step instead, from the same replay: one place computes the
/// arithmetic of a round for a cell (the cell's trace), explain() and the ledger both read it.
#include <apsp/core/types.h>
#include <apsp/solve/solver.h>

#include <algorithm>
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

/// @brief One k of a step for one cell: d[i][j] before and after d[i][j] = min(d[i][j], d[i][k] + d[k][j]).
struct LedgerEntry {
  int round = 0;               ///< 0-based
  int phase = 0;               ///< 1, 2, 3 (blocked), 0 (naive)
  int k = 0;                   ///< global intermediate vertex
  std::int64_t position = 0;   ///< the k-step on the KClock: the run went from position to position + 1
  std::int32_t d_ij_before = 0;  ///< normalized, kInf32 = unreachable
  std::int32_t d_ik = 0;
  std::int32_t d_kj = 0;
  std::int32_t d_ij_after = 0;
  /// A negative cycle showed in the round at or before this k (some d[k'][k'] < 0 relaxed through): d[i][k]
  /// and d[k][j] may change during such a k-step itself, so these numbers depend on the backend's order of
  /// updates and may differ from the solver's (which stops at the end of this round).
  bool order_dependent = false;
  bool better() const { return d_ij_after < d_ij_before; }
};

/// @brief Every k a step relaxes cell (i, j) through, and the verdict: the value at the start of the step and
/// at its end. Each k relaxes each cell exactly once in a whole run (in the cell's phase of the k's round), so
/// a phase step lists its k range when the phase relaxes the cell (else nothing), a round step the cell's
/// phase of that round, and a multi-round step one entry per k, the earliest omitted beyond max_entries.
struct Ledger {
  int i = 0;
  int j = 0;
  std::vector<LedgerEntry> entries;  ///< in k order; the step's last ones when some are omitted
  std::int64_t omitted = 0;          ///< entries of the step before entries.front() that are not listed
  std::int64_t step_entries = 0;     ///< entries of the whole step: entries.size() + omitted
  std::int32_t value_before = 0;     ///< d[i][j] at the start of the step (normalized)
  std::int32_t value_after = 0;      ///< d[i][j] at the end of the step (the solver's, where a negative
                                     ///< cycle made the replay's order-dependent numbers differ)
  std::vector<int> improving_k;      ///< every k of the step that lowered the cell, listed or not, when known
  bool improving_k_complete = true;  ///< false: rounds not replayed (beyond the cost bound) may hold more
  std::int32_t solver_value = 0;     ///< the solver's d[i][j] now, for the cross-check
  bool mismatch = false;             ///< value_after != solver_value: a bug to report, never expected
  bool relaxes_cell() const { return step_entries > 0; }
  bool order_dependent() const {
    return std::any_of(entries.begin(), entries.end(), [](const LedgerEntry& e) { return e.order_dependent; });
  }
  bool improved() const { return value_after < value_before; }
};

/// @brief Entries kept at most: every k of a step for blocks up to 256.
inline constexpr std::size_t kLedgerMaxEntries = 256;

/// @brief Normalized values of @p cells at the start of @p round, or nullopt when reading them costs too much
/// (the caller's bound; the ledger then lists the rounds it could read, and fails only without the step's
/// first and last rounds).
using RoundStartReader =
    std::function<std::optional<std::vector<std::int32_t>>(int round, const std::vector<std::pair<int, int>>& cells)>;

/// @brief The ledger of cell (i, j) for the step from @p before to @p after, replayed exactly (O(B^3) per
/// round) from round starts read through @p read. @p current: the solver's d[i][j] now. nullopt when the step
/// did nothing or a round start the verdict needs could not be read.
std::optional<Ledger> step_ledger(int n, int block, bool blocked, std::int32_t floor, const Cursor& before,
                                  const Cursor& after, int i, int j, std::int32_t current, const RoundStartReader& read,
                                  std::size_t max_entries = kLedgerMaxEntries);

/// @brief The relaxation the one-line fields describe for a ledger that relaxes the cell: its last improving
/// listed entry, else its last entry.
Explanation headline(const Ledger& ledger, bool blocked);

/// @brief min(d_ij, d_ik + d_kj) on normalized values: kInf32 absorbs, a finite sum clamps at @p floor when
/// @p clamp (phases 1, 2 and Full; range_policy.h).
std::int32_t relaxed(std::int32_t d_ij, std::int32_t d_ik, std::int32_t d_kj, bool clamp, std::int32_t floor);

}  // namespace apsp::teach
