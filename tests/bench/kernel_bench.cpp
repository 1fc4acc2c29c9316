// Min-plus kernels in isolation: updates/s of the k-outer (phases 1-2) and register-tiled (phase 3) kernels
// for each instruction set this CPU runs, at one block size. Run: build/tests/bench/apsp_kernel_bench
#include <apsp/core/distance_matrix.h>
#include <apsp/graph/generators.h>
#include <benchmark/benchmark.h>

#include "solve/cpu/kernels.h"

namespace {

using apsp::cpu::CpuKernels;
using apsp::cpu::Region;

const CpuKernels* kernels_by_index(int isa) {
  switch (isa) {
    case 0: return apsp::cpu::kernels_generic();
    case 1: return __builtin_cpu_supports("avx2") ? apsp::cpu::kernels_avx2() : nullptr;
    default: return __builtin_cpu_supports("avx512bw") ? apsp::cpu::kernels_avx512() : nullptr;
  }
}

apsp::DistanceMatrix random_matrix(int n) {
  apsp::DistanceMatrix m(n, 64, apsp::DType::I32);
  apsp::SplitMix64 rng(1);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) m.set(i, j, static_cast<std::int32_t>(rng.uniform_int(1, 1000)));
  return m;
}

// A phase-3 panel: 512 rows x 512 columns against a 64-wide pivot block.
void BM_independent(benchmark::State& state) {
  const CpuKernels* k = kernels_by_index(static_cast<int>(state.range(0)));
  if (!k) {
    state.SkipWithError("instruction set not available");
    return;
  }
  apsp::DistanceMatrix m = random_matrix(640);
  const Region r{64, 576, 64, 576, 0, 64};
  for (auto _ : state) {
    k->i32.relax_independent(m.row<std::int32_t>(0), m.pitch(), r);
    benchmark::ClobberMemory();
  }
  state.SetLabel(k->isa);
  state.counters["updates/s"] = benchmark::Counter(512.0 * 512.0 * 64.0, benchmark::Counter::kIsIterationInvariantRate);
}

// A phase-2 strip: 64 rows x 64 columns, k outermost.
void BM_kouter(benchmark::State& state) {
  const CpuKernels* k = kernels_by_index(static_cast<int>(state.range(0)));
  if (!k) {
    state.SkipWithError("instruction set not available");
    return;
  }
  apsp::DistanceMatrix m = random_matrix(256);
  const Region r{0, 64, 64, 128, 0, 64};
  for (auto _ : state) {
    k->i32.relax_kouter(m.row<std::int32_t>(0), m.pitch(), r);
    benchmark::ClobberMemory();
  }
  state.SetLabel(k->isa);
  state.counters["updates/s"] = benchmark::Counter(64.0 * 64.0 * 64.0, benchmark::Counter::kIsIterationInvariantRate);
}

BENCHMARK(BM_independent)->DenseRange(0, 2);
BENCHMARK(BM_kouter)->DenseRange(0, 2);

}  // namespace
