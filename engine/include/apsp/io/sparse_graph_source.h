#pragma once
/// @file sparse_graph_source.h
/// @brief The loader of the sparse solvers: a generator spec or a file straight into a CSR graph, never through
/// an n x n matrix, with the memory of the whole sparse solve counted and refused before it is allocated.
#include <apsp/graph/csr.h>
#include <apsp/graph/sources.h>
#include <apsp/io/graph_source.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

namespace apsp {

struct SparseLoadOptions {
  SourceSpec sources;  ///< the rows the solve will produce (their S x n int32 result is counted)
  /// The solver's own working bytes for n vertices and m edges (SparseSolver::working_bytes); empty: none.
  std::function<std::uint64_t(std::int64_t n, std::int64_t m)> working_bytes;
  const std::atomic<bool>* cancel = nullptr;  ///< as GraphLoadOptions::cancel
  /// Keep the edge list as well (LoadedSparseGraph::edges): the studio draws it and may switch to a dense
  /// solver later. Costs the edge list on top of the CSR graph, which the memory check does not count.
  bool keep_edges = false;
};

struct LoadedSparseGraph {
  CsrGraph graph;
  std::string description;       ///< as LoadedGraph::description
  std::int64_t input_edges = 0;  ///< edges as read or generated (parallel edges and self loops included)
  double seconds = 0;            ///< reading or generating and building the CSR graph
  Graph edges;                   ///< with SparseLoadOptions::keep_edges: the graph as read; else empty
};

/// @brief Host bytes of a sparse solve of @p sources on n vertices and m edges, besides the edge list: the CSR
/// graph while it is built, the S x n result and @p working_bytes.
std::uint64_t sparse_solve_bytes(std::int64_t n, std::int64_t m, const SparseLoadOptions& options);

/// @brief Generates or reads @p source into a CSR graph. Throws what load_graph throws, with OutOfMemoryError
/// (exit 4) raised right after the header (n known, m counted as 0) and again after reading (m known), each
/// time before the memory it counts is allocated; UsageError when a source is outside 0..n-1.
LoadedSparseGraph load_sparse_graph(const GraphSource& source, const SparseLoadOptions& options);

}  // namespace apsp
