#pragma once
// Min-plus relaxation kernels for the CPU backends, compiled once per instruction set (generic, AVX2,
// AVX-512) and chosen at run time, so one binary runs everywhere and uses the widest vectors it can.
//
// Every kernel works on one square matrix d with row stride ld (elements) and global indices: for k in
// [k0, k1), i in [i0, i1), j in [j0, j1): d[i][j] = min(d[i][j], d[i][k] + d[k][j]).
#include <cstddef>
#include <cstdint>

namespace apsp::cpu {

struct Region {
  int i0, i1;  ///< rows
  int j0, j1;  ///< columns
  int k0, k1;  ///< intermediates
};

template <class T> struct KernelSet {
  /// k outermost: correct when the region contains its own pivot rows/columns (phases 1 and 2).
  void (*relax_kouter)(T* d, std::size_t ld, const Region& r);
  /// Any order, register-tiled: only for regions disjoint from [k0, k1) in rows and columns (phase 3).
  void (*relax_independent)(T* d, std::size_t ld, const Region& r);
};

struct CpuKernels {
  const char* isa;  ///< "avx512", "avx2" or "generic"
  KernelSet<std::int32_t> i32;
  KernelSet<std::int16_t> i16;
};

/// @brief The widest kernel set this CPU supports (APSP_CPU_ISA=generic|avx2|avx512 narrows it).
const CpuKernels& cpu_kernels();

const CpuKernels* kernels_generic();
const CpuKernels* kernels_avx2();    ///< nullptr when not compiled for AVX2
const CpuKernels* kernels_avx512();  ///< nullptr when not compiled for AVX-512

template <class T> const KernelSet<T>& kernels_for();
template <> inline const KernelSet<std::int32_t>& kernels_for<std::int32_t>() { return cpu_kernels().i32; }
template <> inline const KernelSet<std::int16_t>& kernels_for<std::int16_t>() { return cpu_kernels().i16; }

}  // namespace apsp::cpu
