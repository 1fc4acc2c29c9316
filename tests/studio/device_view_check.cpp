// GPU check of DeviceViewEncoder (label "gpu"; exit 77 without a CUDA device): after every round of cuda-tuned
// and cuda-blocked, i32 and i16, with negative edges, one texel per cell and tiled, the codes it writes into a
// surface equal encode_view() of Solver::view_tiles() (the host path), improved bits included, and the range it
// reads back equals finite_range(). The same for multi-GPU cuda-tuned, whose tiles are gathered from every band
// (three bands emulated on GPU 0, and 2 and 4 GPUs where there are). Independent of GL: the surface is a plain CUDA
// array.
#include <apsp/core/distance_matrix.h>
#include <apsp/device/check.cuh>
#include <apsp/device/device_info.h>
#include <apsp/device/stream.cuh>
#include <apsp/graph/generators.h>
#include <apsp/solve/registry.h>
#include <apsp/view/device_view.h>
#include <apsp/view/view.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "solve/cuda/multi_gpu_solver.h"

namespace {

// A rows x cols 16-bit CUDA array with a surface object over it, as interop maps the GL texture.
struct SurfaceArray {
  cudaArray_t array = nullptr;
  cudaSurfaceObject_t surface = 0;
  SurfaceArray(int rows, int cols) {
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<unsigned short>();
    APSP_CUDA_CHECK(cudaMallocArray(&array, &desc, static_cast<std::size_t>(cols), static_cast<std::size_t>(rows),
                               cudaArraySurfaceLoadStore));
    cudaResourceDesc res{};
    res.resType = cudaResourceTypeArray;
    res.res.array.array = array;
    APSP_CUDA_CHECK(cudaCreateSurfaceObject(&surface, &res));
  }
  ~SurfaceArray() {
    cudaDestroySurfaceObject(surface);
    cudaFreeArray(array);
  }
  SurfaceArray(const SurfaceArray&) = delete;
  SurfaceArray& operator=(const SurfaceArray&) = delete;
  std::vector<std::uint16_t> read(int rows, int cols) const {
    std::vector<std::uint16_t> out(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols));
    APSP_CUDA_CHECK(cudaMemcpy2DFromArray(out.data(), static_cast<std::size_t>(cols) * 2, array, 0, 0,
                                     static_cast<std::size_t>(cols) * 2, static_cast<std::size_t>(rows),
                                     cudaMemcpyDeviceToHost));
    return out;
  }
};

int failures = 0;

using SolverFactory = std::function<std::unique_ptr<apsp::Solver>(const apsp::SolverOptions&)>;

void run_case(const std::string& backend, const SolverFactory& make, apsp::DType dtype, const std::string& spec,
              int block, int budget) {
  using namespace apsp;
  Graph graph = generate(GeneratorSpec::parse(spec));
  DistanceMatrix initial = to_distance_matrix(graph, block, dtype);
  auto solver = make(SolverOptions{block, dtype});
  solver->reset(initial);
  const ViewGeometry g = make_view_geometry(solver->n(), budget);
  DeviceViewEncoder encoder(DeviceViewEncoder::device_for(*solver));
  SurfaceArray target(g.rows, g.cols);
  const cuda::Stream owned_stream = cuda::Stream::create();
  cudaStream_t stream = owned_stream.get();
  std::vector<std::int32_t> before(g.texels()), after(g.texels());
  std::vector<std::uint16_t> expected(g.texels());
  int round = 0, bad_rounds = 0;
  while (!solver->finished()) {
    solver->view_tiles(g, before.data());
    encoder.capture_previous_async(*solver, g);
    solver->step(Granularity::Round);
    ++round;
    solver->view_tiles(g, after.data());
    const ValueRange range = finite_range(after.data(), after.size(), inf_of(dtype));
    encode_view(after.data(), before.data(), after.size(), range, inf_of(dtype), expected.data());
    encoder.reduce_async(*solver, g, std::nullopt);
    encoder.wait_ready();
    const ValueRange got = encoder.range();
    encoder.encode_async(target.surface, true, stream);
    APSP_CUDA_CHECK(cudaStreamSynchronize(stream));
    const std::vector<std::uint16_t> codes = target.read(g.rows, g.cols);
    std::size_t differ = 0;
    for (std::size_t i = 0; i < codes.size(); ++i) differ += codes[i] != expected[i] ? 1 : 0;
    const bool range_ok =
        got.has_finite == range.has_finite && (!range.has_finite || (got.lo == range.lo && got.hi == range.hi));
    if (differ || !range_ok) {
      if (bad_rounds++ < 3)
        std::fprintf(stderr, "FAIL %s %s %s budget %d round %d: %zu codes differ, range %d..%d vs host %d..%d\n",
                     backend.c_str(), std::string(to_string(dtype)).c_str(), spec.c_str(), budget, round, differ,
                     got.lo, got.hi, range.lo, range.hi);
    }
  }
  // A fixed range encodes with exactly that range.
  const ValueRange fixed{0, 50, true};
  solver->view_tiles(g, after.data());
  encode_view(after.data(), nullptr, after.size(), fixed, inf_of(dtype), expected.data());
  encoder.reduce_async(*solver, g, fixed);
  encoder.wait_ready();
  encoder.encode_async(target.surface, false, stream);
  APSP_CUDA_CHECK(cudaStreamSynchronize(stream));
  if (target.read(g.rows, g.cols) != expected) {
    std::fprintf(stderr, "FAIL %s fixed range codes differ\n", backend.c_str());
    ++bad_rounds;
  }
  std::printf("%s %s %s budget %d: %d rounds, %s\n", backend.c_str(), std::string(to_string(dtype)).c_str(),
              spec.c_str(), budget, round, bad_rounds ? "MISMATCH" : "identical");
  failures += bad_rounds ? 1 : 0;
}

}  // namespace

