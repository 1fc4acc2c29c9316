// cpu-naive: the three loops of Floyd–Warshall, single-threaded. The reference every other variant is
// tested against, so it stays as plain as possible.
#include "solve/cpu/cpu_solver_base.h"

#include <algorithm>

namespace apsp::cpu {

namespace {
template <class T> class CpuNaiveSolver final : public CpuSolverBase<T> {
 public:
  using CpuSolverBase<T>::CpuSolverBase;
  std::string_view name() const override { return "cpu-naive"; }
  bool blocked() const override { return false; }

 protected:
  void run_phase(int round, Phase, int k_begin, int k_end) override {
    const auto start = std::chrono::steady_clock::now();
    const int n = this->n();
    const int k0 = round * this->options().block;
    if (this->tracking_paths()) {
      this->relax_with_paths(0, n, 0, n, k0 + k_begin, k0 + k_end);
    } else {
      T* d = this->data();
      const std::size_t ld = this->ld();
      for (int k = k0 + k_begin; k < k0 + k_end; ++k)
        for (int i = 0; i < n; ++i)
          for (int j = 0; j < n; ++j) {
            const T through_k = static_cast<T>(d[i * ld + k] + d[k * ld + j]);
            if (through_k < d[i * ld + j]) d[i * ld + j] = std::max(through_k, DistTraits<T>::floor);  // range_policy.h
          }
    }
    // Model: every pass reads and writes the whole n x n matrix once.
    const std::uint64_t nn = static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n);
    const int ks = k_end - k_begin;
    this->record_cpu(round, Phase::Full, start, nn * static_cast<std::uint64_t>(ks), 2 * nn * sizeof(T) * static_cast<std::uint64_t>(ks), ks);
  }
};
}  // namespace

std::unique_ptr<Solver> make_cpu_naive(const SolverOptions& o) {
  if (o.dtype == DType::I16) return std::make_unique<CpuNaiveSolver<std::int16_t>>(o);
  return std::make_unique<CpuNaiveSolver<std::int32_t>>(o);
}

}  // namespace apsp::cpu
