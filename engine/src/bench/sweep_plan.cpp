// plan_sweep: the cartesian product of a sweep, with every combination that cannot run here skipped with the
// reason instead of failing the whole sweep.
#include <apsp/bench/sweep.h>
#include <apsp/core/errors.h>

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

const BackendInfo& find_backend(const std::vector<BackendInfo>& backends, const std::string& name) {
  for (const BackendInfo& b : backends)
    if (b.name == name) return b;
  std::string names;
  for (const BackendInfo& b : backends) names += (names.empty() ? "" : ", ") + b.name;
  throw UsageError("unknown backend '" + name + "' (known: " + names + ")");
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

void require_non_empty(bool empty, const char* what) {
  if (empty) throw UsageError(std::string("sweep: give at least one ") + what);
}

}  // namespace

SweepPlan plan_sweep(const SweepSpec& spec, const std::vector<BackendInfo>& backends, int device_count) {
  require_non_empty(spec.backends.empty(), "backend");
  require_non_empty(spec.blocks.empty(), "block size");
  require_non_empty(spec.gpus.empty(), "GPU count");
  require_non_empty(spec.dtypes.empty(), "dtype");
  require_non_empty(spec.sizes.empty(), "n");
  if (spec.repeat < 1) throw UsageError("sweep: repeat must be at least 1");
  if (spec.warmup < 0) throw UsageError("sweep: warm-up must not be negative");

  // Names are checked before anything is planned, so a typo fails at once rather than after other rows ran.
  std::vector<std::pair<const BackendInfo*, int>> variants;
  for (const std::string& item : spec.backends) {
    const auto [name, pinned] = split_variant(item);
    variants.emplace_back(&find_backend(backends, name), pinned);
  }
  SweepPlan plan;
  for (int n : spec.sizes)
    for (const auto& [info, pinned] : variants)
      for (DType dtype : spec.dtypes)
        for (int block : pinned > 0 ? std::vector<int>{pinned} : spec.blocks)
          for (int gpus : spec.gpus) {
            const SweepConfig config{info->name, block, gpus, dtype, n};
            const std::string reason = why_not(*info, config, device_count);
            if (reason.empty())
              plan.runs.push_back(config);
            else
              plan.skipped.push_back({config, reason});
          }
  return plan;
}

}  // namespace apsp::bench
