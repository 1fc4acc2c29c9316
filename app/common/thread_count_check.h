#pragma once
// The --threads validator of apsp and apsp-studio. It accepts 0 (one per core) .. limits::max_threads(), a
// number that depends on this machine's cores, but --help names the rule instead, so that the help (and the
// reference generated from it, docs/cli.md) reads the same on every machine.
#include <apsp/core/option_limits.h>

#include <CLI/CLI.hpp>
#include <string>

namespace apsp {

inline CLI::Validator thread_count_check() {
  CLI::Validator check = CLI::Range(0, limits::max_threads());
  check.description("INT in [0 - " + std::to_string(limits::kThreadsPerCore) + " per core]");
  return check;
}

}  // namespace apsp
