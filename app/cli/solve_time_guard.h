#pragma once
// apsp solve's time guard: says what a long solve is about to do, and enforces --max-seconds.
#include <apsp/core/solve_estimate.h>
#include <apsp/solve/solver.h>

#include <chrono>
#include <string>

namespace apsp::cli {

/// @brief Built right before the solve starts: prints the estimate on stderr when it exceeds a few seconds
/// (not with --quiet) and throws UsageError (exit 2) when it exceeds --max-seconds; check() after each round
/// throws UsageError once the solve has run longer than --max-seconds, and expired() bounds the waits inside a
/// step (SolverOptions::should_stop: a negative cycle then exits 3 without its vertices).
class SolveTimeGuard {
 public:
  /// Estimates at or above this many seconds are announced before the solve starts.
  static constexpr double kAnnounceSeconds = 5;

  SolveTimeGuard(const SolveEstimate& estimate, std::string backend, double max_seconds, bool quiet);
  /// @brief Throws UsageError when --max-seconds is set and has passed since construction.
  void check(const Solver& solver) const;
  /// @brief Whether --max-seconds is set and has passed since construction (check() without the throw).
  bool expired() const;

 private:
  double elapsed_seconds() const;

  std::string m_backend;
  double m_max_seconds;
  double m_estimate_seconds;
  std::chrono::steady_clock::time_point m_start;
};

}  // namespace apsp::cli
