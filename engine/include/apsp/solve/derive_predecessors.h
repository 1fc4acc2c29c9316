#pragma once
/// @file derive_predecessors.h
/// @brief Π from distances, for the solvers that keep only distances (the CUDA variants, multi-GPU, a CPU
/// variant without track_paths, the sparse solvers).
///
/// Per source i, a breadth-first search over the tight edges u -> v (d_iu + w_uv == d_iv; self loops left out),
/// taking out-neighbours in increasing id, from i through inner vertices only (u == i or u < inner_end: the
/// state after round r of Floyd–Warshall is the shortest paths whose intermediates are < r * B); π_iv is v's
/// parent in that search. A search tree has no loop even where zero-weight cycles make ties, and every tree
/// path is as long as the distance it ends at. Where shortest paths tie this Π may differ from the one plain
/// Floyd–Warshall tracks (CLRS's rule), never in its lengths.
#include <apsp/core/distance_matrix.h>
#include <apsp/core/predecessor_matrix.h>
#include <apsp/graph/csr.h>
#include <apsp/graph/sources.h>

namespace apsp {

/// @brief Π of @p distances (n x n, unreachable normalized to kInf32, as Solver::read gives them) over the edges
/// of @p weights (the initial matrix: the lightest edge per pair, INF for none), with intermediates < @p inner_end
/// (n: unrestricted). @p threads as SolverOptions::threads (0: one per core). Throws Error (one line) when a
/// distance row does not follow from the edges (d_ii < 0: a negative cycle; a finite d_iv no tight path reaches).
void derive_predecessors(const DistanceMatrix& weights, const DistanceMatrix& distances, int inner_end, int threads,
                         PredecessorMatrix& out);

/// @brief Π rows of the sources of @p rows (final distances from a sparse solver) over @p graph: S x n, row r
/// holding π of source rows.sources[r] (values are vertices or kNoPredecessor, not distances). Throws as above.
SourceDistances derive_predecessor_rows(const CsrGraph& graph, const SourceDistances& rows, int threads);

}  // namespace apsp