int main() {
  if (apsp::cuda_device_count() == 0) {
    std::printf("SKIP: %s\n", apsp::cuda_unavailable_reason().c_str());
    return 77;
  }
  try {
    const char* spec = "er:n=300,p=0.01,seed=4,w=1:60,neg=1";
    for (const char* backend : {"cuda-tuned", "cuda-blocked"}) {
      const SolverFactory make = [backend](const apsp::SolverOptions& o) { return apsp::create_solver(backend, o); };
      for (apsp::DType dtype : {apsp::DType::I32, apsp::DType::I16}) {
        // Negative edges (potentials), an unreachable quarter-ish (sparse), n not a multiple of the block.
        run_case(backend, make, dtype, spec, 64, 4096);
        run_case(backend, make, dtype, spec, 64, 37);
        // Views of 2^a x 2^b-cell texels on non-negative weights, which cuda-tuned's kernels keep
        // current themselves (Solver::track_view): 4 x 4 cells (int16: refused, 8 x 8 taken) and 16 x 16.
        run_case(backend, make, dtype, "er:n=1024,p=0.005,seed=6,w=1:60", 64, 256);
        run_case(backend, make, dtype, "er:n=1024,p=0.005,seed=6,w=1:60", 64, 128);
        run_case(backend, make, dtype, "er:n=1024,p=0.005,seed=6,w=1:60", 64, 64);
      }
    }
    // Gathered views: bands of 128 rows, so n = 300 makes three bands (the last one short) and n = 700 with
    // budget 37 puts band boundaries inside texel rows (their partial tiles are merged).
    std::vector<std::pair<std::string, apsp::cuda::MultiGpuConfig>> setups = {{"cuda-tuned x3 bands on GPU 0",
                                                                              {{0, 0, 0}, "peer"}}};
    if (apsp::cuda_device_count() >= 2) setups.push_back({"cuda-tuned on 2 GPUs", {{0, 1}, ""}});
    if (apsp::cuda_device_count() >= 4) setups.push_back({"cuda-tuned on 4 GPUs", {{0, 1, 2, 3}, ""}});
    for (const auto& [label, config] : setups) {
      const SolverFactory make = [config = config](const apsp::SolverOptions& o) {
        return apsp::cuda::make_multi_gpu_solver(o, config);
      };
      for (apsp::DType dtype : {apsp::DType::I32, apsp::DType::I16}) {
        run_case(label, make, dtype, spec, 64, 4096);
        // (int16 cannot hold this graph with negative edges: the range policy refuses it.)
        run_case(label, make, dtype,
                 dtype == apsp::DType::I16 ? "er:n=700,p=0.005,seed=5,w=1:60" : "er:n=700,p=0.005,seed=5,w=1:60,neg=1",
                 32, 37);
        run_case(label, make, dtype, "er:n=1024,p=0.005,seed=6,w=1:60", 64, 128);  // live minima per band
        run_case(label, make, dtype, "er:n=1024,p=0.005,seed=6,w=1:60", 128, 4);   // texels span bands
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FAIL: %s\n", e.what());
    return 1;
  }
  return failures ? 1 : 0;
}
