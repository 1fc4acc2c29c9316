#pragma once
/// @file range_policy.h
/// @brief When is a stored value a real distance, and when is it "unreachable"? Exact rules for i32 and i16.
///
/// min(c, a + b) never saturates, so with negative edges INF + (negative) dips below INF. Let L <= 0 be a lower
/// bound of every shortest-path length (the sum over vertices of their most negative incoming weight) and
/// Wp the largest positive weight. A value computed from at least one missing edge is >= INF + 2L (every walk
/// segment around it is >= L), and no sum ever exceeds 2 * INF, so nothing overflows. Hence:
///   - values >= unreachable_from = INF + 2L are unreachable;
///   - real distances must be <= real_max = (INF - 1) / 2 (8191 for i16, 536870911 for i32);
///   - a value in (real_max, unreachable_from) is a real distance out of range: RangeError, never a wrong number.
/// The band (real_max, unreachable_from) is at least Wp wide (checked up front), so a path whose length
/// leaves the range always leaves a prefix inside the band, where the final check catches it.
///
/// Negative cycles (a negative self loop is one) break "every value is >= L": walks around a cycle get
/// shorter each k, exponentially within a round, long before the check after the round sees a negative
/// diagonal. So every backend stores max(min(c, a + b), F) with F = floor = -(INF + 1) / 2 (types.h) in
/// phases 1 and 2, and in every update of a non-blocked variant; phase 3 needs no clamp. Invariant: the
/// pivot row and column are >= F after phases 1 and 2, every other cell is >= 2F, so every sum is >= 4F
/// = -2^31 (i32) or -2^15 (i16) and <= 2 * INF: inside the type. The clamp changes no result:
///   - without a negative cycle every value is a walk length >= L > F (L >= -(INF + 1) / 4 by the check above);
///   - with one, the value after the clamp is still <= the length of every simple path it bounds (those are
///     >= L > F), so the diagonal entry of a vertex on the cycle still ends <= the cycle's length < 0, and the
///     check after the round reports the cycle.
#include <apsp/core/distance_matrix.h>
#include <apsp/graph/graph.h>

#include <cstdint>

namespace apsp {

struct RangePolicy {
  DType dtype = DType::I32;
  std::int32_t inf = kInf32;               ///< the dtype's INF
  std::int32_t real_max = (kInf32 - 1) / 2;
  std::int32_t unreachable_from = kInf32;  ///< INF + 2L
  bool negative_weights = false;          ///< some edge (or self loop) is negative: a negative cycle is possible
  /// Some shortest path could exceed real_max: (n - 1) * Wp > real_max (a shortest path is simple, so it has at
  /// most n - 1 edges). When false, a finished solve is in range without looking at it.
  bool may_leave_range = true;

  /// @brief kInf32 for unreachable values, the value itself otherwise (no range check).
  std::int32_t normalize(std::int32_t v) const { return v >= unreachable_from ? kInf32 : v; }
  /// @brief True when @p v is a real distance outside the representable range.
  bool out_of_range(std::int32_t v) const { return v > real_max && v < unreachable_from; }
};

/// @brief Derives the policy from an initial matrix; throws RangeError when the weights leave no safe margin
/// (e.g. int16 with large negative weights), saying to use i32.
RangePolicy make_range_policy(const DistanceMatrix& initial);
/// @brief The policy make_range_policy() gives for to_distance_matrix(@p graph, any block, @p dtype), from the
/// edges alone (the lightest edge per pair counts, a non-negative self loop does not): no n x n matrix needed.
RangePolicy make_range_policy(const Graph& graph, DType dtype);

/// @brief Throws RangeError naming (i, j) and the value when @p m holds a value in the out-of-range band.
void check_range(const RangePolicy& policy, const DistanceMatrix& m);
/// @brief The check of check_range() for one value @p v at (@p i, @p j), for callers that read rows, not matrices.
void check_distance(const RangePolicy& policy, std::int64_t i, std::int64_t j, std::int32_t v);

}  // namespace apsp
