// cpu-dijkstra: one Dijkstra per source with a radix heap, sources spread over OpenMP threads (each thread owns
// its distance array and heap, so rows are independent and need no locks). The radix heap replaced an indexed
// 4-ary heap with decrease-key: 1.46 s instead of 2.30 s of CPU time for all 4096 sources of
// gnm:n=4096,m=30000,seed=1 on one thread of this project's 2-core machine (README "Sparse graphs"). With Johnson's
// potentials h the heap orders by D(v) - h(v), the reweighted distance minus a constant per source, while the
// distances themselves stay unreweighted: no reweighted copy of the graph and no un-reweighting pass.
#include <apsp/core/errors.h>
#include <apsp/core/types.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <limits>
#include <mutex>

#include "solve/cpu/radix_heap.h"
#include "solve/sparse_factories.h"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace apsp {

namespace {

constexpr std::int64_t kUnreached = std::numeric_limits<std::int64_t>::max();

struct Workspace {
  explicit Workspace(std::int32_t n) : distance(static_cast<std::size_t>(n), kUnreached) {}
  std::vector<std::int64_t> distance;
  cpu::RadixHeap heap;
};

/// The row entry of a reached vertex: in range inline, the error (with its message) out of line.
inline std::int32_t row_value(std::int64_t d, std::int32_t source, std::int32_t v) {
  if (d == kUnreached) return kInf32;
  if (d < kInf32 && d > -kInf32) return static_cast<std::int32_t>(d);
  return checked_distance(d, source, v);  // throws RangeError
}

/// One source's row. The heap orders by key(v) = D(v) - h(v) with Johnson's potentials (D(v) without): keys
/// are >= 0 (h <= 0, reduced weights >= 0) and popped in non-decreasing order, as the radix heap requires,
/// and a vertex popped with its current key is final.
template <bool kJohnson>
void dijkstra_row(const CsrGraph& g, const std::int64_t* h, std::int32_t source, Workspace& ws, std::int32_t* row) {
  std::int64_t* dist = ws.distance.data();
  std::fill(ws.distance.begin(), ws.distance.end(), kUnreached);
  ws.heap.clear();
  const std::int32_t* offsets = g.offsets.data();
  const std::int32_t* targets = g.targets.data();
  const std::int32_t* weights = g.weights.data();
  const auto key_of = [h](std::int64_t d, std::int32_t v) {
    return static_cast<std::uint64_t>(kJohnson ? d - h[v] : d);
  };
  dist[source] = 0;
  ws.heap.push(key_of(0, source), source);
  while (!ws.heap.empty()) {
    const cpu::RadixHeap::Item item = ws.heap.pop();
    const std::int32_t u = item.vertex;
    const std::int64_t du = dist[u];
    if (item.key != key_of(du, u)) continue;  // stale: u was pushed again with a smaller key, already popped
    for (std::int32_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      const std::int32_t v = targets[e];
      const std::int64_t candidate = du + weights[e];
      if (candidate < dist[v]) {
        dist[v] = candidate;
        ws.heap.push(key_of(candidate, v), v);
      }
    }
  }
  for (std::int32_t v = 0; v < g.n; ++v) row[v] = row_value(dist[v], source, v);
}

class CpuDijkstra final : public SparseSolver {
 public:
  using SparseSolver::SparseSolver;
  std::string_view name() const override { return "cpu-dijkstra"; }

  std::uint64_t working_bytes(std::int64_t n, std::int64_t m) const override {
    (void)m;
    // Per thread: int64 distances and the heap's items (16 bytes; about one per vertex, a few more for the
    // re-pushed ones, so 2 per vertex counted); plus h.
    return static_cast<std::uint64_t>(thread_count()) * static_cast<std::uint64_t>(n) * (8 + 2 * 16) +
           8 * static_cast<std::uint64_t>(n);
  }

 protected:
  void solve_rows(const CsrGraph& graph, const std::vector<std::int64_t>& potentials, SourceDistances& out,
                  SparseSolveStats& stats) override {
    const int threads = static_cast<int>(std::min<std::int64_t>(thread_count(), out.rows()));
    const std::int64_t rows = out.rows();
    if (rows == 0) return;
    throw_if_stopped();
    const std::int64_t* h = potentials.empty() ? nullptr : potentials.data();
    // One parallel region for the whole solve: a region per batch costs a fork and a join each, which on a
    // busy machine (threads waiting for a core) cost more than the rows. Sources are handed out one by one;
    // the calling thread (OpenMP's thread 0) also polls should_stop about every 50 ms and closes a batch sample.
    std::atomic<std::int64_t> next{0};
    std::atomic<std::int64_t> finished{0};
    std::atomic<bool> stop{false};
    std::exception_ptr failure;
    std::mutex failure_mutex;
    auto fail = [&](std::exception_ptr e) {
      const std::lock_guard lock(failure_mutex);
      if (!failure) failure = e;
      stop = true;
    };
    std::int64_t batch_first = 0;
    auto batch_start = std::chrono::steady_clock::now();
    // Rows finish out of order; the progress hook promises a finished prefix, so each row raises its flag
    // (release: its values are written) and the calling thread advances the prefix over raised flags (acquire).
    std::vector<std::atomic<std::uint8_t>> row_finished(static_cast<std::size_t>(rows));
    std::int64_t prefix = 0;
    auto close_batch = [&](std::chrono::steady_clock::time_point now) {
      const std::int64_t done = finished.load();
      if (done > batch_first)
        stats.batches.push_back(
            {batch_first, done - batch_first, std::chrono::duration<double, std::milli>(now - batch_start).count()});
      batch_first = done;
      batch_start = now;
      const std::int64_t before = prefix;
      while (prefix < rows && row_finished[static_cast<std::size_t>(prefix)].load(std::memory_order_acquire)) ++prefix;
      if (prefix > before) report_rows_done(out, prefix);
    };
#pragma omp parallel num_threads(threads)
    {
#ifdef _OPENMP
      const bool caller = omp_get_thread_num() == 0;
#else
      const bool caller = true;
#endif
      try {
        Workspace ws(graph.n);  // allocated by the thread that uses it (first touch on its NUMA node)
        for (std::int64_t r = next++; r < rows && !stop; r = next++) {
          const std::int32_t source = out.sources[static_cast<std::size_t>(r)];
          if (h)
            dijkstra_row<true>(graph, h, source, ws, out.row(r));
          else
            dijkstra_row<false>(graph, h, source, ws, out.row(r));
          row_finished[static_cast<std::size_t>(r)].store(1, std::memory_order_release);
          ++finished;
          if (caller) {
            const auto now = std::chrono::steady_clock::now();
            if (now - batch_start >= std::chrono::milliseconds(50)) {
              close_batch(now);
              throw_if_stopped();
            }
          }
        }
      } catch (...) {  // an exception must not leave an OpenMP region: keep the first, rethrow after it
        fail(std::current_exception());
      }
    }
    if (failure) std::rethrow_exception(failure);
    close_batch(std::chrono::steady_clock::now());
  }

 private:
  int thread_count() const {
    if (options().threads > 0) return options().threads;
#ifdef _OPENMP
    return std::max(1, omp_get_max_threads());
#else
    return 1;
#endif
  }
};

}  // namespace

namespace detail {
std::unique_ptr<SparseSolver> make_cpu_dijkstra(const SparseSolverOptions& options) {
  return std::make_unique<CpuDijkstra>(options);
}
}  // namespace detail

}  // namespace apsp
