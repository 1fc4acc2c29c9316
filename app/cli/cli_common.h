#pragma once
// Small helpers shared by the subcommands: bounded number and list parsing, input loading, the backend default.
#include <apsp/core/distance_matrix.h>
#include <apsp/graph/graph.h>

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace apsp::cli {

/// "1024,2048" -> {1024, 2048}; throws UsageError naming @p option on an item that is not an integer in
/// [@p lo, @p hi].
std::vector<int> parse_int_list(const std::string& text, const std::string& option, int lo, int hi);
/// The same check as a CLI11 validator, so a bad list fails while parsing, like every other numeric flag,
/// and --help shows the range.
CLI::Validator int_list_check(int lo, int hi);
/// "a,b" -> {"a", "b"} (empty items dropped).
std::vector<std::string> split_list(const std::string& text);

/// Where a graph comes from: a file, or a generator spec ("er:n=256,p=0.05,seed=1,w=1:100").
struct GraphSource {
  std::string path;
  std::string gen_spec;
  std::string format;  ///< --format, empty: by extension
  bool one_based = false;
};

struct LoadedGraph {
  Graph graph;
  std::string description;  ///< "g.bin (course binary, read in 12 ms)" or the spec
};

/// Reads or generates the graph; checks host memory for an n x n matrix of @p block / @p dtype first.
LoadedGraph load_graph(const GraphSource& source, int block, DType dtype);

/// "12.3 G" style figures for tables.
std::string si(double value);

}  // namespace apsp::cli
