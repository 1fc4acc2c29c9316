#pragma once
// Internal: how cuda-batched-bf splits the sources into batches, and its reverse (in-edge) CSR. Host-only, so
// the sizing and the memory refusal are tested without a GPU.
#include <apsp/graph/csr.h>

#include <cstdint>
#include <string>

namespace apsp::detail {

/// One solve's batches: every batch but the last holds `batch` sources (a multiple of `chunk`).
struct BatchedBfPlan {
  int chunk = 128;                 ///< sources per warp (32, 64 or 128)
  std::int64_t batch = 0;          ///< sources per batch, a multiple of chunk
  std::int64_t batches = 0;        ///< ceil(sources / batch)
  std::uint64_t device_bytes = 0;  ///< device memory the solve allocates with this batch
};

/// Device bytes for a batch of @p batch sources (a multiple of @p chunk) on a graph of @p n vertices and @p m
/// edges: the vertex-major distance block, two double-buffered S x n row blocks, the per-(chunk, vertex) round
/// stamps and work lists, the graph in both directions.
std::uint64_t batched_bf_device_bytes(std::int64_t n, std::int64_t m, std::int64_t batch, int chunk);

/// Picks the batch for @p sources sources. @p requested_batch > 0 is rounded up to a whole chunk; 0 picks the
/// largest batch whose distance block fits in three quarters of @p l2_bytes (rows read again within a round
/// then come from L2), at least enough (v, chunk) items for a busy GPU, at most 4096 sources. Either way the
/// batch shrinks to what fits in 90 % of @p free_device_bytes and to 2^32 items (the work lists hold 32-bit
/// items). Throws OutOfMemoryError (one line) when not even one chunk fits, before anything is allocated.
BatchedBfPlan plan_batched_bf(std::int64_t n, std::int64_t m, std::int64_t sources, int chunk,
                              std::int64_t requested_batch, std::uint64_t free_device_bytes, std::uint64_t l2_bytes);

/// The in-edges of every vertex: sources[offsets[v] .. offsets[v+1]) are the u with an edge (u, v), with that
/// edge's weight, in increasing u (the edges of a CSR graph, counted and placed by target).
struct ReverseCsr {
  std::vector<std::int32_t> offsets;  ///< n + 1 entries
  std::vector<std::int32_t> sources;  ///< m entries
  std::vector<std::int32_t> weights;  ///< m entries
};
ReverseCsr reverse_csr(const CsrGraph& g);

}  // namespace apsp::detail
