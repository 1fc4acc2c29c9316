#pragma once
// Small helpers shared by the subcommands: bounded number and list parsing, the graph named on the command
// line, figures.
#include <apsp/io/graph_source.h>

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

/// The graph named on a command line: an input file (@p format "bin", "gr", ... or empty: by the extension) or
/// --gen SPEC; throws UsageError unless exactly one is given.
GraphSource graph_source(const std::string& path, const std::string& gen_spec, const std::string& format, bool one_based);

/// "12.3 G" style figures for tables.
std::string si(double value);

}  // namespace apsp::cli
