#pragma once
// Test helper shared by the engine and CUDA tests: a predecessor matrix Π is checked against the distances it
// goes with, path by path, over the input's edges (the lightest per pair).
#include <apsp/core/distance_matrix.h>
#include <apsp/core/predecessor_matrix.h>
#include <apsp/core/errors.h>
#include <apsp/teach/predecessors.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace apsp::test {

/// "" when every pair agrees: π_ii NIL; π_ij NIL exactly where d_ij is unreachable; otherwise the path read
/// from Π runs over existing edges and its length is d_ij. Else the first disagreement, as text.
inline std::string predecessor_mismatch(const DistanceMatrix& weights, const DistanceMatrix& distances,
                                        const PredecessorMatrix& pi) {
  const int n = distances.n();
  std::ostringstream why;  // (not std::string's operator+: GCC 12 warns falsely about it under -O3, -Werror)
  const auto say = [&why](const auto&... parts) {
    (why << ... << parts);
    return why.str();
  };
  if (pi.n() != n) {
    why << "Π has n = " << pi.n() << ", the distances " << n;
    return why.str();
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      why << "(" << i << ", " << j << "): ";
      const std::int32_t d = distances.get(i, j);
      const std::int32_t u = pi.at(i, j);
      if (i == j || d == kInf32) {
        if (u != kNoPredecessor) return say((i == j ? "π_ii" : "unreachable but π"), " = ", u);
        why.str("");
        continue;
      }
      if (u == kNoPredecessor) return say("d = ", d, " but π is NIL");
      std::vector<std::int32_t> path;
      try {
        path = teach::path_from_predecessors(pi, i, j);
      } catch (const Error& e) {
        return say(e.what());
      }
      if (path.empty() || path.front() != i || path.back() != j) return say("the path does not run from i to j");
      std::int64_t length = 0;
      for (std::size_t t = 0; t + 1 < path.size(); ++t) {
        const std::int32_t w = weights.get(path[t], path[t + 1]);
        if (w == kInf32 || path[t] == path[t + 1]) return say("no edge ", path[t], " -> ", path[t + 1]);
        length += w;
      }
      if (length != d) return say("the path from Π weighs ", length, ", d = ", d);
      why.str("");
    }
  return "";
}

}  // namespace apsp::test
