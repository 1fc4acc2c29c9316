#include "solve/cpu/cpu_solver_base.h"

#include <apsp/core/errors.h>

#include <algorithm>
#include <string>
#ifdef _OPENMP
#include <omp.h>
#endif

namespace apsp::cpu {

template <class T> int CpuSolverBase<T>::threads() const {
  if (options().threads > 0) return options().threads;
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

template <class T> int CpuSolverBase<T>::team_for(std::uint64_t updates) const {
#ifdef _OPENMP
  omp_set_dynamic(options().threads == 0 ? 1 : 0);  // a per-thread setting: made where the region starts
#endif
  const std::uint64_t useful = std::max<std::uint64_t>(1, updates / kMinUpdatesPerThread);
  return static_cast<int>(std::min<std::uint64_t>(static_cast<std::uint64_t>(threads()), useful));
}

template <class T> std::uint64_t CpuSolverBase<T>::host_bytes_for(int n) const {
  const std::uint64_t matrix = DistanceMatrix::required_bytes(n, options().block, options().dtype);
  const std::uint64_t table = DistanceMatrix::required_bytes(n, options().block, DType::I32);
  const std::uint64_t pred = options().track_paths ? table * (ties_by_fewest_edges() ? 2 : 1) : 0;  // Π, edge counts
  return matrix + pred;
}

template <class T> void CpuSolverBase<T>::load(const DistanceMatrix& padded) {
  // Start the OpenMP thread pool now: its start-up (several ms) would otherwise land in round 0's timing.
  int warm = 0;
#pragma omp parallel num_threads(threads()) reduction(+ : warm)
  warm += 1;
  (void)warm;
  m_origin = std::chrono::steady_clock::now();
  m_d = padded;
  m_pred.clear();
  m_edges.clear();
  if (options().track_paths) {
    // π_ij = i where an edge i -> j exists (the matrix holds the lightest of parallel edges), NIL on the
    // diagonal (a self loop is no predecessor) and where there is none.
    const int n = padded.n();
    m_pred.assign(ld() * static_cast<std::size_t>(padded.padded_n()), kNoPredecessor);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if (i != j && m_d.get(i, j) != kInf32) m_pred[static_cast<std::size_t>(i) * ld() + j] = i;
    if (ties_by_fewest_edges()) {
      m_edges.assign(m_pred.size(), kNoEdgeCount);
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
          if (i == j || m_pred[static_cast<std::size_t>(i) * ld() + j] != kNoPredecessor)
            m_edges[static_cast<std::size_t>(i) * ld() + j] = i == j ? 0 : 1;
    }
  }
  // The copy into the solver is the CPU's upload: recorded as a GPU's host-to-device copy is, so the time
  // before round 0 is accounted for (bench's upload_ms, the trace's upload slice).
  record_cpu(-1, Phase::Upload, m_origin, 0, padded.storage_bytes(), 0);
}

template <class T> bool CpuSolverBase<T>::negative_diagonal(bool) {
  for (int i = 0; i < m_d.n(); ++i)
    if (m_d.template row<T>(i)[i] < 0) return true;
  return false;
}

template <class T> void CpuSolverBase<T>::read_raw(DistanceMatrix& out) {
  for (int i = 0; i < m_d.n(); ++i) std::copy_n(m_d.template row<T>(i), m_d.n(), out.template row<T>(i));
}

template <class T> void CpuSolverBase<T>::read_raw_rows(int row_begin, int rows, void* dst, std::size_t pitch_bytes) {
  for (int r = 0; r < rows; ++r)
    std::copy_n(m_d.template row<T>(row_begin + r), m_d.n(),
                reinterpret_cast<T*>(static_cast<char*>(dst) + static_cast<std::size_t>(r) * pitch_bytes));
}

template <class T> std::int32_t CpuSolverBase<T>::raw_value_at(int i, int j) { return m_d.template row<T>(i)[j]; }

template <class T> Solver::Storage CpuSolverBase<T>::storage() const {
  Storage s;
  s.n = m_d.n();
  s.dtype = options().dtype;
  if (m_d.n() > 0) {
    StorageBand band;
    band.data = m_d.template row<T>(0);
    band.pitch_bytes = m_d.pitch_bytes();
    band.rows = m_d.n();
    s.bands.push_back(band);
  }
  return s;
}

template <class T> void CpuSolverBase<T>::read_tracked_predecessors(PredecessorMatrix& out) {
  for (int i = 0; i < m_d.n(); ++i)
    std::copy_n(m_pred.data() + static_cast<std::size_t>(i) * ld(), m_d.n(), out.row_for_writing(i).data());
}

template <class T> void CpuSolverBase<T>::relax_with_paths(int i0, int i1, int j0, int j1, int k0, int k1) {
  T* d = data();
  const std::size_t s = ld();
  // With negative weights INF + (negative) dips below INF (range_policy.h): such a sum improves the stored
  // value as the untracked kernels do, but it is no path, so π keeps NIL for it.
  const std::int32_t unreachable_from = range_policy().unreachable_from;
  const bool by_edges = !m_edges.empty();
  // Round a negative cycle the walks keep improving and their edge counts keep growing until the solve stops at
  // the cycle: counts saturate below kNoEdgeCount, so the sum of two always stays inside int32.
  const auto edges_through = [&](std::size_t ik_at, std::size_t kj_at) {
    return std::min(m_edges[ik_at] + m_edges[kj_at], kNoEdgeCount - 1);
  };
  for (int k = k0; k < k1; ++k)
    for (int i = i0; i < i1; ++i) {
      const std::size_t ik = static_cast<std::size_t>(i) * s + k;
      const T a = d[ik];
      const std::size_t row_i = static_cast<std::size_t>(i) * s, row_k = static_cast<std::size_t>(k) * s;
      for (int j = j0; j < j1; ++j) {
        const T sum = static_cast<T>(a + d[row_k + j]);
        T& c = d[row_i + j];
        if (sum < c) {
          c = std::max(sum, DistTraits<T>::floor);  // every phase clamps here: cheap next to Π
          const bool path = sum < unreachable_from;
          m_pred[row_i + j] = path ? m_pred[row_k + j] : kNoPredecessor;
          if (by_edges) m_edges[row_i + j] = path ? edges_through(ik, row_k + j) : kNoEdgeCount;
        } else if (by_edges && sum == c && sum < unreachable_from && edges_through(ik, row_k + j) < m_edges[row_i + j]) {
          m_pred[row_i + j] = m_pred[row_k + j];
          m_edges[row_i + j] = edges_through(ik, row_k + j);
        }
      }
    }
}

template <class T> std::optional<std::vector<std::int32_t>> CpuSolverBase<T>::path(int i, int j) {
  if (!tracking_paths()) return Solver::path(i, j);
  if (!finished()) throw UsageError("paths are available once the solve has finished");
  if (value_at(i, j) == kInf32) return std::nullopt;
  return path_in_predecessor_row({m_pred.data() + static_cast<std::size_t>(i) * ld(), static_cast<std::size_t>(n())}, i, j);
}

template <class T>
void CpuSolverBase<T>::record_cpu(int round, Phase phase, std::chrono::steady_clock::time_point start,
                                  std::uint64_t updates, std::uint64_t bytes, int k_steps) {
  PhaseSample s;
  s.round = round;
  s.phase = phase;
  s.device = 0;
  s.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  s.start_us = std::chrono::duration<double, std::micro>(start - m_origin).count();
  s.track = Track::Main;
  s.updates = updates;
  s.bytes = bytes;
  s.k_steps = static_cast<std::uint64_t>(k_steps);
  record(s);
}

template class CpuSolverBase<std::int32_t>;
template class CpuSolverBase<std::int16_t>;

}  // namespace apsp::cpu
