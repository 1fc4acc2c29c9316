// What apsp says about itself: --help that reads the same on every machine (docs/cli.md is generated from it),
// and usage errors that point at the subcommand's own help.
#include <sstream>
#include <string>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

TEST(CliHelp, ReadsTheSameOnEveryMachine) {
  for (const char* command : {"", "gen", "solve", "verify", "bench", "info", "runs", "runs list", "runs show",
                              "runs compare", "runs gate", "profile"}) {
    SCOPED_TRACE(command);
    const RunResult help = run_apsp(std::string(command) + " --help");
    ASSERT_EQ(help.status, 0) << help.output;
    // What can run here is `apsp info --backends`'s to say: no availability, no CUDA error, in any help.
    EXPECT_EQ(help.output.find("unavailable"), std::string::npos) << help.output;
    EXPECT_EQ(help.output.find("no CUDA"), std::string::npos) << help.output;
    EXPECT_EQ(help.output.find("cudaError"), std::string::npos) << help.output;
    // Nor the path the program was started by, nor a thread limit counted from this machine's cores.
    EXPECT_EQ(help.output.find(APSP_CLI_PATH), std::string::npos) << help.output;
    EXPECT_NE(help.output.find("Usage: apsp " + std::string(command) + (*command ? " " : "") + "[OPTIONS]"),
              std::string::npos)
        << help.output;
    // Hiding every GPU changes nothing either.
    EXPECT_EQ(run_apsp(std::string(command) + " --help", "CUDA_VISIBLE_DEVICES=").output, help.output);
  }
  const RunResult solve = run_apsp("solve --help");
  EXPECT_NE(solve.output.find("--threads INT:INT in [0 - 4 per core]"), std::string::npos) << solve.output;
}

TEST(CliUsage, ParseErrorsPointAtTheSubcommandsHelp) {
  const struct {
    const char* args;
    const char* help;
  } cases[] = {
      {"solve --gen ring:n=8 --block 0 -o - -q --no-history", "(see apsp solve --help)"},
      {"bench --repeat 0 --no-history", "(see apsp bench --help)"},
      {"info --no-such-flag", "(see apsp info --help)"},
      {"runs list --no-such-flag", "(see apsp runs list --help)"},
      {"runs", "(see apsp runs --help)"},
      {"--no-such-flag", "(see apsp --help)"},
      {"info", "(see apsp info --help)"},  // nothing to describe: found after parsing, by the command itself
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.args);
    const RunResult r = run_apsp(c.args);
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_NE(r.output.find(c.help), std::string::npos) << r.output;
    EXPECT_EQ(lines_of(r.output).size(), 1u) << r.output;
  }
}

}  // namespace
}  // namespace apsp::test
