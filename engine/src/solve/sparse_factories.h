#pragma once
// Internal: the constructors of the sparse solvers, for the sparse registry. the CUDA ones are defined in
// solve/cuda/ when CUDA is built, else in no_cuda.cpp (where it throws UnavailableError).
#include <apsp/solve/sparse_solver.h>

#include <memory>

namespace apsp::detail {

std::unique_ptr<SparseSolver> make_cpu_dijkstra(const SparseSolverOptions& options);
std::unique_ptr<SparseSolver> make_cuda_dijkstra(const SparseSolverOptions& options);
std::unique_ptr<SparseSolver> make_cuda_batched_bf(const SparseSolverOptions& options);

}  // namespace apsp::detail
