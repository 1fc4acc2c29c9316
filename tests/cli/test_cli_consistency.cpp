// `-o -` to standard output (text; binary refused on a terminal), --path without -o,
// `apsp solve` alone pointing at its --help, the backends in solve --help, times in µs / ms rather than "0.000 s".
#include <apsp/solve/registry.h>

#include <sstream>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

class CliConsistency : public TempDir {};

TEST_F(CliConsistency, DashOWritesCsvDistancesToStandardOutput) {
  ASSERT_EQ(run_apsp("solve --gen er:n=40,p=0.2,seed=1 -q -o " + path("d.csv")).status, 0);
  // Standard output only (stderr to a file): the CSV and nothing else.
  const std::string out =
      shell_output(std::string(APSP_CLI_PATH) + " solve --gen er:n=40,p=0.2,seed=1 -o - 2> " + path("err.txt"));
  EXPECT_EQ(out, read_text(path("d.csv")));
  EXPECT_NE(read_text(path("err.txt")).find("-> standard output"), std::string::npos) << read_text(path("err.txt"));
  // A binary format goes to a pipe unchanged: 40 * 40 int32.
  const std::string bin =
      shell_output(std::string(APSP_CLI_PATH) + " solve --gen er:n=40,p=0.2,seed=1 -q -o - --out-format bin | wc -c");
  EXPECT_EQ(std::stoi(bin), 40 * 40 * 4);
}

TEST_F(CliConsistency, BinaryToATerminalIsRefusedWithOneLine) {
  // script(1) gives the command a pseudo-terminal as standard output.
  const std::string cmd = "script -qec \"" + std::string(APSP_CLI_PATH) +
                          " solve --gen ring:n=8 -o - --out-format bin; echo rc=\\$?\" /dev/null";
  const std::string out = shell_output(cmd);
  EXPECT_NE(out.find("rc=2"), std::string::npos) << out;
  EXPECT_NE(out.find("not writing it to a terminal"), std::string::npos) << out;
  const std::string gen = shell_output("script -qec \"" + std::string(APSP_CLI_PATH) +
                                       " gen --model ring --n 8 -o - --format bin; echo rc=\\$?\" /dev/null");
  EXPECT_NE(gen.find("rc=2"), std::string::npos) << gen;
}

TEST_F(CliConsistency, GenDashOWritesAnEdgeList) {
  const std::string out = shell_output(std::string(APSP_CLI_PATH) + " gen --model ring --n 5 -o - 2>/dev/null");
  ASSERT_EQ(run_apsp("gen --model ring --n 5 -o " + path("r.el")).status, 0);
  EXPECT_EQ(out, read_text(path("r.el")));
}

TEST_F(CliConsistency, TimingsCsvToStandardOutput) {
  const std::string out =
      shell_output(std::string(APSP_CLI_PATH) + " solve --gen ring:n=32 --block 16 -q --timings-csv - 2>/dev/null");
  EXPECT_EQ(out.rfind("# version: ", 0), 0u) << out;
  EXPECT_NE(out.find("\nbackend,block,round,phase"), std::string::npos) << out;
}

TEST_F(CliConsistency, PathWorksWithoutOutput) {
  const RunResult r = run_apsp("solve --gen ring:n=10 --path 0:3");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("path 0 -> 3 (distance"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("distances not written"), std::string::npos) << r.output;
}

TEST_F(CliConsistency, SolveWithoutArgumentsPointsAtItsHelp) {
  const RunResult r = run_apsp("solve");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
  EXPECT_NE(r.output.find("apsp solve --help"), std::string::npos) << r.output;
}

TEST_F(CliConsistency, SolveHelpListsEveryBackend) {
  const RunResult r = run_apsp("solve --help");
  EXPECT_EQ(r.status, 0);
  for (const BackendInfo& b : list_backends())
    EXPECT_NE(r.output.find("  " + b.name + ": "), std::string::npos) << b.name;
}

TEST_F(CliConsistency, SmallTimesPrintInMicrosecondsOrMilliseconds) {
  const RunResult r = run_apsp("solve --gen ring:n=8 --block 8 --threads 1 -o " + path("d.bin"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.output.find(" s,"), std::string::npos) << r.output;  // never "0.000 s"
  EXPECT_TRUE(r.output.find(" ms,") != std::string::npos || r.output.find(" \xC2\xB5s,") != std::string::npos)
      << r.output;
  const RunResult show = run_apsp("runs show last");
  EXPECT_EQ(show.output.find("0.000 s"), std::string::npos) << show.output;
}

}  // namespace
}  // namespace apsp::test
