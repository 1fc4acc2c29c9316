#pragma once
// Error checking for CUDA runtime calls and kernel launches. Private to the engine's CUDA sources.
#include <apsp/core/errors.h>

#include <cuda_runtime.h>

#include <string>

namespace apsp::cuda {

/// Throws apsp::Error "file:line: expr failed: cudaErrorName (description)".
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
