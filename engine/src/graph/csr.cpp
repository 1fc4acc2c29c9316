// Edge list -> CSR without an n x n matrix: bucket the edges by source with one 64-bit key each (target in the
// high half, weight in the low half, ordered so that an unsigned sort puts the lightest parallel edge first),
// sort each row, keep the first key per target.
#include <apsp/core/errors.h>
#include <apsp/core/types.h>
#include <apsp/graph/csr.h>

#include <algorithm>
#include <limits>
#include <string>

namespace apsp {

namespace {
/// Flipping the sign bit maps int32 order onto uint32 order, so (target, weight) sorts as one unsigned key.
std::uint64_t edge_key(std::int32_t target, std::int32_t weight) {
  return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(target)) << 32) |
         (static_cast<std::uint32_t>(weight) ^ 0x80000000u);
}
std::int32_t key_target(std::uint64_t key) { return static_cast<std::int32_t>(key >> 32); }
std::int32_t key_weight(std::uint64_t key) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(key) ^ 0x80000000u);
}

/// A non-negative self loop never beats staying put (the dense path leaves the diagonal at 0 too).
bool kept(const Edge& e) { return e.src != e.dst || e.weight < 0; }

void validate_for_csr(const Graph& g) {
  g.validate("graph");
  for (std::size_t i = 0; i < g.edges.size(); ++i) {
    const Edge& e = g.edges[i];
    if (e.weight >= kInf32 || e.weight <= -kInf32)
      throw RangeError("edge " + std::to_string(i) + " (" + std::to_string(e.src) + " -> " + std::to_string(e.dst) +
                       ") has weight " + std::to_string(e.weight) + ", outside the i32 range (-" +
                       std::to_string(kInf32) + ", " + std::to_string(kInf32) + ")");
  }
}

CsrGraph build(const Graph& g, std::vector<Edge>* release_after_copy) {
  validate_for_csr(g);
  CsrGraph csr;
  csr.n = g.n;
  const std::size_t n = static_cast<std::size_t>(g.n);
  std::vector<std::int64_t> start(n + 1, 0);
  for (const Edge& e : g.edges)
    if (kept(e)) ++start[static_cast<std::size_t>(e.src) + 1];
  for (std::size_t u = 0; u < n; ++u) start[u + 1] += start[u];
  const std::int64_t total = start[n];
  if (total > std::numeric_limits<std::int32_t>::max())
    throw RangeError(std::to_string(total) + " edges: the CSR graph holds at most 2^31 - 1 (int32 offsets)");

  std::vector<std::uint64_t> keys(static_cast<std::size_t>(total));
  {
    std::vector<std::int64_t> cursor(start.begin(), start.end() - 1);
    for (const Edge& e : g.edges)
      if (kept(e))
        keys[static_cast<std::size_t>(cursor[static_cast<std::size_t>(e.src)]++)] = edge_key(e.dst, e.weight);
  }
  if (release_after_copy) std::vector<Edge>().swap(*release_after_copy);

  // Sort each row and keep its first (lightest) key per target, compacting within the row's own range.
  std::vector<std::int32_t> unique_count(n, 0);
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t u = 0; u < static_cast<std::int64_t>(n); ++u) {
    std::uint64_t* first = keys.data() + start[static_cast<std::size_t>(u)];
    std::uint64_t* last = keys.data() + start[static_cast<std::size_t>(u) + 1];
    std::sort(first, last);
    std::int32_t kept_count = 0;
    for (std::uint64_t* k = first; k != last; ++k)
      if (kept_count == 0 || key_target(first[kept_count - 1]) != key_target(*k)) first[kept_count++] = *k;
    unique_count[static_cast<std::size_t>(u)] = kept_count;
  }

  csr.offsets.assign(n + 1, 0);
  for (std::size_t u = 0; u < n; ++u) csr.offsets[u + 1] = csr.offsets[u] + unique_count[u];
  const std::size_t m = static_cast<std::size_t>(csr.offsets[n]);
  csr.targets.resize(m);
  csr.weights.resize(m);
#pragma omp parallel for schedule(dynamic, 1024)
  for (std::int64_t u = 0; u < static_cast<std::int64_t>(n); ++u) {
    const std::uint64_t* row = keys.data() + start[static_cast<std::size_t>(u)];
    const std::size_t out = static_cast<std::size_t>(csr.offsets[static_cast<std::size_t>(u)]);
    for (std::int32_t i = 0; i < unique_count[static_cast<std::size_t>(u)]; ++i) {
      csr.targets[out + static_cast<std::size_t>(i)] = key_target(row[i]);
      csr.weights[out + static_cast<std::size_t>(i)] = key_weight(row[i]);
    }
  }
  return csr;
}
}  // namespace

bool CsrGraph::has_negative_weight() const {
  return std::any_of(weights.begin(), weights.end(), [](std::int32_t w) { return w < 0; });
}

std::uint64_t CsrGraph::bytes_for(std::int64_t n, std::int64_t m) {
  return 4 * (static_cast<std::uint64_t>(n) + 1) + 8 * static_cast<std::uint64_t>(m);
}

std::uint64_t csr_build_bytes(std::int64_t n, std::int64_t m) {
  // Row starts and cursors (int64), the unique counts, the sort keys, then the CSR arrays while the keys live.
  return 8 * 2 * (static_cast<std::uint64_t>(n) + 1) + 4 * static_cast<std::uint64_t>(n) +
         8 * static_cast<std::uint64_t>(m) + CsrGraph::bytes_for(n, m);
}

CsrGraph to_csr(Graph&& g) { return build(g, &g.edges); }

CsrGraph to_csr(const Graph& g) { return build(g, nullptr); }

}  // namespace apsp
