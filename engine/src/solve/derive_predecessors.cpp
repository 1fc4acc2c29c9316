#include <apsp/core/errors.h>
#include <apsp/solve/derive_predecessors.h>

#include <algorithm>
#include <exception>
#include <string>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#endif

namespace apsp {

namespace {

/// Scratch of one thread's searches.
struct SearchScratch {
  std::vector<std::int32_t> queue;
  std::vector<char> seen;
  std::vector<std::int32_t> distances;
};

/// The search of derive_predecessors.h for one source. @p for_each_out_edge(u, visit) calls visit(v, w) for
/// u's out-edges in increasing v.
template <class ForEachOutEdge>
void search_row(int n, int source, const std::int32_t* dist, int inner_end, std::int32_t* pred, SearchScratch& s,
                const ForEachOutEdge& for_each_out_edge) {
  std::fill(pred, pred + n, kNoPredecessor);
  if (dist[source] != 0)
    throw Error("no predecessor matrix: d[" + std::to_string(source) + "][" + std::to_string(source) + "] = " +
                std::to_string(dist[source]) + " (vertex " + std::to_string(source) + " lies on a negative cycle)");
  s.seen.assign(static_cast<std::size_t>(n), 0);
  s.queue.clear();
  s.queue.push_back(source);
  s.seen[static_cast<std::size_t>(source)] = 1;
  for (std::size_t head = 0; head < s.queue.size(); ++head) {
    const std::int32_t u = s.queue[head];
    if (u != source && u >= inner_end) continue;  // reached, but not yet allowed to lie inside a path
    const std::int64_t du = dist[u];
    for_each_out_edge(u, [&](std::int32_t v, std::int32_t w) {
      if (s.seen[static_cast<std::size_t>(v)] || dist[v] == kInf32 || du + w != dist[v]) return;
      s.seen[static_cast<std::size_t>(v)] = 1;
      pred[v] = u;
      s.queue.push_back(v);
    });
  }
  for (int v = 0; v < n; ++v)
    if (!s.seen[static_cast<std::size_t>(v)] && dist[v] != kInf32)
      throw Error("no predecessor matrix: d[" + std::to_string(source) + "][" + std::to_string(v) + "] = " +
                  std::to_string(dist[v]) + " is the length of no path of the graph's edges");
}

/// Runs @p row(r, scratch) for r in [0, rows) on @p threads threads; the first exception is rethrown after.
template <class RowFn> void for_each_row(std::int64_t rows, int threads, const RowFn& row) {
  std::exception_ptr failure;
#ifdef _OPENMP
  const int team = threads > 0 ? threads : omp_get_max_threads();
#else
  const int team = 1;
  (void)threads;
#endif
  const int used = static_cast<int>(std::max<std::int64_t>(1, std::min<std::int64_t>(team, rows)));
#pragma omp parallel num_threads(used)
  {
    SearchScratch scratch;
#pragma omp for schedule(dynamic, 16)
    for (std::int64_t r = 0; r < rows; ++r) {
      try {
        row(r, scratch);
      } catch (...) {
#pragma omp critical(apsp_derive_predecessors)
        if (!failure) failure = std::current_exception();
      }
    }
  }
  if (failure) std::rethrow_exception(failure);
}

template <class T>
void derive_dense(const DistanceMatrix& weights, const DistanceMatrix& distances, int inner_end, int threads,
                  PredecessorMatrix& out) {
  const int n = distances.n();
  const T inf = DistTraits<T>::inf;
  const auto out_edges = [&weights, n, inf](std::int32_t u, const auto& visit) {
    const T* w = weights.row<T>(u);
    for (std::int32_t v = 0; v < n; ++v)
      if (v != u && w[v] < inf) visit(v, static_cast<std::int32_t>(w[v]));
  };
  for_each_row(n, threads, [&](std::int64_t r, SearchScratch& s) {
    const int i = static_cast<int>(r);
    s.distances.resize(static_cast<std::size_t>(n));
    for (int v = 0; v < n; ++v) s.distances[static_cast<std::size_t>(v)] = distances.get(i, v);
    search_row(n, i, s.distances.data(), inner_end, out.row_for_writing(i).data(), s, out_edges);
  });
}

}  // namespace

void derive_predecessors(const DistanceMatrix& weights, const DistanceMatrix& distances, int inner_end, int threads,
                         PredecessorMatrix& out) {
  require_predecessor_vertices(distances.n());
  if (weights.n() != distances.n()) throw UsageError("derive_predecessors: the weights and distances differ in n");
  if (out.n() != distances.n()) out = PredecessorMatrix(distances.n());
  if (weights.dtype() == DType::I16)
    derive_dense<std::int16_t>(weights, distances, inner_end, threads, out);
  else
    derive_dense<std::int32_t>(weights, distances, inner_end, threads, out);
}

SourceDistances derive_predecessor_rows(const CsrGraph& graph, const SourceDistances& rows, int threads) {
  require_predecessor_vertices(graph.n);
  SourceDistances pred;
  pred.n = rows.n;
  pred.sources = rows.sources;
  pred.values.resize(rows.values.size());
  const auto out_edges = [&graph](std::int32_t u, const auto& visit) {
    for (std::int32_t e = graph.offsets[static_cast<std::size_t>(u)]; e < graph.offsets[static_cast<std::size_t>(u) + 1]; ++e) {
      const std::int32_t v = graph.targets[static_cast<std::size_t>(e)];
      if (v != u) visit(v, graph.weights[static_cast<std::size_t>(e)]);
    }
  };
  for_each_row(rows.rows(), threads, [&](std::int64_t r, SearchScratch& s) {
    search_row(rows.n, rows.sources[static_cast<std::size_t>(r)], rows.row(r), graph.n, pred.row(r), s, out_edges);
  });
  return pred;
}

}  // namespace apsp
