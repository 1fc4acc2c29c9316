// apsp: command-line front end of APSP Studio (gen, solve, verify, bench, info).
// Exit codes: 0 ok; 1 internal error (or, for verify, files that differ); 2 bad usage or input;
// 3 negative cycle; 4 not enough memory (refused before allocating).
#include <apsp/core/errors.h>

#include <cstdio>

#include "commands.h"

int main(int argc, char** argv) {
  CLI::App app{"apsp: all-pairs shortest paths with blocked Floyd-Warshall (APSP Studio)"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show help for every subcommand");
  std::vector<std::pair<CLI::App*, apsp::cli::Action>> actions;
  auto add = [&](const char* name, const char* help, apsp::cli::Action (*make)(CLI::App&)) {
    CLI::App* sub = app.add_subcommand(name, help);
    actions.emplace_back(sub, make(*sub));
  };
  add("gen", "Generate a graph", &apsp::cli::add_gen);
  add("solve", "Solve all-pairs shortest paths and write the distance matrix", &apsp::cli::add_solve);
  add("verify", "Compare two distance files", &apsp::cli::add_verify);
  add("bench", "Benchmark backends side by side (updates/s, GB/s per phase, ratios)", &apsp::cli::add_bench);
  add("info", "Describe a graph file, or the CUDA devices with --device", &apsp::cli::add_info);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "apsp: %s (see apsp --help)\n", e.what());
    return 2;
  }
  for (auto& [sub, action] : actions) {
    if (!sub->parsed()) continue;
    try {
      return action();
    } catch (const std::bad_alloc&) {
      std::fprintf(stderr, "apsp %s: out of memory\n", sub->get_name().c_str());
      return 4;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "apsp %s: %s\n", sub->get_name().c_str(), e.what());
      return apsp::exit_code(e);
    }
  }
  return 2;
}
