#pragma once
// How often the worker publishes while a long job runs: the clock its jobs time themselves with, and the
// interval between two snapshots of the host path. In a namespace of its own: the session's headers reach the
// whole studio, whose files keep their own small timing helpers.
#include <chrono>

namespace apsp::studio::pacing {

using Clock = std::chrono::steady_clock;

inline double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// A long job republishes at most this often, so the heatmap animates without re-encoding after every tiny step.
inline constexpr double kPublishIntervalMs = 40;

}  // namespace apsp::studio::pacing
