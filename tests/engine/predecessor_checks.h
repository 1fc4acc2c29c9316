#pragma once
// Test helper shared by the engine and CUDA tests: a predecessor matrix Π is checked against the distances it
// goes with, path by path, over the input's edges (the lightest per pair).
#include <apsp/core/distance_matrix.h>
#include <apsp/core/predecessor_matrix.h>
#include <apsp/core/errors.h>
#include <apsp/teach/predecessors.h>

#include <cstdint>
#include <string>

namespace apsp::test {

/// "" when every pair agrees: π_ii NIL; π_ij NIL exactly where d_ij is unreachable; otherwise the path read
/// from Π runs over existing edges and its length is d_ij. Else the first disagreement, as text.
inline std::string predecessor_mismatch(const DistanceMatrix& weights, const DistanceMatrix& distances,
                                        const PredecessorMatrix& pi) {
  const int n = distances.n();
  if (pi.n() != n) return "Π has n = " + std::to_string(pi.n()) + ", the distances " + std::to_string(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const std::string at = "(" + std::to_string(i) + ", " + std::to_string(j) + "): ";
      const std::int32_t d = distances.get(i, j);
      if (i == j) {
        if (pi.at(i, j) != kNoPredecessor) return at + "π_ii is " + std::to_string(pi.at(i, j)) + ", not NIL";
        continue;
      }
      if (d == kInf32) {
        if (pi.at(i, j) != kNoPredecessor) return at + "unreachable but π = " + std::to_string(pi.at(i, j));
        continue;
      }
      if (pi.at(i, j) == kNoPredecessor) return at + "d = " + std::to_string(d) + " but π is NIL";
      std::vector<std::int32_t> path;
      try {
        path = teach::path_from_predecessors(pi, i, j);
      } catch (const Error& e) {
        return at + e.what();
      }
      if (path.empty() || path.front() != i || path.back() != j) return at + "the path does not run from i to j";
      std::int64_t length = 0;
      for (std::size_t t = 0; t + 1 < path.size(); ++t) {
        const std::int32_t w = weights.get(path[t], path[t + 1]);
        if (w == kInf32 || path[t] == path[t + 1])
          return at + "no edge " + std::to_string(path[t]) + " -> " + std::to_string(path[t + 1]);
        length += w;
      }
      if (length != d) return at + "the path from Π weighs " + std::to_string(length) + ", d = " + std::to_string(d);
    }
  return "";
}

}  // namespace apsp::test
