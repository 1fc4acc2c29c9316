#pragma once
/// @file auto_backend.h
/// @brief `--backend auto` (the default of `apsp solve`): Floyd–Warshall or a sparse solver, chosen from n, the
/// edge count, the rows asked for and the device, by comparing two measured cost models:
///
///   Floyd–Warshall  t = n^3 / R              R: the dense variant's updates/s (measured, scaled to this device)
///   sparse solver   t = S * (a n + b m)      a, b: seconds per vertex and per edge of one source's row
///                                            (fitted to measurements at four degrees, scaled)
///
/// The constants come from the crossover table in README ("auto: where Floyd–Warshall and the sparse solvers
/// cross"), measured with the commands written there; the model picks whichever estimate is smaller. Options
/// only Floyd–Warshall has (paths, int16, a block size, several GPUs, per-phase timings) keep it dense.
#include <cstdint>
#include <string>
#include <vector>

namespace apsp {

/// @brief What the choice depends on.
struct AutoInputs {
  std::int64_t n = 0;
  std::int64_t m = 0;        ///< edges after CSR building (parallel edges merged, self loops dropped)
  std::int64_t sources = 0;  ///< rows asked for (n for all)
  bool gpu = false;          ///< a CUDA device can run the GPU variants here
  double gpu_minplus_peak_i32 = 0;  ///< of that device (updates/s), to scale the GPU constants
  double gpu_bandwidth_gbps = 0;    ///< of that device, to scale the sparse GPU constant
  int cpu_threads = 1;              ///< threads the CPU solvers would use
  /// Why the solve must be Floyd–Warshall ("--paths", "--dtype i16", ...); empty: a sparse solver may run.
  std::string dense_only;
  /// Sparse solvers registered and available here (list_sparse_backends()).
  std::vector<std::string> sparse_available;
};

/// @brief The decision and the figures behind it, for `apsp solve --verbose`.
struct AutoChoice {
  std::string backend;       ///< a dense variant or a sparse solver
  bool sparse = false;
  double dense_estimate_s = 0;   ///< the model's Floyd–Warshall time
  double sparse_estimate_s = 0;  ///< the best sparse solver's modeled time; 0 when none was considered
  std::string dense_candidate;   ///< the dense variant the estimate is for
  std::string sparse_candidate;  ///< the sparse solver the estimate is for ("" when none)
  std::string reason;            ///< one line: which, and why
};

/// @brief Picks the backend for @p in (pure: no device query, unit-tested).
AutoChoice choose_auto_backend(const AutoInputs& in);

/// @brief The measured constants of one solver in the cost model, as README's table lists them.
struct AutoCostConstant {
  const char* backend;
  bool gpu;
  bool sparse;
  double rate;          ///< dense: updates/s
  double per_vertex_s;  ///< sparse: seconds per vertex of one row
  double per_edge_s;    ///< sparse: seconds per edge of one row
  double reference;     ///< the quantity it was measured at: the device's i32 min-plus peak (dense) or DRAM
                        ///< bandwidth in GB/s (sparse) for GPU solvers, the thread count for CPU ones
  const char* measured;  ///< where and how
};

/// @brief Every constant of the model (README's table is generated from the same numbers).
const std::vector<AutoCostConstant>& auto_cost_constants();

}  // namespace apsp
