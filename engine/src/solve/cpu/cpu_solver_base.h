#pragma once
// Shared state of the CPU variants: the host matrix, the predecessor matrix Π when tracked, reads, tiles, paths.
#include <apsp/solve/solver.h>

#include <chrono>
#include <cstdint>
#include <vector>

namespace apsp::cpu {

template <class T> class CpuSolverBase : public Solver {
 public:
  using Solver::Solver;

  std::optional<std::vector<std::int32_t>> path(int i, int j) override;
  bool tracks_predecessors() const override { return options().track_paths; }
  /// @brief The host matrix as one band.
  Storage storage() const override;

 protected:
  void load(const DistanceMatrix& padded) override;
  std::uint64_t host_bytes_for(int n) const override;
  bool negative_diagonal(bool wait) override;
  void read_raw(DistanceMatrix& out) override;
  void read_raw_rows(int row_begin, int rows, void* dst, std::size_t pitch_bytes) override;
  std::int32_t raw_value_at(int i, int j) override;
  void read_tracked_predecessors(PredecessorMatrix& out) override;

  T* data() { return m_d.template row<T>(0); }
  std::size_t ld() const { return m_d.pitch(); }
  bool tracking_paths() const { return !m_pred.empty(); }
  int threads() const;
  /// Team size for a parallel region of @p updates min-plus updates, run from the calling thread. Every thread
  /// of a team costs a barrier at the region's end: microseconds on an idle machine, but a scheduler time slice
  /// (several ms) when another process holds the core that thread waits for. So (measured in README.md):
  /// - below kMinUpdatesPerThread per thread (~0.2 ms of work) the team shrinks, down to the caller alone;
  /// - with an automatic thread count (options().threads == 0) OpenMP's dynamic adjustment is switched on for
  ///   the calling thread, so libgomp leaves out the cores the load average says are busy. An explicit
  ///   --threads N is taken as asked.
  int team_for(std::uint64_t updates) const;
  static constexpr std::uint64_t kMinUpdatesPerThread = std::uint64_t{1} << 20;

  /// Whether relax_with_paths also breaks ties of equal length by the number of edges (fewest wins), keeping
  /// an edge count per cell. The blocked order needs it: by CLRS's rule alone (strict improvements) it can end
  /// with π following a zero-weight cycle round in a loop, which no path can be read from. With (length, edges)
  /// compared in that order, a π edge u -> v always has fewer edges behind u than behind v at a round's end, so
  /// Π is a tree. Plain Floyd–Warshall keeps CLRS's rule alone: the textbook's Π.
  virtual bool ties_by_fewest_edges() const { return false; }
  /// k-outer relaxation of a region that also updates Π by CLRS's rule, π_ij = π_kj on a strict improvement
  /// (scalar: paths are an explanatory feature).
  void relax_with_paths(int i0, int i1, int j0, int j1, int k0, int k1);

  /// Records one sample timed from @p start to now, placed on the time axis from load() (the calling thread's
  /// track: the OpenMP team inside a phase belongs to it).
  void record_cpu(int round, Phase phase, std::chrono::steady_clock::time_point start, std::uint64_t updates,
                  std::uint64_t bytes, int k_steps);

 private:
  DistanceMatrix m_d;
  std::chrono::steady_clock::time_point m_origin;  ///< the samples' time reference, taken at load()
  std::vector<std::int32_t> m_pred;  ///< Π: pred[i * ld + j], the vertex before j on the current i -> j path, or NIL
  static constexpr std::int32_t kNoEdgeCount = 1 << 28;  ///< no path; two of them still add up inside int32
  std::vector<std::int32_t> m_edges;  ///< with ties_by_fewest_edges(): edges on the current i -> j path
};

}  // namespace apsp::cpu
