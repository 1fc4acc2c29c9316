#include <apsp/core/errors.h>
#include <apsp/device/check.cuh>

#include <cstring>

namespace apsp::cuda {

std::string cuda_error_text(cudaError_t status) {
  return std::string(cudaGetErrorName(status)) + " (" + cudaGetErrorString(status) + ")";
}

void throw_cuda_error(cudaError_t status, const char* expr, const char* file, int line) {
  (void)cudaGetLastError();
  const char* base = std::strrchr(file, '/');
  throw Error(std::string(base ? base + 1 : file) + ":" + std::to_string(line) + ": " + expr + " failed: " +
              cuda_error_text(status));
}

}  // namespace apsp::cuda
