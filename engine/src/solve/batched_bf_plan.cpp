#include "solve/batched_bf_plan.h"

#include <apsp/core/errors.h>

#include <algorithm>
#include <limits>

namespace apsp::detail {

namespace {
std::int64_t round_up(std::int64_t x, std::int64_t step) { return (x + step - 1) / step * step; }
std::int64_t round_down(std::int64_t x, std::int64_t step) { return x / step * step; }
/// (v, chunk) items a round should offer at least: a few per warp an H100/H200 holds (132 SMs x 64 warps).
constexpr std::int64_t kBusyItems = 65536;
constexpr std::int64_t kMaxAutoBatch = 4096;
}  // namespace

std::uint64_t batched_bf_device_bytes(std::int64_t n, std::int64_t m, std::int64_t batch, int chunk) {
  const auto un = static_cast<std::uint64_t>(n);
  const auto ub = static_cast<std::uint64_t>(batch);
  const std::uint64_t chunks = ub / static_cast<std::uint64_t>(chunk);
  const std::uint64_t distances = 4 * un * ub;         // D[v][s], int32
  const std::uint64_t rows = 2 * 4 * ub * un;          // transposed rows, double-buffered for the copy-out
  const std::uint64_t per_item = 4 * 4 * un * chunks;  // changed and queued stamps, two work lists
  const std::uint64_t graph = 2 * (4 * (un + 1) + 8 * static_cast<std::uint64_t>(m));
  return distances + rows + per_item + graph + 4096;  // counters and the error slot
}

BatchedBfPlan plan_batched_bf(std::int64_t n, std::int64_t m, std::int64_t sources, int chunk,
                              std::int64_t requested_batch, std::uint64_t free_device_bytes, std::uint64_t l2_bytes) {
  BatchedBfPlan plan;
  plan.chunk = chunk;
  const std::int64_t all = round_up(std::max<std::int64_t>(sources, 1), chunk);
  std::int64_t batch = 0;
  if (requested_batch > 0) {
    batch = round_up(requested_batch, chunk);
  } else {
    const std::int64_t l2_fit =
        round_down(static_cast<std::int64_t>(l2_bytes / 4 * 3 / 4) / std::max<std::int64_t>(n, 1), chunk);
    const std::int64_t busy = round_up((kBusyItems * chunk + n - 1) / std::max<std::int64_t>(n, 1), chunk);
    batch = std::min(kMaxAutoBatch, std::max(l2_fit, busy));
  }
  batch = std::max<std::int64_t>(chunk, std::min(batch, all));
  // Work-list items are chunk * n + v in 32 bits.
  const std::int64_t item_limit =
      round_down(static_cast<std::int64_t>(std::numeric_limits<std::uint32_t>::max() /
                                           static_cast<std::uint64_t>(std::max<std::int64_t>(n, 1))) *
                     chunk,
                 chunk);
  batch = std::min(batch, std::max<std::int64_t>(item_limit, chunk));
  const std::uint64_t usable = free_device_bytes / 10 * 9;  // the rest for the CUDA context and fragmentation
  const std::uint64_t one_chunk = batched_bf_device_bytes(n, m, chunk, chunk);
  if (one_chunk > usable || item_limit < chunk)
    throw OutOfMemoryError("cuda-batched-bf: one batch of " + std::to_string(chunk) + " sources on " +
                               std::to_string(n) + " vertices and " + std::to_string(m) + " edges on the GPU",
                           one_chunk, usable);
  // The largest whole number of chunks that fits (bytes grow linearly with the batch).
  const std::uint64_t fixed = batched_bf_device_bytes(n, m, 0, chunk);
  const std::uint64_t per_chunk = std::max<std::uint64_t>(1, one_chunk - fixed);
  const auto fitting = static_cast<std::int64_t>((usable - fixed) / per_chunk) * chunk;
  batch = std::min(batch, fitting);
  plan.batch = batch;
  plan.batches = (std::max<std::int64_t>(sources, 0) + batch - 1) / batch;
  plan.device_bytes = batched_bf_device_bytes(n, m, batch, chunk);
  return plan;
}

ReverseCsr reverse_csr(const CsrGraph& g) {
  const auto n = static_cast<std::size_t>(g.n);
  ReverseCsr r;
  r.offsets.assign(n + 1, 0);
  for (const std::int32_t v : g.targets) ++r.offsets[static_cast<std::size_t>(v) + 1];
  for (std::size_t v = 0; v < n; ++v) r.offsets[v + 1] += r.offsets[v];
  r.sources.resize(g.targets.size());
  r.weights.resize(g.targets.size());
  std::vector<std::int32_t> next(r.offsets.begin(), r.offsets.end() - 1);
  for (std::int32_t u = 0; u < g.n; ++u)  // increasing u, so each in-list comes out sorted
    for (std::int32_t e = g.offsets[static_cast<std::size_t>(u)]; e < g.offsets[static_cast<std::size_t>(u) + 1]; ++e) {
      const auto slot =
          static_cast<std::size_t>(next[static_cast<std::size_t>(g.targets[static_cast<std::size_t>(e)])]++);
      r.sources[slot] = u;
      r.weights[slot] = g.weights[static_cast<std::size_t>(e)];
    }
  return r;
}

}  // namespace apsp::detail
