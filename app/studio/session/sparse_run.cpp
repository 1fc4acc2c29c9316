#include "session/sparse_run.h"

#include <apsp/core/errors.h>
#include <apsp/core/types.h>
#include <apsp/solve/sparse_registry.h>
#include <apsp/view/source_rows_view.h>

#include <algorithm>
#include <cstring>

namespace apsp::studio {

SparseRun::SparseRun(std::shared_ptr<const Graph> graph, CsrGraph csr, std::string backend, const SourceSpec& sources,
                     const SparseSolverOptions& options)
    : m_graph(std::move(graph)), m_backend(std::move(backend)), m_spec(sources) {
  m_solver = create_sparse_solver(m_backend, options);
  m_csr = std::move(csr);
  m_result.n = m_csr.n;
  m_result.sources = m_spec.resolve(m_csr.n);
  m_source_ids = std::make_shared<const std::vector<std::int32_t>>(m_result.sources);
  m_result.values.assign(static_cast<std::size_t>(m_result.rows()) * static_cast<std::size_t>(m_csr.n), kInf32);
}

SourceDistances SparseRun::finished_rows() const {
  SourceDistances out;
  out.n = m_result.n;
  out.sources.assign(m_result.sources.begin(), m_result.sources.begin() + m_rows_done);
  out.values.assign(m_result.values.begin(),
                    m_result.values.begin() + m_rows_done * static_cast<std::int64_t>(m_result.n));
  return out;
}

void SparseRun::commit_stepper_row() {
  const std::vector<std::int32_t> row = m_stepper->row();
  std::copy(row.begin(), row.end(), m_result.row(m_rows_done));
  ++m_rows_done;
  m_stepper.reset();
}

bool SparseRun::settle_one() {
  if (finished()) return false;
  if (!m_stepper) {
    if (!m_potentials)
      m_potentials = m_csr.has_negative_weight() ? johnson_potentials(m_csr, m_solver->options().should_stop)
                                                 : std::vector<std::int64_t>{};
    m_stepper.emplace(m_csr, m_result.sources[static_cast<std::size_t>(m_rows_done)], *m_potentials);
  }
  if (m_stepper->step()) ++m_settles;
  if (m_stepper->done()) commit_stepper_row();
  return true;
}

bool SparseRun::finish_source() {
  if (finished()) return false;
  const std::int64_t row = m_rows_done;
  while (m_rows_done == row) settle_one();
  return true;
}

void SparseRun::solve_remaining(const std::function<bool()>& should_stop, const std::function<void()>& on_progress) {
  if (finished()) return;
  m_stepper.reset();  // the source being stepped is solved again by the real solver, from scratch
  const std::int64_t first = m_rows_done;
  const std::vector<std::int32_t> rest(m_result.sources.begin() + first, m_result.sources.end());
  const auto n = static_cast<std::size_t>(m_result.n);
  std::int64_t copied = 0;  // rows of the solver's output already in m_result
  SparseSolverOptions options = m_solver->options();
  options.should_stop = should_stop;
  options.on_rows_done = [&](const SourceDistances& partial, std::int64_t rows_done) {
    if (rows_done > copied)
      std::memcpy(m_result.row(first + copied), partial.row(copied),
                  4 * n * static_cast<std::size_t>(rows_done - copied));
    copied = rows_done;
    m_rows_done = first + copied;
    if (on_progress) on_progress();
  };
  // A solver of the same name and knobs with this run's hooks (the hooks are options, fixed at creation).
  const std::unique_ptr<SparseSolver> solver = create_sparse_solver(m_backend, options);
  try {
    const SourceDistances all = solver->solve(m_csr, rest);
    // Every row arrived through the hook; copying them again keeps this right for a solver that never calls it.
    std::copy(all.values.begin(), all.values.end(), m_result.row(first));
    m_rows_done = rows();
  } catch (...) {
    m_last_stats = solver->stats();
    m_solved_rows = m_rows_done - first;
    throw;
  }
  m_last_stats = solver->stats();
  m_solved_rows = m_rows_done - first;
}

const std::vector<std::int32_t>& SparseRun::view_tiles(const ViewGeometry& g) {
  if (m_tiles.size() != g.texels() || m_tiles_geometry.rows != g.rows || m_tiles_geometry.cols != g.cols ||
      m_tiles_geometry.n != g.n || m_tiles_geometry.matrix_rows != g.matrix_rows) {
    m_tiles.assign(g.texels(), kViewPendingTile);
    m_tiles_geometry = g;
    m_tile_rows_ready = 0;
  }
  source_rows_tiles(m_result, m_rows_done, g, m_tiles.data(), m_tile_rows_ready);
  m_tile_rows_ready = complete_texel_rows(g, m_rows_done);
  return m_tiles;
}

void SparseRun::reset() {
  m_tiles.clear();
  m_tile_rows_ready = 0;
  m_stepper.reset();
  std::fill(m_result.values.begin(), m_result.values.end(), kInf32);
  m_rows_done = 0;
  m_settles = 0;
  m_solved_rows = 0;
  m_last_stats = SparseSolveStats{};
}

SparseSnapshot SparseRun::snapshot(bool with_trace) const {
  SparseSnapshot s;
  s.backend = m_backend;
  s.sources_text = m_spec.to_string();
  s.sources = rows();
  s.rows_done = m_rows_done;
  s.source_ids = m_source_ids;
  s.settles = m_settles;
  s.solved_rows = m_solved_rows;
  s.rows_ms = m_last_stats.rows_ms;
  s.potentials_ms = m_last_stats.potentials_ms;
  s.reweighted = m_last_stats.reweighted;
  s.batches = m_last_stats.batches;
  if (m_stepper) {
    s.current_source = m_stepper->source();
    s.last_settled = m_stepper->last_settled();
    if (with_trace) {
      s.settled = m_stepper->settle_order();
      s.frontier = m_stepper->frontier();
      s.tentative.assign(static_cast<std::size_t>(m_csr.n), SparseSnapshot::kNoDistance);
      for (std::int32_t v = 0; v < m_csr.n; ++v)
        if (const auto d = m_stepper->distance(v)) s.tentative[static_cast<std::size_t>(v)] = *d;
    }
  }
  return s;
}

}  // namespace apsp::studio
