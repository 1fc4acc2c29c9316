#pragma once
// The errors that stop a solve short of a usable result (a negative cycle, a distance outside the dtype's
// range), as opposed to the errors of a job (a bad path, no graph loaded).
#include <apsp/core/errors.h>

#include <exception>
#include <optional>
#include <string>

namespace apsp::studio {

/// @brief What the snapshot says when @p e stopped the solve ("negative cycle: ...", "RangeError: ..."); nullopt
/// for any other error.
inline std::optional<std::string> stop_reason(const std::exception& e) {
  if (dynamic_cast<const NegativeCycleError*>(&e)) return std::string(e.what());
  if (dynamic_cast<const RangeError*>(&e)) return std::string("RangeError: ") + e.what();
  return std::nullopt;
}

inline bool stops_the_solve(const std::exception& e) { return stop_reason(e).has_value(); }

}  // namespace apsp::studio
