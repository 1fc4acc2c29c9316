#pragma once
/// @file sparse_work.h
/// @brief The work a sparse solver's rate counts (apsp bench's and apsp solve's edges/s).
#include <apsp/graph/csr.h>
#include <apsp/graph/sources.h>

#include <cstdint>

namespace apsp {

/// @brief The edges a Dijkstra relaxes to compute @p rows: the out-edges of every vertex each row reaches (each
/// reached vertex settles once and relaxes each of its out-edges once; the Graph 500 SSSP benchmark counts
/// traversed edges the same way). One figure for every sparse solver, whatever work it does besides (a
/// Bellman–Ford relaxes edges again in later rounds), so their edges per second compare on the same work.
/// Counted from the rows, in O(S n): outside any timing.
std::int64_t edges_relaxed(const CsrGraph& graph, const SourceDistances& rows);

}  // namespace apsp
