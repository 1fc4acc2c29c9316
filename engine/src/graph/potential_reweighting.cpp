// neg=1 of the generators: random vertex potentials, bounded so that the solve's range policy accepts the result.
#include "potential_reweighting.h"

#include <apsp/core/errors.h>
#include <apsp/core/types.h>
#include <apsp/graph/generators.h>

#include <algorithm>
#include <vector>

namespace apsp::graph_detail {

namespace {

/// The largest potential spread s whose reweighting the solve's range policy (solve/range_policy.h) accepts for
/// i32, 2 * |L| + Wp <= kInf32 - real_max - 1: each weight moves by at most s, so the sum L of the most negative
/// incoming weights is >= -n * (s + max(0, -lo)) and the largest weight Wp <= max(0, hi) + s. < 0: none fits.
std::int64_t safe_potential_spread(const Graph& g) {
  const auto [lo, hi] = g.weight_range();
  const std::int64_t n = g.n, margin = kInf32 - (kInf32 - 1) / 2 - 1;
  const std::int64_t room = margin - 2 * n * std::max<std::int64_t>(0, -lo) - std::max<std::int64_t>(0, hi);
  return room < 0 ? -1 : room / (2 * n + 1);
}

}  // namespace

/// w'(u, v) = w(u, v) + p(u) - p(v): every u -> v path changes by p(u) - p(v), so shortest paths stay
/// shortest and cycle weights do not change, but edges into high-potential vertices can turn negative. The
/// potentials are bounded so that the solve accepts what comes out (a large n or w gets a smaller spread).
void reweight_with_potentials(Graph& g, std::uint64_t seed, std::int64_t spread, const std::string& model) {
  const std::int64_t safe = safe_potential_spread(g);
  if (safe < 1)
    throw UsageError("generator '" + model + "': neg=1 with n = " + std::to_string(g.n) +
                     " and these weights leaves no room for negative edges that a solve accepts; use a smaller w or n");
  spread = std::min(std::max<std::int64_t>(spread, 1), safe);
  SplitMix64 rng(seed ^ 0x6E65672D706F7473ull);  // own stream: the base graph equals the neg=0 graph
  std::vector<std::int64_t> potential(static_cast<std::size_t>(g.n));
  for (auto& x : potential) x = rng.uniform_int(0, spread);
  for (Edge& e : g.edges)
    e.weight = static_cast<std::int32_t>(e.weight + potential[static_cast<std::size_t>(e.src)] -
                                         potential[static_cast<std::size_t>(e.dst)]);
}

}  // namespace apsp::graph_detail
