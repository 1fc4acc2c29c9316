// Compiled with -mavx512f -mavx512bw -mavx512vl where the compiler supports it (engine/CMakeLists.txt).
#include "solve/cpu/kernels.h"
#if defined(__AVX512F__) && defined(__AVX512BW__)
#define APSP_KERNEL_NS avx512
#define APSP_VEC_BYTES 64
#define APSP_TILE_ROWS 4
#define APSP_TILE_VECS 4
#include "solve/cpu/kernels_impl.inl"
namespace apsp::cpu {
const CpuKernels* kernels_avx512() { return avx512::table("avx512"); }
}  // namespace apsp::cpu
#else
namespace apsp::cpu {
const CpuKernels* kernels_avx512() { return nullptr; }
}  // namespace apsp::cpu
#endif
