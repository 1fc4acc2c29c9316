#include <apsp/core/errors.h>
#include <apsp/core/option_limits.h>
#include <apsp/core/predecessor_matrix.h>

#include <algorithm>
#include <string>

namespace apsp {

std::vector<std::int32_t> path_in_predecessor_row(std::span<const std::int32_t> pred_of_i, int i, int j) {
  const int n = static_cast<int>(pred_of_i.size());
  if (i < 0 || j < 0 || i >= n || j >= n)
    throw UsageError("vertex pair (" + std::to_string(i) + ", " + std::to_string(j) + ") outside 0.." +
                     std::to_string(n - 1));
  if (i == j) return {i};
  if (pred_of_i[static_cast<std::size_t>(j)] == kNoPredecessor) return {};
  std::vector<std::int32_t> path{j};
  int v = j;
  while (v != i) {
    v = pred_of_i[static_cast<std::size_t>(v)];
    // A path has at most n vertices: a longer walk (or a NIL before i) means the table is not a tree rooted at i.
    if (v < 0 || v >= n || static_cast<int>(path.size()) >= n)
      throw Error("the predecessor matrix has no path " + std::to_string(i) + " -> " + std::to_string(j) +
                  " (a loop or a NIL on the way back from " + std::to_string(j) + ")");
    path.push_back(v);
  }
  std::reverse(path.begin(), path.end());
  return path;
}

void require_predecessor_vertices(std::int64_t n) {
  if (n > limits::kMaxPredecessorVertices)
    throw UsageError("the predecessor matrix is kept for at most " + std::to_string(limits::kMaxPredecessorVertices) +
                     " vertices; this graph has " + std::to_string(n));
}

}  // namespace apsp
