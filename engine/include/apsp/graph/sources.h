#pragma once
/// @file sources.h
/// @brief `--sources LIST|A:B|all`: which rows of the distance matrix a solve produces, and the S x n result.
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <type_traits>
#include <utility>
#include <string_view>
#include <vector>

namespace apsp {

class DistanceMatrix;

/// @brief A parsed --sources value, resolved against n once the graph is known.
///
/// "all" (every vertex, in order: the n x n matrix), "A:B" (the half-open range A, A+1, ..., B-1, as in
/// Python), or a comma-separated list "3,0,7" (rows in the order given, no vertex twice).
struct SourceSpec {
  enum class Kind { All, Range, List };
  Kind kind = Kind::All;
  std::int64_t begin = 0;          ///< Range: first source
  std::int64_t end = 0;            ///< Range: one past the last source
  std::vector<std::int64_t> list;  ///< List: the sources in order

  /// @brief Parses the flag's text. Throws UsageError (one line, naming --sources) on a syntax error, a
  /// negative id, an empty or reversed range, or a vertex listed twice. Ids above n are caught by resolve().
  static SourceSpec parse(std::string_view text);
  /// @brief The sources for a graph of @p n vertices; throws UsageError when one is outside 0..n-1.
  std::vector<std::int32_t> resolve(std::int32_t n) const;
  /// @brief How many rows resolve(@p n) gives, without building the list (for memory checks).
  std::int64_t count(std::int64_t n) const;
  bool all() const { return kind == Kind::All; }
  /// @brief "all", "0:64" or "3,0,7", for logs.
  std::string to_string() const;
};

/// @brief True when @p sources is exactly 0, 1, ..., n-1: the rows form the full n x n matrix.
bool is_every_vertex_in_order(const std::vector<std::int32_t>& sources, std::int32_t n);

/// @brief An allocator whose value-less construct leaves the element uninitialized (resize() then costs nothing):
/// the sparse solvers write every cell of their S x n result, and filling 1 GiB first on one thread (its page
/// faults included) cost about as much as a whole GPU solve of 16384 sources.
template <class T>
struct UninitializedAllocator : std::allocator<T> {
  using value_type = T;
  UninitializedAllocator() = default;
  template <class U>
  UninitializedAllocator(const UninitializedAllocator<U>&) noexcept {}
  template <class U>
  struct rebind {
    using other = UninitializedAllocator<U>;
  };
  template <class U>
  void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

/// @brief The values of an S x n result: resize() leaves them unwritten (see UninitializedAllocator).
using DistanceValues = std::vector<std::int32_t, UninitializedAllocator<std::int32_t>>;

/// @brief S x n int32 distances from the sources, row-major; unreachable = kInf32 (2^30 - 1), as everywhere.
struct SourceDistances {
  std::int32_t n = 0;
  std::vector<std::int32_t> sources;  ///< row r holds the distances from sources[r]
  DistanceValues values;              ///< sources.size() * n

  std::int64_t rows() const { return static_cast<std::int64_t>(sources.size()); }
  std::int32_t* row(std::int64_t r) { return values.data() + r * static_cast<std::int64_t>(n); }
  const std::int32_t* row(std::int64_t r) const { return values.data() + r * static_cast<std::int64_t>(n); }
  /// @brief Bytes of the values of @p rows x @p n.
  static std::uint64_t bytes_for(std::int64_t rows, std::int64_t n) {
    return 4 * static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(n);
  }
};

/// @brief The rows of @p sources from a solved dense matrix (any dtype; unreachable normalized to kInf32), so a
/// Floyd–Warshall solve can answer --sources too.
SourceDistances select_rows(const DistanceMatrix& m, const std::vector<std::int32_t>& sources);

}  // namespace apsp
