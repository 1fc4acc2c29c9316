#pragma once
// apsp solve with a Floyd–Warshall variant: the graph's edges go to the solver (GPU backends build their matrix
// on the device), the solve runs round by round, and the result is streamed to the file in chunks of rows, read
// back whole only where --path needs it. Each phase is timed apart (-v, the run history, --trace).
#include <apsp/graph/sources.h>
#include <apsp/io/formats.h>
#include <apsp/io/graph_source.h>
#include <apsp/solve/solver.h>

#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace apsp::cli {

struct DenseSolveRequest {
  GraphSource source;
  SourceSpec sources;
  std::string backend;
  SolverOptions options;
  bool block_given = false;  ///< --block given: a graph's suggested block does not replace it
  std::string output;
  std::optional<DistanceFormat> out_format;
  std::string pred;
  std::optional<DistanceFormat> pred_format;
  std::string timings_csv;
  std::string trace;
  std::vector<std::string> path_queries;  ///< --path I:J
  double max_seconds = 0;
  bool quiet = false;
  bool verbose = false;
  bool no_history = false;
  std::FILE* report = stdout;  ///< the summary's stream (stderr where stdout carries an output)
};

/// Runs the request; returns the exit status (errors are thrown).
int run_dense_solve(DenseSolveRequest& request);

/// `--path I:J` as a pair; UsageError (one line) for anything else.
std::pair<int, int> parse_path_query(const std::string& text);

}  // namespace apsp::cli
