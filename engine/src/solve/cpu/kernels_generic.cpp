#define APSP_KERNEL_NS generic
#define APSP_VEC_BYTES 16
#define APSP_TILE_ROWS 4
#define APSP_TILE_VECS 2
#include "solve/cpu/kernels_impl.inl"

namespace apsp::cpu {
const CpuKernels* kernels_generic() { return generic::table("generic"); }
}  // namespace apsp::cpu
