#pragma once
/// @file registry.h
/// @brief Named solver variants, selectable by name in `apsp` and `apsp-studio`.
#include <apsp/core/types.h>
#include <apsp/solve/solver.h>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace apsp {

/// @brief A variant as listed to users.
struct BackendInfo {
  std::string name;                 ///< "cpu-naive", "cpu-blocked", "cuda-naive", "cuda-blocked", "cuda-tuned"
  std::string description;          ///< one line
  bool gpu = false;
  bool available = true;
  std::string unavailable_reason;   ///< "no CUDA device", "built without CUDA", ...
  std::vector<int> block_sizes;     ///< empty: any block size 1..n
  bool supports_i16 = true;
  bool multi_gpu = false;
};

using SolverFactory = std::function<std::unique_ptr<Solver>(const SolverOptions&)>;

/// @brief Every known variant, available or not, in a stable order (CPU first).
std::vector<BackendInfo> list_backends();

/// @brief Info for one variant; throws UsageError listing the valid names when unknown.
BackendInfo backend_info(std::string_view name);

/// @brief Throws what create_solver() refuses for @p name and @p options (unknown name, a variant that cannot
/// run here, a block size, dtype, thread or GPU count it does not take) without creating anything.
void check_solver_options(std::string_view name, const SolverOptions& options);

/// @brief Creates a solver. Throws UsageError (unknown name, unsupported block size or dtype) or
/// UnavailableError (e.g. "cuda-tuned: no CUDA device").
std::unique_ptr<Solver> create_solver(std::string_view name, const SolverOptions& options);

/// @brief The fastest variant available here: cuda-tuned with a GPU, else cpu-blocked.
std::string default_backend();

/// @brief Adds a variant (used by optional parts such as the CUDA backends at start-up).
void register_backend(BackendInfo info, SolverFactory factory);

}  // namespace apsp
