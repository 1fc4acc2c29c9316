#pragma once
/// @file k_clock.h
/// @brief Positions of a run counted in k-steps: every Cursor maps to one integer, so "back one phase",
/// "back one round" and a timeline slider are arithmetic on positions.
///
/// Position 0 is the start; position total() is "finished". A blocked run has three phases per round, each
/// of kb(r) = min(B, n - r*B) k-steps; a non-blocked run one Full phase of kb(r) k-steps per round.
#include <apsp/solve/solver.h>

#include <cstdint>

namespace apsp::teach {

class KClock {
 public:
  KClock() = default;
  /// @brief For a solver with @p n vertices, pivot block @p block, three phases per round when @p blocked.
  KClock(int n, int block, bool blocked);

  std::int64_t total() const;
  /// @brief Position of @p c: total() when finished, except a run stopped early by a negative cycle (finished
  /// with round < rounds()), which stands at the start of that round.
  std::int64_t position(const Cursor& c) const;
  /// @brief The Cursor at @p position (clamped to 0..total()).
  Cursor cursor_at(std::int64_t position) const;
  /// @brief k-steps in round @p round.
  int k_count(int round) const;
  int phases_per_round() const { return m_blocked ? 3 : 1; }
  /// @brief First position of round @p round (total() for round == rounds()).
  std::int64_t round_start(int round) const;
  /// @brief The last phase boundary strictly before @p position (0 at most).
  std::int64_t phase_boundary_before(std::int64_t position) const;
  /// @brief The last round boundary strictly before @p position (0 at most).
  std::int64_t round_boundary_before(std::int64_t position) const;
  /// @brief The end of the phase holding @p position (a boundary maps to the end of the phase starting there).
  std::int64_t phase_end(std::int64_t position) const;
  int rounds() const { return m_rounds; }
  bool blocked() const { return m_blocked; }
  int block() const { return m_block; }
  int n() const { return m_n; }

 private:
  int m_n = 0;
  int m_block = 1;
  bool m_blocked = true;
  int m_rounds = 0;
};

/// @brief Phase index 0..2 of a blocked phase (Pivot, PivotRowCol, Independent), 0 for Full.
int phase_index(Phase p);
/// @brief 1, 2, 3 for the blocked phases, 0 for Full: the numbering the classroom panels show.
int phase_number(Phase p);

}  // namespace apsp::teach
