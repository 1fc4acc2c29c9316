// Compiled with -mavx2 where the compiler supports it (engine/CMakeLists.txt).
#include "solve/cpu/kernels.h"
#ifdef __AVX2__
#define APSP_KERNEL_NS avx2
#define APSP_VEC_BYTES 32
#define APSP_TILE_ROWS 6
#define APSP_TILE_VECS 2
#include "solve/cpu/kernels_impl.inl"
namespace apsp::cpu {
const CpuKernels* kernels_avx2() { return avx2::table("avx2"); }
}  // namespace apsp::cpu
#else
namespace apsp::cpu {
const CpuKernels* kernels_avx2() { return nullptr; }
}  // namespace apsp::cpu
#endif
