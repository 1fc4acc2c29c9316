#include <apsp/solve/cpu_isa.h>

#include "solve/cpu/kernels.h"

#include <cstdlib>
#include <cstring>

namespace apsp::cpu {

namespace {
bool cpu_has(const char* feature) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  if (std::strcmp(feature, "avx2") == 0) return __builtin_cpu_supports("avx2");
  if (std::strcmp(feature, "avx512") == 0) return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
#endif
  (void)feature;
  return false;
}

const CpuKernels& choose() {
  // APSP_CPU_ISA caps the choice (for tests and for comparing instruction sets in benchmarks).
  const char* cap = std::getenv("APSP_CPU_ISA");
  const bool allow512 = !cap || std::strcmp(cap, "avx512") == 0;
  const bool allow2 = allow512 || std::strcmp(cap, "avx2") == 0;
  if (allow512 && kernels_avx512() && cpu_has("avx512")) return *kernels_avx512();
  if (allow2 && kernels_avx2() && cpu_has("avx2")) return *kernels_avx2();
  return *kernels_generic();
}
}  // namespace

const CpuKernels& cpu_kernels() {
  static const CpuKernels& k = choose();
  return k;
}

}  // namespace apsp::cpu

namespace apsp {

std::string_view cpu_isa() { return cpu::cpu_kernels().isa; }

}  // namespace apsp
