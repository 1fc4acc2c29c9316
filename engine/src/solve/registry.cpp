#include <apsp/core/errors.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/solve/block_size.h>
#include <apsp/core/option_limits.h>
#include <apsp/device/process_group.h>
#include <apsp/solve/registry.h>
#include <apsp/solve/sparse_registry.h>

#include "solve/cpu/cpu_backends.h"

#include <algorithm>
#include <mutex>

namespace apsp {

namespace detail {
/// Defined in solve/cuda/ when CUDA is built, else in no_cuda.cpp (listing the variants as unavailable).
void register_cuda_backends();
}  // namespace detail

namespace {
struct Entry {
  BackendInfo info;
  SolverFactory factory;
};

std::vector<Entry>& entries() {
  static std::vector<Entry> list;
  return list;
}

void ensure_registered() {
  static std::once_flag once;
  std::call_once(once, [] {
    detail::register_cpu_backends();
    detail::register_cuda_backends();
  });
}

std::string known_names() {
  std::string names;
  for (const Entry& e : entries()) names += (names.empty() ? "" : ", ") + e.info.name;
  return names;
}

const Entry& find_entry(std::string_view name) {
  ensure_registered();
  for (const Entry& e : entries())
    if (e.info.name == name) return e;
  // The sparse solvers have their own interface: say where they run instead of calling them unknown.
  if (is_sparse_backend(name))
    throw UsageError(user_value_in_message(name) + " is a sparse (per-source) solver: apsp solve and apsp bench run it; here only the "
                     "Floyd-Warshall variants run (" + known_names() + ")");
  throw UsageError("unknown backend '" + user_value_in_message(name) + "' (known: " + known_names() + ")");
}
}  // namespace

void register_backend(BackendInfo info, SolverFactory factory) {
  auto& list = entries();
  auto it = std::find_if(list.begin(), list.end(), [&](const Entry& e) { return e.info.name == info.name; });
  if (it != list.end())
    *it = Entry{std::move(info), std::move(factory)};
  else
    list.push_back(Entry{std::move(info), std::move(factory)});
}

std::vector<BackendInfo> list_backends() {
  ensure_registered();
  std::vector<BackendInfo> out;
  for (const Entry& e : entries()) out.push_back(e.info);
  return out;
}

BackendInfo backend_info(std::string_view name) { return find_entry(name).info; }

namespace {
const Entry& checked_entry(std::string_view name, const SolverOptions& options) {
  const Entry& e = find_entry(name);
  if (!e.info.available) throw UnavailableError(e.info.name + ": " + e.info.unavailable_reason);
  require_block_size(e.info.name, e.info.block_sizes, options.block);
  if (options.threads < 0 || options.threads > limits::max_threads())  // libgomp crashes on absurd counts
    throw UsageError("threads must be 0 (one per core) .. " + std::to_string(limits::max_threads()) + ", got " +
                     std::to_string(options.threads));
  if (options.gpus < 1 || options.gpus > limits::kMaxGpus)
    throw UsageError("GPU count must be 1 .. " + std::to_string(limits::kMaxGpus) + ", got " +
                     std::to_string(options.gpus));
  if (options.dtype == DType::I16 && !e.info.supports_i16) throw UsageError(e.info.name + " does not support --dtype i16");
  if (options.gpus != 1 && !e.info.multi_gpu)
    throw UsageError(e.info.name + " runs on one device only (got --gpus " + std::to_string(options.gpus) + ")");
  if (options.process_group && options.process_group->multi_process() && !e.info.multi_gpu)
    throw UsageError(e.info.name + " runs in one process only (one process per GPU: cuda-tuned)");
  return e;
}
}  // namespace

void check_solver_options(std::string_view name, const SolverOptions& options) { (void)checked_entry(name, options); }

std::unique_ptr<Solver> create_solver(std::string_view name, const SolverOptions& options) {
  return checked_entry(name, options).factory(options);
}

std::string default_backend() {
  ensure_registered();
  for (const Entry& e : entries())
    if (e.info.name == "cuda-tuned" && e.info.available) return e.info.name;
  return "cpu-blocked";
}

}  // namespace apsp
