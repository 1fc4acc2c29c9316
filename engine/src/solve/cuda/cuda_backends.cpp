#include "solve/cuda/cuda_backends.h"

#include <apsp/core/errors.h>
#include <apsp/device/device_info.h>
#include <apsp/solve/registry.h>

#include "solve/cuda/cuda_solver.h"
#include "solve/cuda_variant_table.h"

namespace apsp::detail {

void register_cuda_backends() {
  const std::string reason = cuda_unavailable_reason();
  for (const CudaVariantEntry& e : kCudaVariantEntries) {
    BackendInfo info;
    info.name = e.name;
    info.description = e.description;
    info.gpu = true;
    info.available = reason.empty();
    info.unavailable_reason = reason;
    info.block_sizes = cuda::supported_blocks(e.variant);
    info.supports_i16 = true;  // every variant is compiled for int16 too
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
