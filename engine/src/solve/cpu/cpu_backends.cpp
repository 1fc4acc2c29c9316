#include "solve/cpu/cpu_backends.h"

#include <apsp/solve/registry.h>

#include "solve/cpu/kernels.h"

namespace apsp {
namespace cpu {
std::unique_ptr<Solver> make_cpu_naive(const SolverOptions& o);
std::unique_ptr<Solver> make_cpu_blocked(const SolverOptions& o);
}  // namespace cpu

namespace detail {
void register_cpu_backends() {
  BackendInfo naive;
  naive.name = "cpu-naive";
  naive.description = "the three Floyd-Warshall loops, one thread (reference)";
  register_backend(naive, &cpu::make_cpu_naive);

  BackendInfo blocked;
  blocked.name = "cpu-blocked";
  blocked.description = std::string("three-phase blocked, OpenMP threads, register-tiled ") + cpu::cpu_kernels().isa +
                        " min-plus";
  register_backend(blocked, &cpu::make_cpu_blocked);
}
}  // namespace detail
}  // namespace apsp
