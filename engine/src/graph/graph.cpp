#include <apsp/core/errors.h>
#include <apsp/core/parallel_ranges.h>
#include <apsp/core/types.h>
#include <apsp/graph/graph.h>

#include <algorithm>
#include <string>

namespace apsp {

std::pair<std::int32_t, std::int32_t> Graph::weight_range() const {
  if (edges.empty()) return {0, 0};
  std::int32_t lo = edges.front().weight;
  std::int32_t hi = lo;
  for (const Edge& e : edges) {
    lo = std::min(lo, e.weight);
    hi = std::max(hi, e.weight);
  }
  return {lo, hi};
}

void Graph::validate(const std::string& source) const {
  if (n < 0) throw InputError(source, "", "negative vertex count n = " + std::to_string(n));
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const Edge& e = edges[i];
    if (e.src < 0 || e.src >= n || e.dst < 0 || e.dst >= n)
      throw InputError(source, "edge " + std::to_string(i),
                       "endpoint of " + std::to_string(e.src) + " -> " + std::to_string(e.dst) + " outside 0.." + std::to_string(n - 1));
  }
}

namespace {
template <class T>
void fill_edges(const Graph& g, DistanceMatrix& m) {
  // Bounds were checked by the caller; writing rows directly avoids per-edge get/set dispatch. Each thread owns
  // a range of rows and scatters the edges leaving them, so no cell is written by two threads and the lightest
  // edge wins as in one pass.
  const std::int64_t rows_per_range = std::max<std::int64_t>(1, (std::int64_t{1} << 22) / std::max(g.n, 1));
  for_each_range(g.n, 0, rows_per_range, [&g, &m](std::int64_t begin, std::int64_t end) {
    for (const Edge& e : g.edges) {
      if (e.src < begin || e.src >= end) continue;
      if (e.src == e.dst && e.weight >= 0) continue;  // a non-negative self loop never beats staying put
      T* cell = m.row<T>(e.src) + e.dst;
      const T w = static_cast<T>(e.weight);
      if (w < *cell) *cell = w;
    }
  });
}
}  // namespace

void check_weights_fit(const Graph& g, DType dtype) {
  // Weights must stay strictly inside (-INF, INF) of the dtype, or they would read as "unreachable".
  const std::int32_t limit = inf_of(dtype);
  for (std::size_t i = 0; i < g.edges.size(); ++i) {
    const Edge& e = g.edges[i];
    if (e.weight >= limit || e.weight <= -limit)
      throw RangeError("edge " + std::to_string(i) + " (" + std::to_string(e.src) + " -> " + std::to_string(e.dst) + ") has weight " +
                       std::to_string(e.weight) + ", outside the " + std::string(to_string(dtype)) + " range (-" + std::to_string(limit) +
                       ", " + std::to_string(limit) + ")");
  }
}

DistanceMatrix to_distance_matrix(const Graph& g, int block, DType dtype) {
  g.validate("graph");
  check_weights_fit(g, dtype);
  DistanceMatrix m(g.n, block, dtype);
  if (dtype == DType::I32)
    fill_edges<std::int32_t>(g, m);
  else
    fill_edges<std::int16_t>(g, m);
  return m;
}

}  // namespace apsp
