// apsp: command-line front end of APSP Studio (gen, solve, verify, bench, info, runs).
// Exit codes: the engine's one table (apsp::exit_status, exit_code() in apsp/core/errors.h; README "Exit codes").
#include <apsp/core/errors.h>
#include <apsp/core/stop_signal.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/core/version.h>

#include <cstdio>
#include <string>

#include "commands.h"

namespace {
/// "apsp", "apsp solve" or "apsp runs list": the deepest subcommand the command line selected, also when parsing
/// stopped at an error (CLI11 records a subcommand before it parses the subcommand's own arguments), so that a
/// usage error points at the help that describes the flag.
std::string selected_command(const CLI::App& app) {
  std::string command = app.get_name();
  const CLI::App* at = &app;
  while (!at->get_subcommands().empty()) {
    at = at->get_subcommands().back();
    command += " " + at->get_name();
  }
  return command;
}
}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"apsp: all-pairs shortest paths with blocked Floyd-Warshall (APSP Studio)", "apsp"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show help for every subcommand");
  app.set_version_flag("--version", apsp::version_line("apsp"), "Print the version and exit");
  std::vector<std::pair<CLI::App*, apsp::cli::Action>> actions;
  auto add = [&](const char* name, const char* help, apsp::cli::Action (*make)(CLI::App&)) {
    CLI::App* sub = app.add_subcommand(name, help);
    actions.emplace_back(sub, make(*sub));
  };
  add("gen", "Generate a graph", &apsp::cli::add_gen);
  add("solve", "Solve all-pairs shortest paths and write the distance matrix", &apsp::cli::add_solve);
  add("verify", "Compare two distance files", &apsp::cli::add_verify);
  add("bench", "Benchmark sweep: backends x block sizes x GPUs x dtypes x n (min / median / max, spread, best per n, charts)",
      &apsp::cli::add_bench);
  add("info", "Describe a graph file, or the CUDA devices with --device", &apsp::cli::add_info);
  add("runs", "The run history: list, show ID, compare A B, gate --baseline ID|FILE", &apsp::cli::add_runs);
  add("profile", "Hardware counters per (round, phase) of CUDA variants: DRAM bytes beside the model, roofline (slow)",
      &apsp::cli::add_profile);
  add("handout", "A lesson's tables on paper: D (and Pi) after each k, phase or round, changed cells marked (tex, svg, pdf)",
      &apsp::cli::add_handout);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // CLI11 quotes the offending value whole: a 100 KB list must not become a 100 KB error line.
    const std::string command = selected_command(app);
    std::fprintf(stderr, "%s: %s (see %s --help)\n", command.c_str(),
                 apsp::user_value_in_message(e.what(), 300).c_str(), command.c_str());
    return apsp::exit_status::kUsage;
  }
  for (auto& [sub, action] : actions) {
    if (!sub->parsed()) continue;
    // `solve` polls a stop request between rounds and exits 130 / 143 without writing; the other commands
    // keep the signals' default action (they write only at their end, and atomically).
    if (sub->get_name() == "solve") apsp::install_stop_signal_handlers();
    try {
      return action();
    } catch (const std::bad_alloc& e) {
      std::fprintf(stderr, "apsp %s: out of memory\n", sub->get_name().c_str());
      return apsp::exit_code(e);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "apsp %s: %s\n", sub->get_name().c_str(), e.what());
      return apsp::exit_code(e);
    }
  }
  return apsp::exit_status::kUsage;
}
