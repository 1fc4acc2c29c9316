#include <apsp/core/errors.h>
#include <apsp/solve/block_size.h>
#include <apsp/core/option_limits.h>

#include <algorithm>
#include <string>

namespace apsp {

namespace {
bool listed(const std::vector<int>& sizes, int block) {
  return std::find(sizes.begin(), sizes.end(), block) != sizes.end();
}
}  // namespace

void require_block_size(std::string_view backend, const std::vector<int>& supported, int block) {
  const std::string name(backend);
  if (block < limits::kMinBlock || block > limits::kMaxBlock)
    throw UsageError(name + ": block size must be " + std::to_string(limits::kMinBlock) + " .. " +
                     std::to_string(limits::kMaxBlock) + ", got " + std::to_string(block));
  if (supported.empty() || listed(supported, block)) return;
  std::string sizes;
  for (int b : supported) sizes += (sizes.empty() ? "" : ", ") + std::to_string(b);
  throw UsageError(name + ": block size " + std::to_string(block) + " not supported (use one of " + sizes + ")");
}

int effective_block_size(const BackendInfo& backend, int block, int n) {
  require_block_size(backend.name, backend.block_sizes, block);
  if (backend.block_sizes.empty() && n > 0 && block > n) return n;
  return block;
}

int supported_block_or_first(const BackendInfo& backend, int block) {
  if (backend.block_sizes.empty()) return block > 0 ? block : 1;
  return listed(backend.block_sizes, block) ? block : backend.block_sizes.front();
}

std::vector<int> block_size_choices(const BackendInfo& backend, int current) {
  std::vector<int> sizes = backend.block_sizes.empty() ? std::vector<int>{4, 8, 16, 32, 64, 128, 256} : backend.block_sizes;
  if (backend.block_sizes.empty() && current > 0 && !listed(sizes, current)) {
    sizes.push_back(current);
    std::sort(sizes.begin(), sizes.end());
  }
  return sizes;
}

int opening_block_size(const BackendInfo& backend, int fallback, int n, int suggested) {
  if (suggested <= 0) return fallback;
  if (backend.block_sizes.empty()) return n > 0 ? std::min(suggested, n) : suggested;
  int best = 0;
  for (int b : backend.block_sizes)
    if (b <= suggested) best = std::max(best, b);
  return best > 0 ? best : *std::min_element(backend.block_sizes.begin(), backend.block_sizes.end());
}

}  // namespace apsp
