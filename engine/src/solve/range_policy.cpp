#include <apsp/core/errors.h>
#include <apsp/core/parallel_ranges.h>
#include <apsp/solve/range_policy.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

namespace apsp {

namespace {
template <class T> void weight_bounds(const DistanceMatrix& m, std::int64_t& neg_sum, std::int64_t& max_pos) {
  // Row ranges over every core, each with its own column minima, combined after: every cell is read once.
  const int n = m.n();
  const T inf = DistTraits<T>::inf;
  struct Bounds {
    std::vector<std::int64_t> min_in;
    std::int64_t max_pos = 0;
  };
  const std::int64_t rows_per_range = std::max<std::int64_t>(1, (std::int64_t{1} << 22) / std::max(n, 1));
  const int ranges = static_cast<int>(std::min<std::int64_t>(range_threads(0), std::max<std::int64_t>(1, n / rows_per_range)));
  std::vector<Bounds> parts(static_cast<std::size_t>(std::max(ranges, 1)));
  for_each_range(ranges, ranges, 1, [&](std::int64_t first, std::int64_t last) {
    for (std::int64_t part = first; part < last; ++part) {
      Bounds& b = parts[static_cast<std::size_t>(part)];
      b.min_in.assign(static_cast<std::size_t>(n), 0);
      for (auto i = static_cast<int>(n * part / ranges); i < n * (part + 1) / ranges; ++i) {
        const T* row = m.row<T>(i);
        for (int j = 0; j < n; ++j) {
          if (i == j || row[j] >= inf) continue;
          const std::int64_t w = row[j];
          if (w < b.min_in[static_cast<std::size_t>(j)]) b.min_in[static_cast<std::size_t>(j)] = w;
          if (w > b.max_pos) b.max_pos = w;
        }
      }
    }
  });
  std::vector<std::int64_t> min_in(static_cast<std::size_t>(n), 0);
  for (const Bounds& b : parts) {
    max_pos = std::max(max_pos, b.max_pos);
    for (std::size_t j = 0; j < b.min_in.size(); ++j) min_in[j] = std::min(min_in[j], b.min_in[j]);
  }
  for (std::int64_t w : min_in) neg_sum += w;
}
}  // namespace

namespace {
RangePolicy policy_from_bounds(DType dtype, int n, std::int64_t neg_sum, std::int64_t max_pos, bool negative_diagonal) {
  RangePolicy p;
  p.dtype = dtype;
  p.inf = inf_of(dtype);
  p.real_max = (p.inf - 1) / 2;
  const std::int64_t margin = static_cast<std::int64_t>(p.inf) - p.real_max - 1;
  if (2 * -neg_sum + max_pos > margin) {
    throw RangeError(std::string(to_string(p.dtype)) + " cannot hold this graph's distances safely: negative weights sum to " +
                     std::to_string(neg_sum) + " and the largest weight is " + std::to_string(max_pos) +
                     " (needs 2*|negative sum| + largest <= " + std::to_string(margin) + ")" +
                     (p.dtype == DType::I16 ? "; use --dtype i32" : ""));
  }
  p.unreachable_from = static_cast<std::int32_t>(p.inf + 2 * neg_sum);
  p.negative_weights = neg_sum < 0;
  p.may_leave_range = static_cast<std::int64_t>(std::max(n - 1, 0)) * max_pos > p.real_max;
  p.negative_weights = p.negative_weights || negative_diagonal;
  return p;
}
}  // namespace

RangePolicy make_range_policy(const DistanceMatrix& initial) {
  std::int64_t neg_sum = 0;  // L: a simple path enters each vertex at most once
  std::int64_t max_pos = 0;
  if (initial.dtype() == DType::I32)
    weight_bounds<std::int32_t>(initial, neg_sum, max_pos);
  else
    weight_bounds<std::int16_t>(initial, neg_sum, max_pos);
  bool negative_diagonal = false;
  for (int i = 0; i < initial.n() && !negative_diagonal; ++i) negative_diagonal = initial.get(i, i) < 0;
  return policy_from_bounds(initial.dtype(), initial.n(), neg_sum, max_pos, negative_diagonal);
}

RangePolicy make_range_policy(const Graph& graph, DType dtype) {
  // The matrix keeps the lightest edge of each pair, so the largest weight it holds is the largest of those
  // minima: sort by pair and weight, and the first edge of each pair is the one the matrix keeps.
  std::vector<Edge> edges;
  edges.reserve(graph.edges.size());
  for (const Edge& e : graph.edges)
    if (e.src != e.dst) edges.push_back(e);
  std::sort(edges.begin(), edges.end(), [](const Edge& a, const Edge& b) {
    return std::tie(a.src, a.dst, a.weight) < std::tie(b.src, b.dst, b.weight);
  });
  std::vector<std::int64_t> min_in(static_cast<std::size_t>(std::max(graph.n, 0)), 0);
  std::int64_t max_pos = 0;
  for (std::size_t i = 0; i < edges.size(); ++i) {
    if (i > 0 && edges[i].src == edges[i - 1].src && edges[i].dst == edges[i - 1].dst) continue;
    const std::int64_t w = edges[i].weight;
    std::int64_t& in = min_in[static_cast<std::size_t>(edges[i].dst)];
    in = std::min(in, w);
    max_pos = std::max(max_pos, w);
  }
  std::int64_t neg_sum = 0;
  for (std::int64_t w : min_in) neg_sum += w;
  bool negative_diagonal = false;
  for (const Edge& e : graph.edges) negative_diagonal = negative_diagonal || (e.src == e.dst && e.weight < 0);
  return policy_from_bounds(dtype, graph.n, neg_sum, max_pos, negative_diagonal);
}

void check_distance(const RangePolicy& policy, std::int64_t i, std::int64_t j, std::int32_t v) {
  if (v != kInf32 && policy.out_of_range(v))
    throw RangeError("distance from " + std::to_string(i) + " to " + std::to_string(j) + " leaves the " +
                     std::string(to_string(policy.dtype)) + " range (above " + std::to_string(policy.real_max) + ")" +
                     (policy.dtype == DType::I16 ? "; use --dtype i32" : ""));
}

void check_range(const RangePolicy& policy, const DistanceMatrix& m) {
  for (int i = 0; i < m.n(); ++i)
    for (int j = 0; j < m.n(); ++j) check_distance(policy, i, j, m.get(i, j));
}

}  // namespace apsp
