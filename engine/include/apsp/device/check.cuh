#pragma once
/// @file check.cuh
/// @brief The one CUDA error check of the tree: engine CUDA sources and CUDA-aware app code (the studio's
/// CUDA–GL interop) report failed runtime calls through it.
///
/// A CUDA header (it includes cuda_runtime.h): only sources that already talk to the CUDA runtime include it.
/// Host headers (`*.h`) never do.
#include <apsp/core/errors.h>

#include <cuda_runtime.h>

#include <string>

namespace apsp::cuda {

/// @brief "cudaErrorName (description)".
std::string cuda_error_text(cudaError_t status);

/// @brief Throws apsp::Error "file:line: expr failed: cudaErrorName (description)". Clears the runtime's
/// last-error slot first, so that a later launch check does not report the same (non-sticky) error again.
[[noreturn]] void throw_cuda_error(cudaError_t status, const char* expr, const char* file, int line);

}  // namespace apsp::cuda

/// Evaluates @p expr (a cudaError_t) and throws apsp::Error with the place, the expression and the error name.
#define APSP_CUDA_CHECK(expr)                                                              \
  do {                                                                                     \
    const cudaError_t apsp_cuda_status_ = (expr);                                          \
    if (apsp_cuda_status_ != cudaSuccess)                                                  \
      ::apsp::cuda::throw_cuda_error(apsp_cuda_status_, #expr, __FILE__, __LINE__);        \
  } while (0)

/// Checks the kernel launch just issued; @p kernel (a string) names it in the message. Configuration errors
/// surface here, faults inside the kernel at the next synchronizing call.
#define APSP_CUDA_CHECK_LAUNCH(kernel)                                                     \
  do {                                                                                     \
    const cudaError_t apsp_cuda_status_ = cudaGetLastError();                              \
    if (apsp_cuda_status_ != cudaSuccess)                                                  \
      ::apsp::cuda::throw_cuda_error(apsp_cuda_status_, "launch of " kernel, __FILE__, __LINE__); \
  } while (0)
