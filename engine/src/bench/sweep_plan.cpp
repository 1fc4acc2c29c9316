// plan_sweep: the cartesian product of a sweep, with every combination that cannot run here skipped with the
// reason instead of failing the whole sweep.
#include <apsp/bench/sweep.h>
#include <apsp/core/errors.h>
#include <apsp/core/option_limits.h>
#include <apsp/graph/sources.h>

#include <algorithm>
#include <charconv>

namespace apsp::bench {

namespace {

/// "name" or "name:B" -> name and the pinned block (0: none).
std::pair<std::string, int> split_variant(const std::string& item) {
  const std::size_t colon = item.find(':');
  if (colon == std::string::npos) return {item, 0};
  const std::string name = item.substr(0, colon);
  const std::string block = item.substr(colon + 1);
  int b = 0;
  const auto [ptr, ec] = std::from_chars(block.data(), block.data() + block.size(), b);
  if (block.empty() || ec != std::errc() || ptr != block.data() + block.size() || b < 1)
    throw UsageError("--backend " + item + ": '" + block + "' is not a positive block size");
  return {name, b};
}

/// A dense variant or a sparse solver, whichever the name is.
struct Variant {
  const BackendInfo* dense = nullptr;
  const SparseBackendInfo* sparse = nullptr;
  int pinned_block = 0;
};

Variant find_backend(const std::vector<BackendInfo>& backends, const std::vector<SparseBackendInfo>& sparse,
                     const std::string& name) {
  for (const BackendInfo& b : backends)
    if (b.name == name) return {&b, nullptr, 0};
  for (const SparseBackendInfo& b : sparse)
    if (b.name == name) return {nullptr, &b, 0};
  std::string names;
  for (const BackendInfo& b : backends) names += (names.empty() ? "" : ", ") + b.name;
  for (const SparseBackendInfo& b : sparse) names += (names.empty() ? "" : ", ") + b.name;
  throw UsageError("unknown backend '" + name + "' (known: " + names + ")");
}

/// Why the sparse configuration @p config cannot run, "" when it can.
std::string why_not_sparse(const SparseBackendInfo& info, const SweepConfig& config) {
  if (!info.available) return info.unavailable_reason.empty() ? "not available here" : info.unavailable_reason;
  if (config.dtype == DType::I16) return info.name + " has no int16 mode";
  if (config.gpus > 1) return info.name + " runs on one device";
  return {};
}

std::string join_ints(const std::vector<int>& v) {
  std::string s;
  for (int x : v) s += (s.empty() ? "" : ", ") + std::to_string(x);
  return s;
}

/// Why @p config cannot run, "" when it can. The order is what a user would fix first.
std::string why_not(const BackendInfo& info, const SweepConfig& config, int device_count) {
  if (!info.available) return info.unavailable_reason.empty() ? "not available here" : info.unavailable_reason;
  if (config.dtype == DType::I16 && !info.supports_i16) return info.name + " has no int16 mode";
  if (!info.block_sizes.empty() &&
      std::find(info.block_sizes.begin(), info.block_sizes.end(), config.block) == info.block_sizes.end())
    return info.name + " offers B = " + join_ints(info.block_sizes);
  if (config.gpus > 1 && !info.multi_gpu) return info.name + " runs on one device";
  if (info.gpu && config.gpus > device_count)
    return "only " + std::to_string(device_count) + " CUDA device" + (device_count == 1 ? "" : "s") + " here";
  return {};
}

/// The thread counts a backend is measured with: each asked for on the CPU; on a GPU, whose host threads are not
/// what a threads sweep studies, the first only (the rest are not multiplied rather than listed as skipped).
std::vector<int> threads_for(bool gpu, const std::vector<int>& threads) {
  return gpu ? std::vector<int>{threads.front()} : threads;
}

void require_non_empty(bool empty, const char* what) {
  if (empty) throw UsageError(std::string("sweep: give at least one ") + what);
}

}  // namespace

SweepPlan plan_sweep(const SweepSpec& spec, const std::vector<BackendInfo>& backends, int device_count,
                     const std::vector<SparseBackendInfo>& sparse_backends) {
  require_non_empty(spec.backends.empty(), "backend");
  require_non_empty(spec.blocks.empty(), "block size");
  require_non_empty(spec.gpus.empty(), "GPU count");
  require_non_empty(spec.dtypes.empty(), "dtype");
  require_non_empty(spec.sizes.empty(), "n");
  require_non_empty(spec.threads.empty(), "thread count");
  for (int t : spec.threads)  // each item as --threads takes it: libgomp crashes on absurd counts
    if (t < 0 || t > limits::max_threads())
      throw UsageError("sweep: threads: " + std::to_string(t) + " is not in [0, " +
                       std::to_string(limits::max_threads()) + "] (0: one per core)");
  if (spec.repeat < 1) throw UsageError("sweep: repeat must be at least 1");
  if (spec.warmup < 0) throw UsageError("sweep: warm-up must not be negative");
  if (!(spec.min_time_s >= 0)) throw UsageError("sweep: min time must not be negative");

  // Names are checked before anything is planned, so a typo fails at once rather than after other rows ran.
  std::vector<Variant> variants;
  for (const std::string& item : spec.backends) {
    const auto [name, pinned] = split_variant(item);
    Variant v = find_backend(backends, sparse_backends, name);
    if (v.sparse && pinned > 0) throw UsageError("--backend " + item + ": " + name + " has no block size");
    v.pinned_block = pinned;
    variants.push_back(v);
  }
  const bool any_sparse = std::any_of(variants.begin(), variants.end(), [](const Variant& v) { return v.sparse; });
  const SourceSpec sources = SourceSpec::parse(spec.sources);  // a bad --sources fails before any work
  if (any_sparse) {
    require_non_empty(spec.threads_per_block.empty(), "threads-per-block value");
    require_non_empty(spec.concurrent.empty(), "concurrent value");
    require_non_empty(spec.batch.empty(), "batch value");
    require_non_empty(spec.chunk.empty(), "chunk value");
  }
  SweepPlan plan;
  for (int n : spec.sizes)
    for (const Variant& variant : variants) {
      if (variant.sparse) {
        const SparseBackendInfo& info = *variant.sparse;
        const auto rows = static_cast<std::int64_t>(sources.resolve(n).size());  // a source >= n: UsageError
        for (DType dtype : spec.dtypes)
          for (int tpb : info.takes_threads_per_block ? spec.threads_per_block : std::vector<int>{0})
            for (int k : info.takes_concurrent ? spec.concurrent : std::vector<int>{0})
              for (int batch : info.takes_batch ? spec.batch : std::vector<int>{0})
                for (int chunk : info.takes_batch ? spec.chunk : std::vector<int>{0})
                  for (int gpus : spec.gpus)
                    for (int threads : threads_for(info.gpu, spec.threads)) {
                      SweepConfig config{info.name, 0, gpus, dtype, n};
                      config.sources = rows;
                      config.threads_per_block = tpb;
                      config.concurrent = k;
                      config.batch = batch;
                      config.chunk = chunk;
                      config.threads = threads;
                      const std::string reason = why_not_sparse(info, config);
                      if (reason.empty())
                        plan.runs.push_back(config);
                      else
                        plan.skipped.push_back({config, reason});
                    }
        continue;
      }
      const BackendInfo* info = variant.dense;
      const int pinned = variant.pinned_block;
      for (DType dtype : spec.dtypes)
        for (int block : pinned > 0 ? std::vector<int>{pinned} : spec.blocks)
          for (int gpus : spec.gpus)
            for (int threads : threads_for(info->gpu, spec.threads)) {
              SweepConfig config{info->name, block, gpus, dtype, n};
              config.threads = threads;
              const std::string reason = why_not(*info, config, device_count);
              if (reason.empty())
                plan.runs.push_back(config);
              else
                plan.skipped.push_back({config, reason});
            }
    }
  return plan;
}

}  // namespace apsp::bench
