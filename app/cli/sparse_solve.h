#pragma once
// apsp solve with a sparse solver (cpu-dijkstra, cuda-dijkstra): the graph goes straight into CSR, the chosen
// sources' rows are solved and written as an S x n table. No n x n matrix is ever built.
#include <apsp/io/formats.h>
#include <apsp/io/graph_source.h>
#include <apsp/graph/sources.h>
#include <apsp/solve/sparse_solver.h>

#include <optional>
#include <string>

namespace apsp::cli {

struct SparseSolveRequest {
  GraphSource source;
  SourceSpec sources;
  std::string backend;
  SparseSolverOptions options;
  std::string output;
  std::optional<DistanceFormat> out_format;
  std::string pred;  ///< --pred FILE: Π derived from the rows, S x n; empty: none
  std::optional<DistanceFormat> pred_format;
  double max_seconds = 0;  ///< 0: no limit; otherwise the solve stops (UsageError, exit 2) once it runs longer
  bool quiet = false;
};

/// Runs the request; returns the exit status (errors are thrown, as the dense path does).
int run_sparse_solve(const SparseSolveRequest& request);

/// Throws UsageError (one line) when the course binary is asked to hold anything but the whole n x n matrix,
/// so the refusal comes before the solve, not after it.
void require_writable_shape(const std::string& output, std::optional<DistanceFormat> format,
                            const std::vector<std::int32_t>& sources, std::int32_t n);

}  // namespace apsp::cli
