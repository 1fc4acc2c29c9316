// What the user hands `apsp` — flag values, files to replace, a history anyone can edit, generator specs — through
// the real binary: every flag is checked before an output is written, a long value is quoted short, history text
// reaches the terminal escaped, a write-protected file is kept, and what `gen neg=1` makes, `solve` accepts.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

class CliUserValues : public TempDir {
 protected:
  void SetUp() override {
    TempDir::SetUp();
    std::ofstream(path("g.txt")) << "0 1 4\n1 2 5\n2 0 1\n";
  }
};

std::size_t line_count(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

TEST_F(CliUserValues, ABadPathIsRefusedBeforeAnyOutputIsWritten) {
  std::ofstream(path("old.csv")) << "kept\n";
  for (const char* query : {"0:7", "x:1", "0:1:2", "-1:0"}) {
    SCOPED_TRACE(query);
    for (const char* out : {"new.csv", "old.csv"}) {
      const RunResult r = run_apsp("solve " + path("g.txt") + " -q --no-history --path " + query + " -o " + path(out));
      EXPECT_EQ(r.status, 2) << r.output;
      EXPECT_EQ(line_count(r.output), 1u) << r.output;
      EXPECT_NE(r.output.find("--path"), std::string::npos) << r.output;
    }
    EXPECT_FALSE(std::filesystem::exists(path("new.csv")));
    EXPECT_EQ(read_text(path("old.csv")), "kept\n");
  }
  // A good query still prints its path after the distances are written.
  const RunResult good = run_apsp("solve " + path("g.txt") + " -q --no-history --path 0:2 -o " + path("new.csv"));
  EXPECT_EQ(good.status, 0) << good.output;
  EXPECT_NE(good.output.find("path 0 -> 2 (distance 9, 2 edges): 0 1 2"), std::string::npos) << good.output;
}

TEST_F(CliUserValues, ALongBadValueIsQuotedShort) {
  std::string sources;
  for (int v = 0; sources.size() < 100000; ++v) sources += std::to_string(v) + ",";
  const std::string bad_tail = sources + "x";
  const std::string too_far = sources + "99999999";
  for (const std::string& value : {bad_tail, too_far}) {
    const RunResult r = run_apsp("solve " + path("g.txt") + " -q --no-history -o " + path("d.csv") + " --sources " + value);
    EXPECT_EQ(r.status, 2) << r.output.substr(0, 500);
    EXPECT_LT(r.output.size(), 400u) << r.output.substr(0, 500);
    EXPECT_EQ(line_count(r.output), 1u);
    EXPECT_NE(r.output.find("--sources 0,1,2,3,"), std::string::npos) << r.output.substr(0, 500);
    EXPECT_NE(r.output.find(" chars)"), std::string::npos) << r.output.substr(0, 500);
  }
  // A value CLI11 itself rejects is cut short too.
  const RunResult r = run_apsp("solve " + path("g.txt") + " -q --no-history --block " + std::string(100000, '9'));
  EXPECT_EQ(r.status, 2);
  EXPECT_LT(r.output.size(), 600u) << r.output.substr(0, 700);
}

TEST_F(CliUserValues, HistoryTextReachesTheTerminalEscaped) {
  const std::string env = "XDG_DATA_HOME='" + path("data") + "'";
  ASSERT_EQ(run_apsp("solve " + path("g.txt") + " -q -o " + path("d.csv"), env).status, 0);
  const std::string runs = path("data") + "/apsp-studio/runs.jsonl";
  std::string record = read_text(runs);
  // Anyone can edit the history: a graph name that clears the screen and forges a line of its own, and bytes
  // that are not UTF-8.
  const std::string field = "\"graph\":\"";
  const std::size_t at = record.find(field);
  ASSERT_NE(at, std::string::npos) << record;
  record.insert(at + field.size(), "\\u001b[2J\\nforged line\\u009b1m");
  std::ofstream(runs, std::ios::trunc) << record;
  for (const char* command : {"runs list", "runs show last"}) {
    SCOPED_TRACE(command);
    const RunResult r = run_apsp(command, env);
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_EQ(r.output.find('\x1b'), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("\xc2\x9b"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("\nforged line"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("\\x1b[2J\\nforged line\\u009b1m"), std::string::npos) << r.output;
  }
}

TEST_F(CliUserValues, AWriteProtectedOutputIsKept) {
  std::ofstream(path("d.csv")) << "kept\n";
  ASSERT_EQ(::chmod(path("d.csv").c_str(), 0444), 0);
  const RunResult r = run_apsp("solve " + path("g.txt") + " -q --no-history -o " + path("d.csv"));
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(line_count(r.output), 1u) << r.output;
  EXPECT_NE(r.output.find("is write-protected; remove it or chmod u+w to replace it"), std::string::npos) << r.output;
  EXPECT_EQ(read_text(path("d.csv")), "kept\n");

  // Someone else's file in a directory anyone may write: rename() could replace it, access(W_OK) says no.
  if (::geteuid() != 0 || std::system("setpriv --help >/dev/null 2>&1") != 0) return;
  std::ofstream(path("theirs.csv")) << "kept\n";
  ASSERT_EQ(::chmod(path("theirs.csv").c_str(), 0644), 0);
  std::filesystem::permissions(path(""), std::filesystem::perms::all);
  const RunResult nobody = run_apsp("solve " + path("g.txt") + " -q --no-history -o " + path("theirs.csv"),
                                    "setpriv --reuid=65534 --regid=65534 --clear-groups");
  EXPECT_EQ(nobody.status, 2) << nobody.output;
  EXPECT_NE(nobody.output.find("is write-protected"), std::string::npos) << nobody.output;
  EXPECT_EQ(read_text(path("theirs.csv")), "kept\n");
}

TEST_F(CliUserValues, AWriteProtectedSecondOutputIsRefusedBeforeTheFirstIsWritten) {
  std::ofstream(path("t.csv")) << "kept\n";
  ASSERT_EQ(::chmod(path("t.csv").c_str(), 0444), 0);
  const RunResult r = run_apsp("solve " + path("g.txt") + " -q --no-history -o " + path("d.bin") + " --timings-csv " + path("t.csv"));
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(line_count(r.output), 1u) << r.output;
  EXPECT_NE(r.output.find("--timings-csv: "), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(path("d.bin"))) << "the distances were written before the refusal";
  EXPECT_EQ(read_text(path("t.csv")), "kept\n");
}

TEST_F(CliUserValues, WhatGenMakesWithNegativeEdgesSolveAccepts) {
  // Large weights on dense graphs: unbounded potentials used to give weights the solve refuses (a RangeError,
  // exit 2). Each spec either solves (exit 0) with some negative edge, or gen refuses it in one line.
  for (const char* spec : {"complete:n=200,w=1:10000000,neg=1", "er:n=300,p=0.3,w=1:3000000,neg=1",
                                  "ba:n=400,k=8,w=1:4000000,neg=1", "grid:rows=20,cols=20,w=1:20000000,neg=1",
                                  "gnm:n=1000,m=8000,w=1:2000000,neg=1"}) {
    SCOPED_TRACE(spec);
    const RunResult gen = run_apsp(std::string("gen --spec ") + spec + " -o " + path("g.el"));
    ASSERT_EQ(gen.status, 0) << gen.output;
    const RunResult solve = run_apsp("solve " + path("g.el") + " -q --no-history -o " + path("d.bin"));
    EXPECT_EQ(solve.status, 0) << solve.output;
    std::ifstream in(path("g.el"));
    std::string line;
    bool negative = false;
    while (std::getline(in, line)) {
      std::istringstream fields(line);
      long long u = 0, v = 0, w = 0;
      if (line.empty() || line[0] == '#' || !(fields >> u >> v >> w)) continue;
      negative = negative || w < 0;
    }
    EXPECT_TRUE(negative);
  }
  // Weights so large that no potential fits: gen says so, in one line, and writes nothing.
  const RunResult none = run_apsp("gen --spec complete:n=64,w=536870911:536870911,neg=1 -o " + path("h.el"));
  EXPECT_EQ(none.status, 2) << none.output;
  EXPECT_EQ(line_count(none.output), 1u) << none.output;
  EXPECT_NE(none.output.find("neg=1"), std::string::npos) << none.output;
  EXPECT_FALSE(std::filesystem::exists(path("h.el")));
}

}  // namespace
}  // namespace apsp::test
