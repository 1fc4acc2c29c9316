// cpu-blocked: the three-phase blocked algorithm. Phase 1 runs the pivot block, phase 2 the pivot row and
// column panels (split into independent column / row strips across threads), phase 3 every other cell as a
// min-plus product with register tiling (kernels.h), split into row strips across threads.
#include "solve/cpu/cpu_solver_base.h"
#include "solve/cpu/kernels.h"

#include <algorithm>

namespace apsp::cpu {

namespace {

/// [begin, end) of chunk c out of @p count near-equal chunks whose boundaries are multiples of @p align.
std::pair<int, int> chunk_bounds(int begin, int end, int count, int c, int align) {
  const int len = end - begin;
  auto cut = [&](int idx) {
    const long long raw = static_cast<long long>(len) * idx / count;
    const int aligned = static_cast<int>(raw / align * align);
    return begin + (idx == count ? len : aligned);
  };
  return {cut(c), cut(c + 1)};
}

template <class T> class CpuBlockedSolver final : public CpuSolverBase<T> {
 public:
  using CpuSolverBase<T>::CpuSolverBase;
  std::string_view name() const override { return "cpu-blocked"; }
  bool blocked() const override { return true; }

 protected:
  bool ties_by_fewest_edges() const override { return true; }

  void run_phase(int round, Phase phase, int k_begin, int k_end) override {
    const auto start = std::chrono::steady_clock::now();
    const int n = this->n();
    const int b = this->options().block;
    const int p0 = round * b;
    const int p1 = std::min(p0 + b, n);
    const int k0 = p0 + k_begin;
    const int k1 = p0 + k_end;
    const std::uint64_t pb = static_cast<std::uint64_t>(p1 - p0);
    const std::uint64_t rest = static_cast<std::uint64_t>(n) - pb;
    const std::uint64_t ks = static_cast<std::uint64_t>(k1 - k0);
    std::uint64_t updates = 0;
    std::uint64_t bytes = 0;
    switch (phase) {
      case Phase::Pivot:
        pivot(p0, p1, k0, k1);
        updates = pb * pb * ks;
        bytes = 2 * pb * pb * sizeof(T);  // the block is read and written once; it stays in cache across k
        break;
      case Phase::PivotRowCol:
        row_col(n, p0, p1, k0, k1);
        updates = 2 * pb * rest * ks;
        bytes = (4 * pb * rest + pb * pb) * sizeof(T);  // both panels read + written, pivot block read
        break;
      default:
        independent(n, p0, p1, k0, k1);
        updates = rest * rest * ks;
        bytes = (2 * rest * rest + 2 * pb * rest) * sizeof(T);  // C read + written, both panels read
        break;
    }
    this->record_cpu(round, phase, start, updates, bytes, static_cast<int>(ks));
  }

 private:
  void relax(bool independent, const Region& r) {
    if (r.i0 >= r.i1 || r.j0 >= r.j1 || r.k0 >= r.k1) return;
    if (this->tracking_paths()) {
      this->relax_with_paths(r.i0, r.i1, r.j0, r.j1, r.k0, r.k1);
      return;
    }
    const KernelSet<T>& ks = kernels_for<T>();
    (independent ? ks.relax_independent : ks.relax_kouter)(this->data(), this->ld(), r);
  }

  int tasks_for(int work_rows) const {
    const int t = this->threads();
    return std::max(1, std::min(work_rows, t * 4));
  }

  void pivot(int p0, int p1, int k0, int k1) {
    const int size = p1 - p0;
    if (size < 256 || this->threads() == 1 || this->tracking_paths()) {
      relax(false, Region{p0, p1, p0, p1, k0, k1});
      return;
    }
    // A big pivot block (block size near n): within one k, rows are independent.
    const int tasks = tasks_for(size);
    const int team = this->team_for(static_cast<std::uint64_t>(size) * static_cast<std::uint64_t>(size));
    for (int k = k0; k < k1; ++k) {
#pragma omp parallel for schedule(static) num_threads(team)
      for (int c = 0; c < tasks; ++c) {
        const auto [i0, i1] = chunk_bounds(p0, p1, tasks, c, 1);
        relax(false, Region{i0, i1, p0, p1, k, k + 1});
      }
    }
  }

  void row_col(int n, int p0, int p1, int k0, int k1) {
    // Pivot-row panel: column j depends only on column j (and the final pivot block), so narrow column
    // strips are independent and each strip's rows stay in L1 across the k loop.
    // Pivot-column panel: row i depends only on row i, so short row strips are independent likewise.
    constexpr int kStrip = 64;
    const int tasks = this->tracking_paths() ? 1 : tasks_for(std::max(1, n / kStrip));
    const std::uint64_t updates = 2ull * static_cast<std::uint64_t>(p1 - p0) * static_cast<std::uint64_t>(n) *
                                  static_cast<std::uint64_t>(k1 - k0);
#pragma omp parallel for schedule(dynamic) num_threads(this->team_for(updates))
    for (int t = 0; t < 2 * tasks; ++t) {
      const int c = t % tasks;
      for (auto [lo, hi] : {std::pair{0, p0}, std::pair{p1, n}}) {
        if (lo >= hi) continue;
        const auto [a, z] = chunk_bounds(lo, hi, tasks, c, 16);
        for (int s = a; s < z; s += kStrip) {
          const int e = std::min(s + kStrip, z);
          if (t < tasks)
            relax(false, Region{p0, p1, s, e, k0, k1});
          else
            relax(false, Region{s, e, p0, p1, k0, k1});
        }
      }
    }
  }

  void independent(int n, int p0, int p1, int k0, int k1) {
    const int tasks = this->tracking_paths() ? 1 : tasks_for(std::max(1, n / 8));
    const std::uint64_t updates =
        static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(k1 - k0);
#pragma omp parallel for schedule(dynamic) num_threads(this->team_for(updates))
    for (int c = 0; c < tasks; ++c) {
      for (auto [lo, hi] : {std::pair{0, p0}, std::pair{p1, n}}) {
        if (lo >= hi) continue;
        const auto [i0, i1] = chunk_bounds(lo, hi, tasks, c, 4);
        relax(true, Region{i0, i1, 0, p0, k0, k1});
        relax(true, Region{i0, i1, p1, n, k0, k1});
      }
    }
  }
};
}  // namespace

std::unique_ptr<Solver> make_cpu_blocked(const SolverOptions& o) {
  if (o.dtype == DType::I16) return std::make_unique<CpuBlockedSolver<std::int16_t>>(o);
  return std::make_unique<CpuBlockedSolver<std::int32_t>>(o);
}

}  // namespace apsp::cpu
