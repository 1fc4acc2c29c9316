#include "session/lesson_range.h"

#include <apsp/core/errors.h>
#include <apsp/solve/registry.h>
#include <apsp/solve/solver.h>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace apsp::studio {

std::optional<ValueRange> lesson_range(const DistanceMatrix& initial, bool blocked, int block) {
  const int n = initial.n();
  if (n <= 0 || n > kLessonRangeMaxN) return std::nullopt;
  SolverOptions o;
  o.block = std::clamp(block, 1, n);
  o.dtype = initial.dtype();
  o.threads = 1;  // the frame loop keeps its core
  // Every k-step of the session's solver produces the states this CPU variant produces (solver.h's Cursor
  // invariant): the three phases of the blocked algorithm, or one whole-matrix pass per k.
  auto replay = create_solver(blocked ? "cpu-blocked" : "cpu-naive", o);
  try {
    // First to the end: the smallest value of any state is the final matrix's (no distance ever grows), and
    // only cells unreachable at the start but reachable at the end can take a first finite value later.
    replay->reset(initial);
    while (!replay->finished()) replay->step(Granularity::Round);
    ValueRange r{0, 0, false};
    auto include = [&r](std::int32_t v) {
      r.lo = r.has_finite ? std::min(r.lo, v) : v;
      r.hi = r.has_finite ? std::max(r.hi, v) : v;
      r.has_finite = true;
    };
    std::vector<std::pair<int, int>> appearing;
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        const std::int32_t last = replay->value_at(i, j);
        const std::int32_t first = initial.get(i, j);
        if (first < kInf32) include(first);
        if (last < kInf32) include(last);
        if (first >= kInf32 && last < kInf32) appearing.emplace_back(i, j);
      }
    }
    // Then k-step by k-step: the first finite value of each appearing cell is the largest it ever shows.
    replay->reset(initial);
    while (!appearing.empty() && !replay->finished()) {
      replay->step(Granularity::KStep);
      std::erase_if(appearing, [&](const std::pair<int, int>& c) {
        const std::int32_t v = replay->value_at(c.first, c.second);
        if (v >= kInf32) return false;
        include(v);
        return true;
      });
    }
    return r;
  } catch (const NegativeCycleError&) {
    return std::nullopt;  // distances fall without bound until the run stops: no range to keep
  } catch (const RangeError&) {
    return std::nullopt;
  }
}

}  // namespace apsp::studio
