#include <apsp/core/errors.h>
#include <apsp/core/option_limits.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/device/device_info.h>
#include <apsp/solve/sparse_registry.h>

#include "solve/sparse_factories.h"

namespace apsp {

namespace {
SparseBackendInfo cpu_dijkstra_info() {
  return {"cpu-dijkstra", "Dijkstra per source (radix heap), sources over OpenMP threads; Johnson for negative edges",
          false, true, "", false, false, false};
}

SparseBackendInfo cuda_dijkstra_info() {
  const std::string reason = cuda_unavailable_reason();
  return {
      "cuda-dijkstra",
      "the report's GPU Dijkstra per source (relax / minimum / update with threshold), --concurrent sources on streams",
      true, reason.empty(), reason, true, true, false};
}

SparseBackendInfo cuda_batched_bf_info() {
  const std::string reason = cuda_unavailable_reason();
  return {"cuda-batched-bf",
          "Bellman-Ford over --batch sources at once: frontier-compacted min-plus of the distance block with the "
          "sparse adjacency",
          true, reason.empty(), reason, true, false, true};
}
}  // namespace

std::vector<SparseBackendInfo> list_sparse_backends() {
  return {cpu_dijkstra_info(), cuda_dijkstra_info(), cuda_batched_bf_info()};
}

bool is_sparse_backend(std::string_view name) {
  return name == "cpu-dijkstra" || name == "cuda-dijkstra" || name == "cuda-batched-bf";
}

std::unique_ptr<SparseSolver> create_sparse_solver(std::string_view name, const SparseSolverOptions& options) {
  if (!is_sparse_backend(name))
    throw UsageError("unknown sparse backend '" + user_value_in_message(name) +
                     "' (known: cpu-dijkstra, cuda-dijkstra, cuda-batched-bf)");
  if (options.threads < 0 || options.threads > limits::max_threads())
    throw UsageError("threads must be 0 (one per core) .. " + std::to_string(limits::max_threads()) + ", got " +
                     std::to_string(options.threads));
  if (options.threads_per_block < limits::kMinThreadsPerBlock ||
      options.threads_per_block > limits::kMaxThreadsPerBlock || options.threads_per_block % 32 != 0)
    throw UsageError("threads per block must be " + std::to_string(limits::kMinThreadsPerBlock) + " .. " +
                     std::to_string(limits::kMaxThreadsPerBlock) + " in steps of 32, got " +
                     std::to_string(options.threads_per_block));
  if (options.concurrent < 1 || options.concurrent > limits::kMaxConcurrent)
    throw UsageError("concurrent sources must be 1 .. " + std::to_string(limits::kMaxConcurrent) + ", got " +
                     std::to_string(options.concurrent));
  if (options.batch < 0 || options.batch > limits::kMaxBatch)
    throw UsageError("batch must be 0 (automatic) .. " + std::to_string(limits::kMaxBatch) + " sources, got " +
                     std::to_string(options.batch));
  if (options.chunk != 32 && options.chunk != 64 && options.chunk != 128)
    throw UsageError("chunk must be 32, 64 or 128 sources, got " + std::to_string(options.chunk));
  if (name == "cpu-dijkstra") return detail::make_cpu_dijkstra(options);
  if (name == "cuda-batched-bf") {
    const SparseBackendInfo batched = cuda_batched_bf_info();
    if (!batched.available) throw UnavailableError(batched.name + ": " + batched.unavailable_reason);
    return detail::make_cuda_batched_bf(options);
  }
  const SparseBackendInfo info = cuda_dijkstra_info();
  if (!info.available) throw UnavailableError(info.name + ": " + info.unavailable_reason);
  return detail::make_cuda_dijkstra(options);
}

}  // namespace apsp
