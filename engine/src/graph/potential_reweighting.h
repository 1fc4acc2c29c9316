#pragma once
// Internal to the generators: the reweighting behind neg=1.
#include <apsp/graph/graph.h>

#include <cstdint>
#include <string>

namespace apsp::graph_detail {

/// @brief w'(u, v) = w(u, v) + p(u) - p(v) with seeded random potentials p in [0, @p spread], the spread capped at
/// what the solve accepts; throws UsageError naming @p model when no spread does.
void reweight_with_potentials(Graph& g, std::uint64_t seed, std::int64_t spread, const std::string& model);

}  // namespace apsp::graph_detail
