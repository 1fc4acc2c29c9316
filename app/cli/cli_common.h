#pragma once
// Small helpers shared by the subcommands: bounded number and list parsing, the graph named on the command
// line, figures.
#include <apsp/io/graph_source.h>

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace apsp {
struct RunRecord;
}

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

// --- Standard output as a destination, the backends in --help, run history ---

/// True for "-", which names standard output.
bool is_stdout(const std::string& path);
/// The path an export writes to: "-" becomes /dev/stdout (AtomicFile writes a descriptor straight through).
std::string output_path(const std::string& path);
/// Throws UsageError (one line) when @p path is "-", @p binary is true and standard output is a terminal.
void refuse_binary_to_terminal(const std::string& path, bool binary, const std::string& format_name);
/// "Backends:" and one line per registered variant (name, description), for --help: the same on every machine.
std::string backends_help();
/// Appends @p record to the run history unless @p no_history or APSP_HISTORY=off; a failure is a warning on
/// stderr (the run itself succeeded). Returns the id written, "" when none was.
std::string record_run(const RunRecord& record, bool no_history, const char* command);

}  // namespace apsp::cli
