#include "cli_common.h"

#include <apsp/core/errors.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/history/runs_file.h>
#include <apsp/solve/registry.h>

#include <unistd.h>

#include <charconv>
#include <cstdio>

namespace apsp::cli {

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (!item.empty()) out.push_back(item);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

namespace {
/// Fills @p out from "1024,2048"; returns why @p text is not a list of integers in [lo, hi], "" when it is.
std::string read_int_list(const std::string& text, int lo, int hi, std::vector<int>& out) {
  const std::string range = "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
  for (const std::string& item : split_list(text)) {
    int v = 0;
    const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
    if (ec != std::errc() || ptr != item.data() + item.size() || v < lo || v > hi)
      return "'" + user_value_in_message(item) + "' is not an integer in " + range;
    out.push_back(v);
  }
  if (out.empty()) return "expected a comma-separated list of integers in " + range;
  return {};
}
}  // namespace

std::vector<int> parse_int_list(const std::string& text, const std::string& option, int lo, int hi) {
  std::vector<int> out;
  const std::string why = read_int_list(text, lo, hi, out);
  if (!why.empty()) throw UsageError(option + ": " + why);
  return out;
}

GraphSource graph_source(const std::string& path, const std::string& gen_spec, const std::string& format, bool one_based) {
  if (!gen_spec.empty() && !path.empty()) throw UsageError("give either an input file or --gen, not both");
  if (!gen_spec.empty()) return GraphSource::generator(gen_spec);
  if (path.empty()) throw UsageError("no input: give a graph file or --gen SPEC");
  GraphSource source = GraphSource::file(path);
  if (!format.empty()) source.format = parse_graph_format(format);
  source.one_based = one_based;
  return source;
}

CLI::Validator int_list_check(int lo, int hi) {
  return CLI::Validator(
      [lo, hi](std::string& text) {
        std::vector<int> ignored;
        return read_int_list(text, lo, hi, ignored);
      },
      "LIST of INT in [" + std::to_string(lo) + " - " + std::to_string(hi) + "]");
}

std::string si(double value) {
  const char* units[] = {"", "k", "M", "G", "T", "P"};
  int u = 0;
  while (value >= 1000.0 && u < 5) {
    value /= 1000.0;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, value >= 100 ? "%.0f %s" : (value >= 10 ? "%.1f %s" : "%.2f %s"), value, units[u]);
  return buf;
}

bool is_stdout(const std::string& path) { return path == "-"; }

std::string output_path(const std::string& path) { return is_stdout(path) ? "/dev/stdout" : path; }

void refuse_binary_to_terminal(const std::string& path, bool binary, const std::string& format_name) {
  if (is_stdout(path) && binary && ::isatty(STDOUT_FILENO))
    throw UsageError("-o -: " + format_name + " is binary; not writing it to a terminal (redirect it, or pick a text format)");
}

std::string backends_help() {
  // The same text on every machine and in every build (docs/cli.md is checked against it): what can run here
  // is `apsp info --backends`'s to say.
  std::string text =
      "\nBackends (--backend NAME; apsp solve's default is auto: cuda-tuned with a GPU, else cpu-blocked, or a sparse "
      "solver by the measured crossover; apsp solve -v says which; apsp info --backends says which run here):\n";
  for (const BackendInfo& b : list_backends()) text += "  " + b.name + ": " + b.description + "\n";
  return text;
}

std::string record_run(const RunRecord& record, bool no_history, const char* command) {
  if (no_history || !history_enabled_by_environment()) return "";
  const std::string warning = try_append_run(record, true);
  if (!warning.empty()) {
    std::fprintf(stderr, "apsp %s: warning: %s\n", command, warning.c_str());
    return "";
  }
  return record.id;
}

}  // namespace apsp::cli
