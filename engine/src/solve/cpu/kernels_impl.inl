// Included by kernels_<isa>.cpp with APSP_KERNEL_NS, APSP_VEC_BYTES, APSP_TILE_ROWS and APSP_TILE_VECS defined; the
// translation unit's compile flags pick the instruction set. No header guard on purpose.
#include "solve/cpu/kernels.h"

#include <apsp/core/types.h>

#include <cstring>

// The 64-byte vectors never cross a translation unit boundary, so the ABI note GCC gives for them when the
// unit is compiled without AVX-512 does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace apsp::cpu::APSP_KERNEL_NS {

// GCC vectors of the unit's native width (APSP_VEC_BYTES): zmm, ymm or xmm. Wider-than-native vectors
// would let GCC lower the compare-select piecewise, which measured slower than scalar code.
template <class T> struct Vec;
template <> struct Vec<std::int32_t> {
  typedef std::int32_t type __attribute__((vector_size(APSP_VEC_BYTES)));
};
template <> struct Vec<std::int16_t> {
  typedef std::int16_t type __attribute__((vector_size(APSP_VEC_BYTES)));
};

template <class T> inline typename Vec<T>::type load(const T* p) {
  typename Vec<T>::type v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
template <class T> inline void store(T* p, typename Vec<T>::type v) { std::memcpy(p, &v, sizeof v); }

// max(min(c, a + b), floor): the clamped update of phases 1 and 2. With a, b >= 2 * floor the sum fits the
// type, and the stored value is >= floor again (range_policy.h has the argument).
template <class T> inline T min_plus_floored(T c, T a, T b) {
  const T s = static_cast<T>(a + b);
  const T m = s < c ? s : c;
  return m < DistTraits<T>::floor ? DistTraits<T>::floor : m;
}

template <class T> void relax_kouter(T* d, std::size_t ld, const Region& r) {
  using vec = typename Vec<T>::type;
  constexpr int lanes = static_cast<int>(sizeof(vec) / sizeof(T));
  const vec floor = vec{} + DistTraits<T>::floor;  // phases 1 and 2 clamp (range_policy.h)
  auto floored_min = [&floor](vec s, vec c) {
    const vec m = s < c ? s : c;
    return m < floor ? floor : m;
  };
  constexpr int chunk = 4 * lanes;  // four vectors of row k stay in registers while every row i passes
  // Within one k the cells are independent: row k and column k do not change (d[k][k] >= 0), so the columns
  // may be taken chunk by chunk, each chunk over all rows.
  for (int k = r.k0; k < r.k1; ++k) {
    const T* krow = d + static_cast<std::size_t>(k) * ld;
    int j = r.j0;
    for (; j + chunk <= r.j1; j += chunk) {
      vec b[4];
#pragma GCC unroll 4
      for (int v = 0; v < 4; ++v) b[v] = load<T>(krow + j + v * lanes);
      for (int i = r.i0; i < r.i1; ++i) {
        T* row = d + static_cast<std::size_t>(i) * ld + j;
        const T a = d[static_cast<std::size_t>(i) * ld + k];
#pragma GCC unroll 4
        for (int v = 0; v < 4; ++v) {
          store<T>(row + v * lanes, floored_min(a + b[v], load<T>(row + v * lanes)));
        }
      }
    }
    for (int i = r.i0; i < r.i1; ++i) {
      T* row = d + static_cast<std::size_t>(i) * ld;
      const T a = row[k];
      int jj = j;
      for (; jj + lanes <= r.j1; jj += lanes) {
        store<T>(row + jj, floored_min(a + load<T>(krow + jj), load<T>(row + jj)));
      }
      for (; jj < r.j1; ++jj) row[jj] = min_plus_floored(row[jj], a, krow[jj]);
    }
  }
}

// A register tile of R rows x (V * lanes) columns held in accumulators across the whole k loop: each k
// costs V loads of row k, R scalar broadcasts and R*V vector add+min pairs. No clamp here: phase 3 reads
// panels that phases 1 and 2 left >= floor, so its sums stay >= 2 * floor (range_policy.h).
template <class T, int R, int V> inline void micro_tile(T* d, std::size_t ld, int i, int j, int k0, int k1) {
  using vec = typename Vec<T>::type;
  constexpr int lanes = static_cast<int>(sizeof(vec) / sizeof(T));
  vec acc[R][V];
#pragma GCC unroll 16
  for (int r = 0; r < R; ++r)
#pragma GCC unroll 16
    for (int v = 0; v < V; ++v) acc[r][v] = load<T>(d + static_cast<std::size_t>(i + r) * ld + j + v * lanes);
  const T* arow[R];
#pragma GCC unroll 16
  for (int r = 0; r < R; ++r) arow[r] = d + static_cast<std::size_t>(i + r) * ld;
  for (int k = k0; k < k1; ++k) {
    const T* brow = d + static_cast<std::size_t>(k) * ld + j;
    vec b[V];
#pragma GCC unroll 16
    for (int v = 0; v < V; ++v) b[v] = load<T>(brow + v * lanes);
#pragma GCC unroll 16
    for (int r = 0; r < R; ++r) {
      const T a = arow[r][k];
#pragma GCC unroll 16
      for (int v = 0; v < V; ++v) {
        const vec s = a + b[v];
        acc[r][v] = s < acc[r][v] ? s : acc[r][v];
      }
    }
  }
#pragma GCC unroll 16
  for (int r = 0; r < R; ++r)
#pragma GCC unroll 16
    for (int v = 0; v < V; ++v) store<T>(d + static_cast<std::size_t>(i + r) * ld + j + v * lanes, acc[r][v]);
}

template <class T> void relax_independent(T* d, std::size_t ld, const Region& r) {
  constexpr int R = APSP_TILE_ROWS;
  constexpr int V = APSP_TILE_VECS;
  constexpr int W = V * static_cast<int>(APSP_VEC_BYTES / sizeof(T));
  const int full_i = r.i0 + (r.i1 - r.i0) / R * R;
  const int full_j = r.j0 + (r.j1 - r.j0) / W * W;
  // Column tiles outermost: the k x W panel of row k stays in L1 while the row tiles stream past it.
  for (int j = r.j0; j < full_j; j += W)
    for (int i = r.i0; i < full_i; i += R) micro_tile<T, R, V>(d, ld, i, j, r.k0, r.k1);
  // Ragged edges: phase 3 regions are independent of their own values, so any loop order is exact.
  if (full_j < r.j1) relax_kouter<T>(d, ld, Region{r.i0, r.i1, full_j, r.j1, r.k0, r.k1});
  if (full_i < r.i1) relax_kouter<T>(d, ld, Region{full_i, r.i1, r.j0, full_j, r.k0, r.k1});
}

inline const CpuKernels* table(const char* isa) {
  static const CpuKernels k{isa, {&relax_kouter<std::int32_t>, &relax_independent<std::int32_t>},
                            {&relax_kouter<std::int16_t>, &relax_independent<std::int16_t>}};
  return &k;
}

}  // namespace apsp::cpu::APSP_KERNEL_NS
