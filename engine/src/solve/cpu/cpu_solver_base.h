#pragma once
// Shared state of the CPU variants: the host matrix, optional next-hop table, reads, tiles, paths.
#include <apsp/solve/solver.h>

#include <chrono>
#include <cstdint>
#include <vector>

namespace apsp::cpu {

template <class T> class CpuSolverBase : public Solver {
 public:
  using Solver::Solver;

  std::optional<std::vector<std::int32_t>> path(int i, int j) override;
  /// @brief The host matrix as one band.
  Storage storage() const override;

 protected:
  void load(const DistanceMatrix& padded) override;
  std::uint64_t host_bytes_for(int n) const override;
  bool negative_diagonal(bool wait) override;
  void read_raw(DistanceMatrix& out) override;
  std::int32_t raw_value_at(int i, int j) override;

  T* data() { return m_d.template row<T>(0); }
  std::size_t ld() const { return m_d.pitch(); }
  std::int32_t* next_hops() { return m_next.data(); }
  bool tracking_paths() const { return !m_next.empty(); }
  int threads() const;

  /// k-outer relaxation of a region that also updates next hops (scalar: paths are an explanatory feature).
  void relax_with_paths(int i0, int i1, int j0, int j1, int k0, int k1);

  /// Records one sample timed from @p start to now.
  void record_cpu(int round, Phase phase, std::chrono::steady_clock::time_point start, std::uint64_t updates,
                  std::uint64_t bytes, int k_steps);

 private:
  DistanceMatrix m_d;
  std::vector<std::int32_t> m_next;  ///< next[i * ld + j]: first hop on the current i -> j path, -1 if none
};

}  // namespace apsp::cpu
