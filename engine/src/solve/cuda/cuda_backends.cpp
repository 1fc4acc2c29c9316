#include "solve/cuda/cuda_backends.h"

#include <apsp/core/errors.h>
#include <apsp/solve/device_info.h>
#include <apsp/solve/registry.h>

#include "solve/cuda/cuda_solver.h"

namespace apsp::detail {

void register_cuda_backends() {
  struct Entry {
    cuda::Variant variant;
    const char* name;
    const char* description;
  };
  const Entry entries[] = {
      {cuda::Variant::Naive, "cuda-naive", "one launch per k over the whole matrix (baseline)"},
      {cuda::Variant::Blocked, "cuda-blocked", "classic three-phase kernels, blocks staged in shared memory"},
      {cuda::Variant::Tuned, "cuda-tuned",
       "register-tiled min-plus phase 3 (VIADDMNMX, packed int16), cp.async double buffering"},
  };
  const std::string reason = cuda_unavailable_reason();
  for (const Entry& e : entries) {
    BackendInfo info;
    info.name = e.name;
    info.description = e.description;
    info.gpu = true;
    info.available = reason.empty();
    info.unavailable_reason = reason;
    info.block_sizes = cuda::supported_blocks(e.variant);
    info.supports_i16 = true;
    info.multi_gpu = e.variant == cuda::Variant::Tuned;  // --gpus N > 1: row bands over N devices
    const cuda::Variant variant = e.variant;
    const std::string name = e.name;
    register_backend(info, [variant, name](const SolverOptions& options) -> std::unique_ptr<Solver> {
      const std::string why = cuda_unavailable_reason();
      if (!why.empty()) throw UnavailableError(name + ": " + why);
      return cuda::make_solver(variant, options);
    });
  }
}

}  // namespace apsp::detail
