#pragma once
/// @file time_travel.h
/// @brief Steps back in time on any backend, exactly: the matrix after going back equals, byte for byte, the
/// matrix reached by going forward to the same step.
///
/// TimeTravel wraps a Solver and records each step (granularity, cursor before and after). Going back
/// restores the nearest round-start checkpoint at or before the target through Solver::restore() (or
/// Solver::reset() for round 0) and replays forward with the solver itself, the largest granularity that does
/// not overshoot. Every state at a k-step boundary is a function of the position alone (each phase is k-outer
/// min-plus on integers), so a replay by rounds reaches what k-steps reached.
///
/// Why checkpoints only at round starts, also for small n: a variant may carry state inside a round (cuda-tuned
/// keeps phase 2's panels for its phase 3), never across one; within a round the replay is at most one round
/// of work, which at small n costs microseconds.
///
/// Memory budget (default 256 MiB of host memory, the matrix in the solver's padded layout and dtype), used only
/// while one matrix is at most a quarter of it: the starts of the two latest rounds reached are always held
/// (two buffers, reused: what the inspector reads), and a checkpoint every s rounds, s = ceil(rounds /
/// (budget / matrix - 2)), so that a whole run fits. When they exceed the budget (after going back and
/// forth), every other checkpoint is dropped, oldest first, never the current round's. Round 0 is always
/// available (rebuilt from the input). With a larger matrix nothing is held and going back replays from
/// round 0. Dropped buffers are reused, so a run allocates (and page-faults) each buffer once.
#include <apsp/solve/solver.h>
#include <apsp/teach/k_clock.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace apsp::teach {

inline constexpr std::uint64_t kDefaultTimeTravelBudget = 256ull << 20;

/// @brief What back() counts.
enum class TravelUnit { KStep, Phase, Round };

/// @brief One step taken: the state went from @p before to @p after. Stepping back to a point between two
/// recorded steps records one step from the last step before it to that point (granularity of the unit).
struct StepRecord {
  Granularity granularity = Granularity::Phase;
  Cursor before;
  Cursor after;
};

class TimeTravel {
 public:
  /// @param solver already reset() on the input; TimeTravel steps and restores it (keep it alive)
  /// @param make_initial builds the input matrix again (any layout), for going back to round 0
  /// @param budget_bytes host memory the checkpoints may hold
  TimeTravel(Solver& solver, std::function<DistanceMatrix()> make_initial,
             std::uint64_t budget_bytes = kDefaultTimeTravelBudget);
  /// @brief As above, the input being @p graph: going back to round 0 is solver.reset(*graph), so a backend that
  /// builds its matrix from the edges (Solver::reset(const Graph&)) needs no n x n host matrix for it.
  /// @param graph kept alive here; the solver was reset() on it
  TimeTravel(Solver& solver, std::shared_ptr<const Graph> graph, std::uint64_t budget_bytes = kDefaultTimeTravelBudget);

  /// @brief The owner reset() the solver: forgets the steps and the checkpoints.
  void restart();
  /// @brief solver.step(g), recorded; a step taken after going back forgets the steps that were ahead.
  /// A NegativeCycleError is recorded (the cursor says finished) and rethrown.
  StepResult step(Granularity g);
  /// @brief Back by @p count k-steps, phase boundaries or round boundaries (stops at the start).
  void back(int count, TravelUnit unit);
  /// @brief To the state after step @p index of history() (0: the start), ahead or back.
  void seek(std::size_t index);

  /// @brief The steps recorded, including those ahead of the current state after going back.
  const std::vector<StepRecord>& history() const { return m_history; }
  /// @brief How many recorded steps the current state has taken (0..history().size()).
  std::size_t current() const { return m_current; }
  /// @brief The step that led to the current state; nullopt at the start.
  std::optional<StepRecord> last_step() const;
  const KClock& clock() const { return m_clock; }

  /// @brief Normalized values (kInf32: unreachable) of @p cells at the start of round @p round, from a
  /// checkpoint, or by going there and back (exact, at any n; costs a replay).
  std::vector<std::int32_t> values_at_round_start(int round, const std::vector<std::pair<int, int>>& cells);
  /// @brief Min-plus updates (k-steps replayed x n^2, an upper bound) that values_at_round_start(@p round)
  /// would cost now: 0 with a checkpoint. Lets a caller that runs it after every step bound its work.
  std::uint64_t round_start_cost(int round) const;
  /// @brief Whether the start of @p round is held (values_at_round_start() is then a lookup).
  bool has_checkpoint(int round) const { return held(round) != nullptr; }
  /// @brief Round starts held: the spaced checkpoints and the two latest round starts.
  std::size_t checkpoint_count() const;
  std::uint64_t checkpoint_bytes() const;
  std::uint64_t budget_bytes() const { return m_budget; }

 private:
  std::int64_t position() const { return m_clock.position(m_solver.cursor()); }
  /// Moves the solver to @p target: forward by stepping, back by a checkpoint and a replay.
  void move_to(std::int64_t target);
  void advance_to(std::int64_t target);
  void restore_round(int round);
  void maybe_checkpoint();
  void thin_checkpoints();
  std::uint64_t matrix_bytes() const;
  /// The round whose checkpoint a move back to @p target would restore (0: the input).
  int restore_round_for(std::int64_t target) const;

  Solver& m_solver;
  std::function<DistanceMatrix()> m_make_initial;
  std::shared_ptr<const Graph> m_graph;  ///< the input as edges (then round 0 is reset(*m_graph)), or null
  std::uint64_t m_budget;
  KClock m_clock;
  std::vector<StepRecord> m_history;
  std::size_t m_current = 0;
  Cursor m_start;
  /// The matrix held for the start of @p round (a checkpoint or a recent round start), or null.
  const DistanceMatrix* held(int round) const;
  /// A buffer for a new checkpoint: a dropped one when there is one (no new allocation).
  DistanceMatrix take_spare();

  std::map<int, DistanceMatrix> m_checkpoints;  ///< round -> raw matrix at its start (Solver::read_state)
  DistanceMatrix m_recent[2];                   ///< the two latest round starts reached, reused buffers
  int m_recent_round[2] = {-1, -1};
  std::vector<DistanceMatrix> m_spare;          ///< dropped checkpoints' buffers
};

}  // namespace apsp::teach
