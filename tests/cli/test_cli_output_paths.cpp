// Through the real `apsp solve`: an output that names the input or another output, or an empty output
// path, is refused (exit 2, one line) before anything is read or written.
#include <algorithm>
#include <filesystem>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

class CliOutputPaths : public TempDir {
 protected:
  void SetUp() override {
    TempDir::SetUp();
    std::ofstream(path("g.txt")) << "0 1 4\n1 2 5\n2 0 1\n";
    m_graph_bytes = read_text(path("g.txt"));
  }
  /// Exit 2, one line naming every one of @p names, and the graph untouched byte for byte.
  void expect_refused(const RunResult& r, std::initializer_list<std::string> names) const {
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
    for (const std::string& name : names) EXPECT_NE(r.output.find(name), std::string::npos) << name << ": " << r.output;
    EXPECT_EQ(read_text(path("g.txt")), m_graph_bytes);
  }
  std::string m_graph_bytes;
};

TEST_F(CliOutputPaths, TheDistancesMayNotReplaceTheInputGraph) {
  expect_refused(run_apsp("solve " + path("g.txt") + " -q -o " + path("g.txt")), {"-o", "input", "g.txt"});
}

TEST_F(CliOutputPaths, TheTimingsOrTraceMayNotReplaceTheDistances) {
  expect_refused(run_apsp("solve " + path("g.txt") + " -q -o " + path("x.csv") + " --timings-csv " + path("x.csv")),
                 {"-o", "--timings-csv", "x.csv"});
  expect_refused(run_apsp("solve " + path("g.txt") + " -q -o " + path("y.csv") + " --trace " + path("y.csv")),
                 {"-o", "--trace", "y.csv"});
  // Refused before anything is written: neither file was created.
  EXPECT_FALSE(std::filesystem::exists(path("x.csv")));
  EXPECT_FALSE(std::filesystem::exists(path("y.csv")));
}

TEST_F(CliOutputPaths, AnEmptyOutputPathIsRefused) {
  expect_refused(run_apsp("solve " + path("g.txt") + " -q -o ''"), {"-o"});
  expect_refused(run_apsp("solve " + path("g.txt") + " -q -o " + path("d.csv") + " --timings-csv ''"),
                 {"--timings-csv"});
}

TEST_F(CliOutputPaths, DistinctOutputsAndStandardOutputStillWork) {
  const RunResult r = run_apsp("solve " + path("g.txt") + " -q -o " + path("d.csv") + " --timings-csv " +
                               path("t.csv") + " --backend cpu-blocked");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(run_apsp("solve " + path("g.txt") + " -q -o -").status, 0);
}

}  // namespace
}  // namespace apsp::test
