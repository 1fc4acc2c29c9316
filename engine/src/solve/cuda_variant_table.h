#pragma once
// The CUDA variants as the registry lists them, in the optimization ladder's order (apsp/solve/ladder.h):
// one table for the CUDA build (solve/cuda/cuda_backends.cpp) and the build without CUDA (solve/no_cuda.cpp),
// so both list the same names and descriptions.
#include "solve/cuda/cuda_solver.h"

namespace apsp::detail {

struct CudaVariantEntry {
  cuda::Variant variant;
  const char* name;
  const char* description;
};

inline constexpr CudaVariantEntry kCudaVariantEntries[] = {
    {cuda::Variant::Simple, "cuda-simple",
     "ladder 1: one cell per thread, one launch per k; streams the whole matrix every k"},
    {cuda::Variant::Naive, "cuda-naive",
     "ladder 2: one launch per k, 16 cells per thread down a column reusing row k's value (baseline)"},
    {cuda::Variant::SimpleVec, "cuda-simple-vec",
     "ladder 3: cuda-simple with 4 cells of a row per thread in one vector load/store (int4, short4)"},
    {cuda::Variant::PseudoBlocked, "cuda-pseudo-blocked",
     "ladder 4: one launch per k, P x P cells per thread straight from global memory (--cells-per-thread 2|4|8)"},
    {cuda::Variant::Blocked, "cuda-blocked",
     "ladder 5: classic three-phase kernels, blocks staged in shared memory (--phase2 one-cta: one CTA updates "
     "a pivot row block and a pivot column block)"},
    {cuda::Variant::Staged, "cuda-staged",
     "ladder 6: B = 64, 1024 threads per CTA, phase 3 staged through shared memory in double-buffered 16-wide "
     "k-chunks (Lund-Smith style)"},
    {cuda::Variant::BlockedVec, "cuda-blocked-vec",
     "ladder 7: cuda-blocked with a vectorized phase 3 (B = 64, 4 x 4 cells per thread, int4/short4 loads)"},
    {cuda::Variant::Tuned, "cuda-tuned",
     "ladder 8: register-tiled min-plus phase 3 (VIADDMNMX, packed int16), cp.async double buffering"},
};

}  // namespace apsp::detail
