#pragma once
// 4-wide vector access to a pitched matrix, for the ladder's vectorized kernels (cuda-simple-vec,
// cuda-blocked-vec): 16 bytes of int32 (int4) or 8 bytes of int16 (short4) in one load or store.
#include "device/buffer.cuh"

#include <cuda_runtime.h>

#include <cstdint>

namespace apsp::cuda {

/// @brief The 4-wide vector of an element type.
template <class T> struct Vec4;
template <> struct Vec4<std::int32_t> { using type = int4; };
template <> struct Vec4<std::int16_t> { using type = short4; };

/// @brief d[i][j .. j + 3] as one vector. j must be a multiple of 4: rows of a cudaMallocPitch matrix start
/// at least 256-byte aligned, so the vector is then aligned to its size.
template <class T> __device__ __forceinline__ typename Vec4<T>::type load4(MatrixView<T> d, int i, int j) {
  return *reinterpret_cast<const typename Vec4<T>::type*>(d.row(i) + j);
}

/// @brief d[i][j .. j + 3] = v (j a multiple of 4, as load4).
template <class T> __device__ __forceinline__ void store4(MatrixView<T> d, int i, int j, typename Vec4<T>::type v) {
  *reinterpret_cast<typename Vec4<T>::type*>(d.row(i) + j) = v;
}

}  // namespace apsp::cuda
