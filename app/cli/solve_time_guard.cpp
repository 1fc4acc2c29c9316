#include "solve_time_guard.h"

#include <apsp/core/errors.h>

#include <cstdio>

namespace apsp::cli {

SolveTimeGuard::SolveTimeGuard(const SolveEstimate& estimate, std::string backend, double max_seconds, bool quiet)
    : m_backend(std::move(backend)), m_max_seconds(max_seconds), m_estimate_seconds(estimate.seconds) {
  const std::string what = estimate.describe(m_backend);
  if (max_seconds > 0 && estimate.seconds > max_seconds)
    throw UsageError("refused: " + what + ", more than --max-seconds " + format_duration(max_seconds));
  // One line, before an O(n^3) solve that would otherwise run silently for minutes or hours.
  if (!quiet && estimate.seconds >= kAnnounceSeconds) std::fprintf(stderr, "apsp solve: %s\n", what.c_str());
  m_start = std::chrono::steady_clock::now();
}

double SolveTimeGuard::elapsed_seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
}

bool SolveTimeGuard::expired() const { return m_max_seconds > 0 && elapsed_seconds() > m_max_seconds; }

void SolveTimeGuard::check(const Solver& solver) const {
  if (solver.finished() || !expired()) return;
  const double elapsed = elapsed_seconds();
  throw UsageError("stopped after round " + std::to_string(solver.cursor().round) + " of " +
                   std::to_string(solver.rounds()) + ": " + format_duration(elapsed) + " passed, more than --max-seconds " +
                   format_duration(m_max_seconds) + " (estimated " + format_duration(m_estimate_seconds) +
                   "); nothing written");
}

}  // namespace apsp::cli
