#include <apsp/core/errors.h>
#include <apsp/teach/predecessors.h>

#include <string>

namespace apsp::teach {

std::vector<std::int32_t> path_from_predecessors(const PredecessorMatrix& pi, int i, int j) {
  if (i < 0 || i >= pi.n())
    throw UsageError("vertex pair (" + std::to_string(i) + ", " + std::to_string(j) + ") outside 0.." +
                     std::to_string(pi.n() - 1));
  return path_in_predecessor_row(pi.row(i), i, j);
}

}  // namespace apsp::teach
