// Built only when CUDA is disabled: device queries answer "none" and the CUDA variants are listed as
// unavailable with the reason, so callers (CLI, GUI) need no #ifdefs.
#include <apsp/core/errors.h>
#include <apsp/device/device_info.h>
#include <apsp/solve/registry.h>
#include <apsp/solve/tile_minima.h>

#include "solve/cuda_variant_table.h"
#include "solve/sparse_factories.h"

namespace apsp {

// No storage is ever on a device without CUDA: nothing calls these.
struct DeviceTileMinima::Impl {};
DeviceTileMinima::DeviceTileMinima() = default;
DeviceTileMinima::~DeviceTileMinima() = default;
void DeviceTileMinima::to_host_async(const Solver::Storage&, const ViewGeometry&, std::int32_t*) {
  throw UnavailableError("device view tiles: built without CUDA");
}
void DeviceTileMinima::finish_to_host(const ViewGeometry&, std::int32_t*) {}
void DeviceTileMinima::gather_async(const Solver::Storage&, const ViewGeometry&, int, std::int32_t*, void*, void*) {
  throw UnavailableError("device view tiles: built without CUDA");
}

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
