// Built only when CUDA is disabled: device queries answer "none" and the CUDA variants are listed as
// unavailable with the reason, so callers (CLI, GUI) need no #ifdefs.
#include <apsp/core/errors.h>
#include <apsp/solve/device_info.h>
#include <apsp/solve/registry.h>

#include "solve/cuda_variant_table.h"
#include "solve/sparse_factories.h"

namespace apsp {

int cuda_device_count() { return 0; }
std::string cuda_unavailable_reason() { return "built without CUDA (configure with APSP_CUDA=ON)"; }
std::vector<DeviceInfo> cuda_devices(bool) { return {}; }

namespace detail {
void register_cuda_backends() {
  for (const CudaVariantEntry& e : kCudaVariantEntries) {
    BackendInfo info;
    info.name = e.name;
    info.description = e.description;
    info.gpu = true;
    info.available = false;
    info.unavailable_reason = cuda_unavailable_reason();
    register_backend(info, [](const SolverOptions&) -> std::unique_ptr<Solver> {
      throw UnavailableError(cuda_unavailable_reason());
    });
  }
}
std::unique_ptr<SparseSolver> make_cuda_dijkstra(const SparseSolverOptions&) {
  throw UnavailableError("cuda-dijkstra: " + cuda_unavailable_reason());
}
std::unique_ptr<SparseSolver> make_cuda_batched_bf(const SparseSolverOptions&) {
  throw UnavailableError("cuda-batched-bf: " + cuda_unavailable_reason());
}
}  // namespace detail

}  // namespace apsp
