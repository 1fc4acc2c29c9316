#pragma once
/// @file predecessors.h
/// @brief Paths read from the predecessor matrix Π (apsp/core/predecessor_matrix.h), as CLRS's
/// PRINT-ALL-PAIRS-SHORTEST-PATH reads them: from j back to i through π_ij, π_iπ_ij, ...
#include <apsp/core/predecessor_matrix.h>

#include <cstdint>
#include <vector>

namespace apsp::teach {

/// @brief The i -> j path Π describes: i first, j last; {i} when i == j; empty when j is unreachable from i
/// (π_ij is NIL). Throws apsp::Error (one line) when Π has a loop on the way, UsageError for a pair outside Π.
std::vector<std::int32_t> path_from_predecessors(const PredecessorMatrix& pi, int i, int j);

}  // namespace apsp::teach
