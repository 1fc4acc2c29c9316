#pragma once
// How often the worker publishes while a long job runs: the clock its jobs time themselves with, the interval
// between two snapshots of the host path, and PublishPacer, the rhythm of one job's snapshots. In a namespace of
// its own: the session's headers reach the whole studio, whose files keep their own small timing helpers.
#include <chrono>

namespace apsp::studio {
namespace pacing {

using Clock = std::chrono::steady_clock;

inline double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// A long job republishes at most this often, so the heatmap animates without re-encoding after every tiny step.
inline constexpr double kPublishIntervalMs = 40;

}  // namespace pacing

/// @brief The time of a long job's last snapshot, and whether the host path's interval passed since.
class PublishPacer {
 public:
  explicit PublishPacer(pacing::Clock::time_point start) : m_last(start) {}
  pacing::Clock::time_point last() const { return m_last; }
  bool interval_passed() const { return pacing::ms_since(m_last) > pacing::kPublishIntervalMs; }
  void published() { m_last = pacing::Clock::now(); }

 private:
  pacing::Clock::time_point m_last;
};

}  // namespace apsp::studio
