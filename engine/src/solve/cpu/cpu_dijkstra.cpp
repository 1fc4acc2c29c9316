// cpu-dijkstra: one Dijkstra per source with an indexed 4-ary heap, sources spread over OpenMP threads (each
// thread owns its distance array and heap, so rows are independent and need no locks). With Johnson's
// potentials h the heap orders by D(v) - h(v), the reweighted distance minus a constant per source, while the
// distances themselves stay unreweighted: no reweighted copy of the graph and no un-reweighting pass.
#include <apsp/core/errors.h>
#include <apsp/core/types.h>

#include "solve/cpu/dary_heap.h"
#include "solve/sparse_factories.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <limits>
#include <mutex>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace apsp {

namespace {

constexpr std::int64_t kUnreached = std::numeric_limits<std::int64_t>::max();

struct Workspace {
  explicit Workspace(std::int32_t n) : distance(static_cast<std::size_t>(n), kUnreached), heap(n) {}
  std::vector<std::int64_t> distance;
  cpu::DaryHeap heap;
};

/// One source's row. kJohnson: order the heap by D(v) - h(v) (every reduced weight is >= 0, so a popped
/// vertex is final); otherwise by D(v).
template <bool kJohnson>
void dijkstra_row(const CsrGraph& g, const std::int64_t* h, std::int32_t source, Workspace& ws, std::int32_t* row) {
  std::int64_t* dist = ws.distance.data();
  std::fill(ws.distance.begin(), ws.distance.end(), kUnreached);
  ws.heap.clear();
  const std::int32_t* offsets = g.offsets.data();
  const std::int32_t* targets = g.targets.data();
  const std::int32_t* weights = g.weights.data();
  dist[source] = 0;
  ws.heap.push_or_decrease(source, kJohnson ? -h[source] : 0);
  while (!ws.heap.empty()) {
    std::int64_t key = 0;
    const std::int32_t u = ws.heap.pop(key);
    const std::int64_t du = dist[u];
    for (std::int32_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      const std::int32_t v = targets[e];
      const std::int64_t candidate = du + weights[e];
      if (candidate < dist[v] && !ws.heap.popped(v)) {
        dist[v] = candidate;
        ws.heap.push_or_decrease(v, kJohnson ? candidate - h[v] : candidate);
      }
    }
  }
  for (std::int32_t v = 0; v < g.n; ++v) row[v] = dist[v] == kUnreached ? kInf32 : checked_distance(dist[v], source, v);
}

class CpuDijkstra final : public SparseSolver {
 public:
  using SparseSolver::SparseSolver;
  std::string_view name() const override { return "cpu-dijkstra"; }

  std::uint64_t working_bytes(std::int64_t n, std::int64_t m) const override {
    (void)m;
    // Per thread: int64 distances, int32 heap positions, and at most n heap nodes of 16 bytes; plus h.
    return static_cast<std::uint64_t>(thread_count()) * static_cast<std::uint64_t>(n) * (8 + 4 + 16) + 8 * static_cast<std::uint64_t>(n);
  }

 protected:
  void solve_rows(const CsrGraph& graph, const std::vector<std::int64_t>& potentials, SourceDistances& out,
                  SparseSolveStats& stats) override {
    const int threads = thread_count();
    const std::int64_t rows = out.rows();
    if (rows == 0) return;
    // Batches between stop polls: about 100 per solve, each at least a few sources per thread.
    const std::int64_t batch = std::max<std::int64_t>(4 * threads, (rows + 99) / 100);
    std::vector<Workspace> spaces;
    spaces.reserve(static_cast<std::size_t>(threads));
    for (int t = 0; t < threads; ++t) spaces.emplace_back(graph.n);
    const std::int64_t* h = potentials.empty() ? nullptr : potentials.data();
    std::exception_ptr failure;
    std::mutex failure_mutex;
    for (std::int64_t first = 0; first < rows; first += batch) {
      throw_if_stopped();
      const std::int64_t last = std::min(rows, first + batch);
      const auto t0 = std::chrono::steady_clock::now();
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
      for (std::int64_t r = first; r < last; ++r) {
        try {
#ifdef _OPENMP
          Workspace& ws = spaces[static_cast<std::size_t>(omp_get_thread_num())];
#else
          Workspace& ws = spaces.front();
#endif
          const std::int32_t source = out.sources[static_cast<std::size_t>(r)];
          if (h)
            dijkstra_row<true>(graph, h, source, ws, out.row(r));
          else
            dijkstra_row<false>(graph, h, source, ws, out.row(r));
        } catch (...) {  // an exception must not leave an OpenMP region: keep the first, rethrow after it
          const std::lock_guard lock(failure_mutex);
          if (!failure) failure = std::current_exception();
        }
      }
      if (failure) std::rethrow_exception(failure);
      stats.batches.push_back({first, last - first, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count()});
    }
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
std::unique_ptr<SparseSolver> make_cpu_dijkstra(const SparseSolverOptions& options) { return std::make_unique<CpuDijkstra>(options); }
}  // namespace detail

}  // namespace apsp
