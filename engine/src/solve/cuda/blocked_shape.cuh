#pragma once
// The thread shape of the classic blocked kernels (cuda-blocked, and the phase-2 kernels cuda-staged and
// cuda-blocked-vec share with it) and their scalar min-plus step, shared by blocked_kernels.cu and
// rowcol_one_cta_kernels.cu.
#include "solve/cuda/minplus.cuh"

#include <cstdint>

namespace apsp::cuda {

/// min(c, a + b) with the element type's add (int32: one VIADDMNMX).
template <class T> __device__ __forceinline__ int relax_scalar(int a, int b, int c);
template <> __device__ __forceinline__ int relax_scalar<std::int32_t>(int a, int b, int c) { return minplus(a, b, c); }
template <> __device__ __forceinline__ int relax_scalar<std::int16_t>(int a, int b, int c) {
  return min(c, sum_as<std::int16_t>(a, b));
}

/// Up to B = 32 each thread owns one cell; above, 32 x 32 threads own (B / 32)^2 cells each, strided by 32.
template <int B> struct Shape {
  static constexpr int kSide = B < 32 ? B : 32;  // threads per side
  static constexpr int kCells = B / kSide;       // cells per thread per side
};

}  // namespace apsp::cuda
