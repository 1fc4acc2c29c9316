#pragma once
/// @file predecessor_matrix.h
/// @brief The predecessor matrix Π (CLRS's second table): pred(i, j) is the vertex before j on the shortest
/// i -> j path it describes.
///
/// 0-based like every vertex in the engine: the textbook numbers its vertices from 1, so textbook vertex v is
/// engine vertex v - 1 and a textbook entry π = v reads v - 1 here; NIL is kNoPredecessor (-1), for i == j and
/// for j unreachable from i.
#include <cstdint>
#include <span>
#include <vector>

namespace apsp {

/// @brief NIL: no predecessor (i == j, or j unreachable from i).
inline constexpr std::int32_t kNoPredecessor = -1;

/// @brief n x n predecessors, row-major, every entry NIL when made.
class PredecessorMatrix {
 public:
  PredecessorMatrix() = default;
  explicit PredecessorMatrix(int n)
      : m_n(n), m_values(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), kNoPredecessor) {}

  int n() const { return m_n; }
  std::int32_t at(int i, int j) const { return m_values[index(i, j)]; }
  void set(int i, int j, std::int32_t v) { m_values[index(i, j)] = v; }
  std::span<const std::int32_t> row(int i) const { return {m_values.data() + index(i, 0), static_cast<std::size_t>(m_n)}; }
  /// @brief Row @p i to fill (what the solvers write Π through).
  std::span<std::int32_t> row_for_writing(int i) { return {m_values.data() + index(i, 0), static_cast<std::size_t>(m_n)}; }

  bool operator==(const PredecessorMatrix&) const = default;

 private:
  std::size_t index(int i, int j) const {
    return static_cast<std::size_t>(i) * static_cast<std::size_t>(m_n) + static_cast<std::size_t>(j);
  }

  int m_n = 0;
  std::vector<std::int32_t> m_values;
};

/// @brief The i -> j path that row @p pred_of_i (π_i·) describes, read backwards from j: i first, j last; {i}
/// when i == j; empty when π_ij is NIL (unreachable). Throws apsp::Error (one line) when the walk meets a vertex
/// outside 0..n-1 or runs longer than n vertices (Π has a loop), so a bad Π never hangs or crashes a caller.
std::vector<std::int32_t> path_in_predecessor_row(std::span<const std::int32_t> pred_of_i, int i, int j);

/// @brief Throws UsageError (one line) when a graph of @p n vertices is above limits::kMaxPredecessorVertices,
/// the largest n for which Π is kept (option_limits.h says why).
void require_predecessor_vertices(std::int64_t n);

}  // namespace apsp
