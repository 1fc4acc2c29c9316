// Every compiled instruction set's kernels against a scalar loop, on ragged regions (tile edges, odd widths).
// Weights are non-negative: the kernels assume d[k][k] >= 0 (a negative diagonal stops the solver first).
#include <apsp/core/distance_matrix.h>
#include <apsp/graph/generators.h>
#include <gtest/gtest.h>

#include "solve/cpu/kernels.h"

namespace apsp::cpu {
namespace {

template <class T> void scalar_kouter(DistanceMatrix& m, const Region& r) {
  for (int k = r.k0; k < r.k1; ++k)
    for (int i = r.i0; i < r.i1; ++i)
      for (int j = r.j0; j < r.j1; ++j) {
        T* row = m.row<T>(i);
        const T s = static_cast<T>(row[k] + m.row<T>(k)[j]);
        if (s < row[j]) row[j] = s;
      }
}

template <class T> void check_isa(const CpuKernels& isa) {
  const KernelSet<T>& ks = [&]() -> const KernelSet<T>& {
    if constexpr (sizeof(T) == 4) return isa.i32; else return isa.i16;
  }();
  const DType dt = sizeof(T) == 4 ? DType::I32 : DType::I16;
  SplitMix64 rng(99);
  for (int trial = 0; trial < 40; ++trial) {
    const int n = 40 + static_cast<int>(rng.uniform_int(0, 120));
    DistanceMatrix m(n, 1, dt);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        if (i != j && rng.uniform01() < 0.7) m.set(i, j, static_cast<std::int32_t>(rng.uniform_int(0, 200)));
    DistanceMatrix want = m;
    // Phase-3 shape: k range disjoint from the rows and columns updated.
    const int k0 = static_cast<int>(rng.uniform_int(0, n / 3)), k1 = k0 + static_cast<int>(rng.uniform_int(1, n / 4));
    const int i0 = k1 + static_cast<int>(rng.uniform_int(0, 3)), i1 = n - static_cast<int>(rng.uniform_int(0, 5));
    const int j0 = k1 + static_cast<int>(rng.uniform_int(0, 7)), j1 = n - static_cast<int>(rng.uniform_int(0, 9));
    if (i0 >= i1 || j0 >= j1) continue;
    const Region ind{i0, i1, j0, j1, k0, k1};
    ks.relax_independent(m.row<T>(0), m.pitch(), ind);
    scalar_kouter<T>(want, ind);
    // Phase-1 shape: the region holds its own pivot rows and columns.
    const Region piv{k0, k1, k0, k1, k0, k1};
    ks.relax_kouter(m.row<T>(0), m.pitch(), piv);
    scalar_kouter<T>(want, piv);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) ASSERT_EQ(m.get(i, j), want.get(i, j)) << isa.isa << " trial " << trial << " (" << i << "," << j << ")";
  }
}

TEST(CpuKernels, EveryInstructionSetMatchesTheScalarLoop) {
  std::vector<const CpuKernels*> sets{kernels_generic()};
#if defined(__x86_64__)
  if (kernels_avx2() && __builtin_cpu_supports("avx2")) sets.push_back(kernels_avx2());
  if (kernels_avx512() && __builtin_cpu_supports("avx512bw")) sets.push_back(kernels_avx512());
#endif
  for (const CpuKernels* k : sets) {
    check_isa<std::int32_t>(*k);
    check_isa<std::int16_t>(*k);
  }
  std::printf("checked %zu instruction sets; solvers use %s\n", sets.size(), cpu_kernels().isa);
}

}  // namespace
}  // namespace apsp::cpu
