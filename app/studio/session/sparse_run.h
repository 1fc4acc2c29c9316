#pragma once
// A sparse solve in the studio, owned by the worker thread: the CSR graph, the chosen
// sources, the S x n rows filled so far (a finished prefix of the source list), the teaching stepper of the
// current source (steps: one settled vertex; apsp/teach/dijkstra_trace.h) and the registered sparse solver that
// "run to end" runs on the remaining sources, taking its rows as its progress hook reports them.
#include <apsp/graph/csr.h>
#include <apsp/graph/graph.h>
#include <apsp/graph/sources.h>
#include <apsp/solve/sparse_solver.h>
#include <apsp/teach/dijkstra_trace.h>
#include <apsp/view/view.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace apsp::studio {

/// @brief What the frame loop sees of a sparse run (SessionSnapshot::sparse).
struct SparseSnapshot {
  std::string backend;
  std::string sources_text;     ///< the --sources text ("all", "0:16", "3,0,7")
  std::int64_t sources = 0;     ///< S
  std::int64_t rows_done = 0;   ///< rows [0, rows_done) are final
  std::shared_ptr<const std::vector<std::int32_t>> source_ids;  ///< row r holds the distances from (*source_ids)[r]
  bool finished() const { return rows_done >= sources; }
  // The teaching stepper (small graphs: filled while n <= the graph view's limit).
  std::int32_t current_source = -1;   ///< the source being stepped; -1: none started
  std::vector<std::int32_t> settled;  ///< in settle order
  std::vector<std::int32_t> frontier;
  std::vector<std::int64_t> tentative;  ///< per vertex, the stepper's distance; kNoDistance while unreached
  static constexpr std::int64_t kNoDistance = INT64_MAX;
  std::int32_t last_settled = -1;
  std::int64_t settles = 0;           ///< vertices settled by steps, over all sources
  // The last run of the real solver ("run to end").
  std::int64_t solved_rows = 0;       ///< rows it computed (the rest came from steps)
  double rows_ms = 0;                 ///< its time for them (SparseSolveStats::rows_ms)
  double potentials_ms = 0;
  bool reweighted = false;
  std::vector<SparseBatchSample> batches;
};

class SparseRun {
 public:
  /// @brief Builds the solver first (UnavailableError for a GPU solver without a device, UsageError for bad
  /// knobs or sources), then the S x n rows of @p csr (the CSR form of @p graph), all pending.
  SparseRun(std::shared_ptr<const Graph> graph, CsrGraph csr, std::string backend, const SourceSpec& sources,
            const SparseSolverOptions& options);

  const std::string& backend() const { return m_backend; }
  const SourceSpec& spec() const { return m_spec; }
  std::int64_t rows() const { return m_result.rows(); }
  std::int64_t rows_done() const { return m_rows_done; }
  bool finished() const { return m_rows_done >= rows(); }
  /// @brief The S x n rows; rows at or after rows_done() are not computed yet (kInf32 placeholders).
  const SourceDistances& result() const { return m_result; }
  /// @brief Rows [0, rows_done()) as their own result (what --distances writes).
  SourceDistances finished_rows() const;

  /// @brief Settles one vertex of the current source with the teaching stepper (starting it if needed); a
  /// source whose last vertex settled becomes row rows_done(). Returns false when every row is done.
  /// Throws NegativeCycleError (Johnson's potentials) as the solvers do.
  bool settle_one();
  /// @brief The current source's remaining settles; false when every row was already done.
  bool finish_source();
  /// @brief The real solver on the rows not done yet. @p on_progress runs (on this thread) after each batch of
  /// rows arrived; @p should_stop as SparseSolverOptions::should_stop. Rows done before a stop are kept.
  void solve_remaining(const std::function<bool()>& should_stop, const std::function<void()>& on_progress);
  /// @brief Every row pending again, no stepper.
  void reset();

  /// @brief Tile minima of the rows for view @p g (apsp/view/source_rows_view.h), pending rows as
  /// kViewPendingTile; kept between calls, so only texel rows completed since the last call are reduced.
  const std::vector<std::int32_t>& view_tiles(const ViewGeometry& g);

  /// @brief @p with_trace: the stepper's settled and frontier sets (small graphs only: they are copied).
  SparseSnapshot snapshot(bool with_trace) const;

 private:
  void commit_stepper_row();

  std::shared_ptr<const Graph> m_graph;  // kept alive for the CSR's lifetime (shared with the graph view)
  std::string m_backend;
  SourceSpec m_spec;
  std::unique_ptr<SparseSolver> m_solver;
  CsrGraph m_csr;
  std::optional<std::vector<std::int64_t>> m_potentials;  // Johnson's h for the stepper, computed at first use
  SourceDistances m_result;
  std::shared_ptr<const std::vector<std::int32_t>> m_source_ids;  // m_result.sources, shared with snapshots
  std::int64_t m_rows_done = 0;
  std::optional<teach::DijkstraStepper> m_stepper;
  std::int64_t m_settles = 0;
  std::int64_t m_solved_rows = 0;
  SparseSolveStats m_last_stats;
  // The view's tiles, texel rows [0, m_tile_rows_ready) final (view_tiles()).
  std::vector<std::int32_t> m_tiles;
  ViewGeometry m_tiles_geometry;
  int m_tile_rows_ready = 0;
};

}  // namespace apsp::studio
