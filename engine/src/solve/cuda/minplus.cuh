#pragma once
// Device-side min-plus primitives shared by every CUDA kernel.
//
// Arithmetic contract (range_policy.h): values never exceed INF, and phases 1 and 2 (and every update of a
// non-blocked pass or k-step) raise what they store to at least the floor -(INF + 1) / 2 (floored below), so
// every sum stays representable even around a negative cycle and a plain add is exact; phase 3 needs no clamp. For int16 the scalar kernels still wrap the sum to 16 bits before
// the min, exactly like the packed add.s16x2 inside __viaddmin_s16x2, so every variant computes bit-identical
// matrices whatever the input.
#include <apsp/core/types.h>
#include <cuda_runtime.h>

#include <cstdint>

namespace apsp::cuda {

/// @brief min(c, a + b) for int32: one VIADDMNMX on sm_90.
__device__ __forceinline__ int minplus(int a, int b, int c) { return __viaddmin_s32(a, b, c); }

/// @brief Two packed int16 lanes at once: min(c, a + b) per halfword (one VIADDMNMX on sm_90).
__device__ __forceinline__ unsigned minplus_x2(unsigned a, unsigned b, unsigned c) { return __viaddmin_s16x2(a, b, c); }

/// @brief a + b as the element type computes it (int16 wraps like the packed add; int32 is plain).
template <class T> __device__ __forceinline__ int sum_as(int a, int b) { return static_cast<T>(a + b); }

/// @brief int16 value in both halves of a word: the broadcast operand of the packed min-plus.
__device__ __forceinline__ unsigned dup16(int v) {
  const unsigned u = static_cast<unsigned short>(v);
  return u | (u << 16);
}

/// @brief max(v, floor) of the element type: what phases 1 and 2 store (range_policy.h).
template <class T> __device__ __forceinline__ int floored(int v) { return max(v, static_cast<int>(DistTraits<T>::floor)); }

/// @brief One k-step update of a cell: floored(min(c, a + b)) with the element type's add, what every k-step
/// and non-blocked pass stores (range_policy.h).
template <class T> __device__ __forceinline__ int relaxed_floored(int a, int b, int c) {
  return floored<T>(min(c, sum_as<T>(a, b)));
}

/// @brief Word operations of the tuned kernels: a "word" is one int32 or two packed int16.
template <class T> struct WordOps;
template <> struct WordOps<std::int32_t> {
  static constexpr int kElems = 1;
  __device__ __forceinline__ static unsigned op(unsigned a, unsigned b, unsigned c) {
    return static_cast<unsigned>(minplus(static_cast<int>(a), static_cast<int>(b), static_cast<int>(c)));
  }
  /// The A operand of a min-plus word: the value itself.
  __device__ __forceinline__ static unsigned broadcast(std::int32_t v) { return static_cast<unsigned>(v); }
  /// max(word, floor) per element.
  __device__ __forceinline__ static unsigned floored(unsigned w) {
    return static_cast<unsigned>(max(static_cast<int>(w), static_cast<int>(kFloor32)));
  }
};
template <> struct WordOps<std::int16_t> {
  static constexpr int kElems = 2;
  __device__ __forceinline__ static unsigned op(unsigned a, unsigned b, unsigned c) { return minplus_x2(a, b, c); }
  /// The A operand of a packed word: the value in both lanes.
  __device__ __forceinline__ static unsigned broadcast(std::int16_t v) { return dup16(v); }
  /// max(lane, floor) per 16-bit lane.
  __device__ __forceinline__ static unsigned floored(unsigned w) { return __vmaxs2(w, dup16(kFloor16)); }
};

}  // namespace apsp::cuda
