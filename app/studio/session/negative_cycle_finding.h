#pragma once
// What the classroom knows of a negative cycle that stopped the solve. A recovery of its vertices that was
// stopped (cancel, closing) still leaves the cycle found: "found, vertices unknown" is not "no cycle".
#include <apsp/core/errors.h>

#include <cstdint>
#include <vector>

namespace apsp::studio {

struct NegativeCycleFinding {
  bool found = false;
  std::vector<std::int32_t> vertices;  ///< the cycle; empty when none was found or its recovery was stopped

  bool vertices_known() const { return found && !vertices.empty(); }
  static NegativeCycleFinding from(const NegativeCycleError& e) { return {true, e.cycle()}; }
  bool operator==(const NegativeCycleFinding&) const = default;
};

}  // namespace apsp::studio
