#pragma once
/// @file solve_progress.h
/// @brief Follows how many rounds of a solver's enqueued work have finished (round_progress.h's meaning:
/// on every GPU that owns rows), without waiting: GPU steps only enqueue, and their samples arrive as their
/// CUDA events complete.
#include <apsp/profile/round_progress.h>
#include <apsp/solve/solver.h>

#include <cstddef>
#include <vector>

namespace apsp {

/// @brief The GPUs that own rows (and so report phase 3 every round) when an @p n-vertex matrix is solved
/// on @p gpus GPUs with @p block and @p dtype; {} for one GPU or the CPU.
std::vector<int> reporting_devices(int n, int block, int gpus, DType dtype);

class SolveProgress {
 public:
  /// @brief For @p solver as it was reset (its n and options); reset() clears the profile, so follow a reset
  /// solver with a new SolveProgress.
  explicit SolveProgress(const Solver& solver);
  SolveProgress() = default;  ///< follows nothing: 0 rounds done

  /// @brief Pulls in the samples whose events completed (collect_timings(false), never waits) and returns
  /// rounds_done().
  int update(Solver& solver);
  int rounds_done() const { return m_progress.rounds_done(); }
  /// @brief See RoundProgress::round_ms().
  double round_ms() const { return m_progress.round_ms(); }

 private:
  std::size_t m_seen = 0;
  RoundProgress m_progress;
};

}  // namespace apsp
