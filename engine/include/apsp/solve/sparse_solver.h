#pragma once
/// @file sparse_solver.h
/// @brief Sparse (per-source) solvers: Dijkstra from each chosen source on a CSR graph, with Johnson's
/// reweighting for negative edges. Not Floyd–Warshall Solvers: there are no rounds, no k and no n x n working
/// matrix, so they have their own interface and registry (apsp/solve/sparse_registry.h).
#include <apsp/graph/csr.h>
#include <apsp/graph/sources.h>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace apsp {

/// @brief Options of the sparse solvers; each uses what applies to it.
struct SparseSolverOptions {
  int threads = 0;             ///< cpu-dijkstra: OpenMP threads over the sources (0: one per core)
  int threads_per_block = 96;  ///< cuda-dijkstra, cuda-batched-bf: threads per block (the report's best)
  int concurrent = 4;          ///< cuda-dijkstra: sources in flight, one CUDA stream each (the report's best)
  /// Polled from the calling thread as sources finish (about every 50 ms on the CPU, after every finished
  /// source in cuda-dijkstra, every 8 rounds and after every batch in cuda-batched-bf): returning true stops
  /// the solve, which then throws InterruptedError when a stop signal is pending (apsp/core/stop_signal.h), else
  /// Error; an exception it throws ends the solve with it.
  std::function<bool()> should_stop;
  // cuda-batched-bf: Bellman–Ford over a batch of sources at once. After should_stop, so
  // positional initializers of the fields above keep their meaning.
  int batch = 0;    ///< sources per batch, rounded up to whole chunks (0: sized to the GPU's L2 and memory)
  int chunk = 128;  ///< sources one warp relaxes together: 32, 64 or 128 (1, 2 or 4 per lane)
  /// Progress hook (the studio's growing heatmap): called from the calling thread at the same points as
  /// should_stop (each closed SparseBatchSample) whenever the finished prefix grew; the last call of a solve
  /// that completes has rows_done = S. Rows
  /// [0, rows_done) of @p partial are final and may be read during the call; rows_done is the longest finished
  /// prefix of the source list (sources finish out of order when several run at once, so a later row may be
  /// final too, but only the prefix is promised) and never decreases. The hook must not keep a reference to
  /// @p partial (it is the solver's output, still being written beyond the prefix) and should be quick.
  std::function<void(const SourceDistances& partial, std::int64_t rows_done)> on_rows_done;
};

/// @brief One batch: the sources that finished between two samples (sources finish out of order when several
/// run at once, so a batch is a count, not a range of the list).
struct SparseBatchSample {
  std::int64_t first_row = 0;  ///< sources finished before this batch
  std::int64_t rows = 0;       ///< sources finished in it
  double ms = 0;               ///< wall time from the previous sample (or the start) to this one
};

/// @brief One solve's figures besides the rows.
struct SparseSolveStats {
  bool reweighted = false;   ///< Johnson's reweighting ran (some weight was negative)
  double potentials_ms = 0;  ///< Bellman–Ford for the potentials (0 without negative weights)
  double rows_ms = 0;        ///< every source's row, upload and conversion included
  std::vector<SparseBatchSample> batches;
};

class SparseSolver {
 public:
  explicit SparseSolver(const SparseSolverOptions& options) : m_options(options) {}
  virtual ~SparseSolver() = default;
  SparseSolver(const SparseSolver&) = delete;
  SparseSolver& operator=(const SparseSolver&) = delete;

  /// @brief Name as in the sparse registry ("cpu-dijkstra", "cuda-dijkstra").
  virtual std::string_view name() const = 0;
  const SparseSolverOptions& options() const { return m_options; }

  /// @brief The rows of @p sources (each in 0..n-1): S x n int32, unreachable = kInf32, equal to those rows of
  /// Floyd–Warshall's matrix. Negative weights go through Johnson's reweighting. Throws NegativeCycleError
  /// (with the vertices of one cycle) when the graph has a negative cycle anywhere, as the dense solvers do;
  /// RangeError when a finite distance leaves (-kInf32, kInf32); OutOfMemoryError before allocating.
  SourceDistances solve(const CsrGraph& graph, const std::vector<std::int32_t>& sources);
  /// @brief solve() into @p out, reusing its storage: a caller solving repeatedly (apsp bench's timed runs)
  /// neither frees the last result nor faults in fresh pages for the next one inside its timing.
  void solve_into(const CsrGraph& graph, const std::vector<std::int32_t>& sources, SourceDistances& out);

  /// @brief Figures of the last solve().
  const SparseSolveStats& stats() const { return m_stats; }

  /// @brief Host bytes solve() allocates besides the graph and the result, for a graph of @p n vertices and
  /// @p m edges, so callers can refuse before anything is built.
  virtual std::uint64_t working_bytes(std::int64_t n, std::int64_t m) const = 0;

 protected:
  /// @brief Fills @p out (already sized S x n) from @p graph; @p potentials is empty or Johnson's h (n values,
  /// h(v) <= 0), with which every w(u, v) + h(u) - h(v) is >= 0. Records batches in @p stats.
  virtual void solve_rows(const CsrGraph& graph, const std::vector<std::int64_t>& potentials, SourceDistances& out,
                          SparseSolveStats& stats) = 0;
  /// @brief Calls options().should_stop and throws (InterruptedError or Error) when it says stop.
  void throw_if_stopped() const;
  /// @brief Calls options().on_rows_done, if any, with @p out and the finished prefix @p rows_done.
  void report_rows_done(const SourceDistances& out, std::int64_t rows_done) const {
    if (m_options.on_rows_done) m_options.on_rows_done(out, rows_done);
  }

 private:
  SparseSolverOptions m_options;
  SparseSolveStats m_stats;
};

/// @brief Johnson's potentials: Bellman–Ford from a virtual source joined to every vertex with weight 0.
/// Returns h (h(v) = the shortest distance to v from the virtual source, <= 0). Throws NegativeCycleError with
/// the vertices of one cycle, in edge order from its smallest vertex, when there is a negative cycle (found as
/// soon as the parents close it). @p should_stop is polled from the calling thread every few million edges:
/// returning true stops with InterruptedError when a stop signal is pending, else Error; an exception it
/// throws ends the search with it (as SparseSolverOptions::should_stop).
std::vector<std::int64_t> johnson_potentials(const CsrGraph& graph, const std::function<bool()>& should_stop = {});

/// @brief A finite distance (int64, as the solvers add it) as an int32 result entry; throws RangeError when it
/// leaves (-kInf32, kInf32), since it would read as unreachable or overflow.
std::int32_t checked_distance(std::int64_t d, std::int32_t source, std::int32_t target);

}  // namespace apsp
