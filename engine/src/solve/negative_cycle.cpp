#include <apsp/core/stop_signal.h>
#include <apsp/core/types.h>
#include <apsp/solve/negative_cycle.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#endif

namespace apsp {

namespace {
/// Cells relaxed between two polls of the stop hook: milliseconds of work on one core, so a stop or a deadline
/// is answered at once, while a poll (a clock read) stays negligible next to the work.
constexpr std::int64_t kCellsPerPoll = std::int64_t{1} << 22;
/// Cells of one slab of rows, relaxed by all threads at once: large enough that starting the threads costs
/// little next to it.
constexpr std::int64_t kCellsPerSlab = std::int64_t{1} << 16;
/// Columns one thread owns within a slab: each row's segment is contiguous, and no two threads write the same
/// distance or parent, so the result does not depend on the number of threads.
constexpr int kColumnsPerChunk = 256;

int team(int threads) {
  if (threads > 0) return threads;
#ifdef _OPENMP
  return std::max(1, omp_get_max_threads());
#else
  return 1;
#endif
}

/// The rows @p rows: every edge u -> v out of them relaxes @p dist[v] and sets @p parent[v], from the
/// distances of those rows as they stood before (@p from, one per row), so threads split the columns without
/// reading what another writes. Returns whether anything relaxed.
template <class T>
bool relax_rows(const DistanceMatrix& m, const std::vector<int>& rows, const std::vector<std::int64_t>& from,
                std::vector<std::int64_t>& dist, std::vector<std::int32_t>& parent, [[maybe_unused]] int threads) {
  const int n = m.n();
  const T inf = static_cast<T>(std::is_same_v<T, std::int16_t> ? kInf16 : kInf32);
  const int chunks = (n + kColumnsPerChunk - 1) / kColumnsPerChunk;
  const auto count = rows.size();
  int relaxed = 0;
#pragma omp parallel for schedule(static) num_threads(threads) reduction(| : relaxed) if (threads > 1 && chunks > 1)
  for (int c = 0; c < chunks; ++c) {
    const int v_begin = c * kColumnsPerChunk;
    const int v_end = std::min(n, v_begin + kColumnsPerChunk);
    for (std::size_t r = 0; r < count; ++r) {
      const int u = rows[r];
      const T* row = m.template row<T>(u);
      const std::int64_t du = from[r];
      for (int v = v_begin; v < v_end; ++v) {
        const T w = row[v];
        if (w >= inf || v == u) continue;
        const std::int64_t candidate = du + w;
        if (candidate < dist[static_cast<std::size_t>(v)]) {
          dist[static_cast<std::size_t>(v)] = candidate;
          parent[static_cast<std::size_t>(v)] = u;
          relaxed = 1;
        }
      }
    }
  }
  return relaxed != 0;
}

template <class T>
std::vector<std::int32_t> search(const DistanceMatrix& m, const std::function<bool()>& should_stop, int threads) {
  const int n = m.n();
  const int rows_per_slab =
      static_cast<int>(std::min<std::int64_t>(n, std::max<std::int64_t>(1, kCellsPerSlab / std::max(1, n))));
  // The virtual source gives every vertex distance 0 to start with. Slab after slab of rows, each reading the
  // distances the earlier slabs left; inside a slab, the rows whose own distance a pass improved go again (at
  // most a slab's worth of passes), so a change travels along a path within one round as in the sequential
  // algorithm. Any cycle the parents close weighs less than 0.
  std::vector<std::int64_t> dist(static_cast<std::size_t>(n), 0);
  std::vector<std::int32_t> parent(static_cast<std::size_t>(n), -1);
  std::vector<int> rows;
  std::vector<std::int64_t> from;
  std::vector<std::int64_t> before;  // the slab's own distances before a pass
  std::int64_t cells_since_poll = 0;
  auto stop = [&should_stop] {
    if (!should_stop || !should_stop()) return false;
    throw_if_stop_requested();
    return true;
  };
  if (stop()) return {};  // a stop or a deadline that came before the search
  // A cycle of c vertices closes in the parents within about c rounds (fewer when its edges run in row order);
  // with a relaxation in round n a cycle is certain (a parent chain of n edges repeats a vertex). The bound is a
  // guard, never reached.
  for (int round = 0; round <= n; ++round) {
    bool relaxed = false;
    for (int first = 0; first < n; first += rows_per_slab) {
      const int last = std::min(n, first + rows_per_slab);
      rows.clear();
      for (int u = first; u < last; ++u) rows.push_back(u);
      for (int pass = 0; pass < rows_per_slab && !rows.empty(); ++pass) {
        from.clear();
        for (const int u : rows) from.push_back(dist[static_cast<std::size_t>(u)]);
        before.assign(dist.begin() + static_cast<std::ptrdiff_t>(first),
                      dist.begin() + static_cast<std::ptrdiff_t>(last));
        relaxed |= relax_rows<T>(m, rows, from, dist, parent, threads);
        cells_since_poll += static_cast<std::int64_t>(rows.size()) * n;
        if (cells_since_poll >= kCellsPerPoll) {
          cells_since_poll = 0;
          if (stop()) return {};
        }
        rows.clear();
        for (int u = first; u < last; ++u)
          if (dist[static_cast<std::size_t>(u)] < before[static_cast<std::size_t>(u - first)]) rows.push_back(u);
      }
    }
    if (!relaxed) return {};  // converged: no negative cycle
    std::vector<std::int32_t> cycle = parent_cycle(parent);
    if (!cycle.empty()) return cycle;
    if (stop()) return {};  // also once a round: many small rounds add up too
  }
  return {};
}
}  // namespace

std::vector<std::int32_t> parent_cycle(const std::vector<std::int32_t>& parent) {
  const auto n = static_cast<std::int32_t>(parent.size());
  std::vector<std::int32_t> walk_of(parent.size(), -1);  // the start of the walk that first reached a vertex
  for (std::int32_t start = 0; start < n; ++start) {
    if (walk_of[static_cast<std::size_t>(start)] >= 0) continue;
    std::int32_t v = start;
    while (v >= 0 && walk_of[static_cast<std::size_t>(v)] < 0) {
      walk_of[static_cast<std::size_t>(v)] = start;
      v = parent[static_cast<std::size_t>(v)];
    }
    if (v < 0 || walk_of[static_cast<std::size_t>(v)] != start) continue;  // ended at a root or an earlier walk
    std::vector<std::int32_t> cycle;
    std::int32_t u = v;
    do {
      cycle.push_back(u);
      u = parent[static_cast<std::size_t>(u)];
    } while (u != v);
    std::reverse(cycle.begin(), cycle.end());  // parents point backwards: reversed, the cycle follows its edges
    std::rotate(cycle.begin(), std::min_element(cycle.begin(), cycle.end()), cycle.end());
    return cycle;
  }
  return {};
}

std::vector<std::int32_t> find_negative_cycle(const DistanceMatrix& initial, const std::function<bool()>& should_stop,
                                              int threads) {
  const int n = initial.n();
  for (int v = 0; v < n; ++v)
    if (initial.get(v, v) < 0) return {v};  // negative self loop
  if (initial.dtype() == DType::I16) return search<std::int16_t>(initial, should_stop, team(threads));
  return search<std::int32_t>(initial, should_stop, team(threads));
}

}  // namespace apsp
