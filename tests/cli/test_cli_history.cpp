// The run history through the real `apsp`: solves and benches append, `runs list|show|compare` read it back,
// a corrupt line is skipped with a warning, --no-history and APSP_HISTORY=off write nothing.
#include <apsp/history/runs_file.h>

#include <cstdio>
#include <sstream>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

class CliHistory : public TempDir {
 protected:
  /// Every run of this fixture keeps its history in the test's own directory.
  std::string env() const { return "XDG_DATA_HOME='" + path("data") + "'"; }
  std::string runs_file() const { return path("data") + "/apsp-studio/runs.jsonl"; }
  RunResult apsp(const std::string& args, const std::string& extra_env = "") const {
    return run_apsp(args, env() + (extra_env.empty() ? "" : " " + extra_env));
  }
  std::vector<RunRecord> records() const { return read_runs(runs_file()).runs; }
};

std::string line_starting(const std::string& text, const std::string& start) {
  for (const std::string& line : lines_of(text))
    if (line.rfind(start, 0) == 0) return line;
  return "";
}

TEST_F(CliHistory, ABenchThreadsSweepRecordsEachConfigurationsThreads) {
  const RunResult r = apsp("bench --backend cpu-blocked --block 8 --n 24 --repeat 1 --warmup 0 --threads 1,2");
  ASSERT_EQ(r.status, 0) << r.output;
  const std::vector<RunRecord> runs = records();
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].threads_asked, 1);
  EXPECT_EQ(runs[0].threads, 1);
  EXPECT_EQ(runs[1].threads_asked, 2);
  EXPECT_EQ(runs[1].threads, 2);
}

TEST_F(CliHistory, TwoSolvesAreAppendedListedAndCompared) {
  ASSERT_EQ(apsp("solve --gen ring:n=64 --block 16 --threads 1 -o " + path("a.bin")).status, 0);
  ASSERT_EQ(apsp("solve --gen er:n=96,p=0.1,seed=2 --block 32 --threads 1 -o " + path("b.bin")).status, 0);
  const std::vector<RunRecord> runs = records();
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].source, "solve");
  EXPECT_EQ(runs[0].n, 64);
  EXPECT_EQ(runs[0].block, 16);
  EXPECT_EQ(runs[0].graph, "ring:n=64");
  EXPECT_EQ(runs[1].n, 96);
  EXPECT_EQ(runs[0].threads, 1);
  ASSERT_NE(runs[0].phase("independent"), nullptr);
  EXPECT_GT(runs[0].wall_ms, 0);
  EXPECT_EQ(runs[0].round_ms.size(), 4u);  // 64 / 16 rounds

  const RunResult list = apsp("runs list");
  ASSERT_EQ(list.status, 0) << list.output;
  const std::vector<std::string> lines = lines_of(list.output);
  ASSERT_EQ(lines.size(), 2u) << list.output;
  EXPECT_EQ(lines[0].rfind(runs[0].id + " ", 0), 0u) << lines[0];  // the id first
  EXPECT_EQ(lines[1].rfind(runs[1].id + " ", 0), 0u) << lines[1];
  EXPECT_NE(lines[1].find("B=32"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find("n=96"), std::string::npos) << lines[1];

  const RunResult compare = apsp("runs compare --allow-mismatch " + runs[0].id + " " + runs[1].id);
  ASSERT_EQ(compare.status, 0) << compare.output;
  char ratio[32];
  std::snprintf(ratio, sizeof ratio, " %.3f", runs[1].wall_ms / runs[0].wall_ms);
  const std::string wall = line_starting(compare.output, "wall ");
  EXPECT_NE(wall.find(ratio), std::string::npos) << "expected ratio" << ratio << " in: " << compare.output;
  std::snprintf(ratio, sizeof ratio, " %.3f", runs[1].phase("independent")->ms / runs[0].phase("independent")->ms);
  EXPECT_NE(line_starting(compare.output, "independent ").find(ratio), std::string::npos) << compare.output;

  const RunResult show = apsp("runs show " + runs[1].id.substr(0, 19));  // a unique prefix is enough
  ASSERT_EQ(show.status, 0) << show.output;
  EXPECT_NE(show.output.find("id:        " + runs[1].id), std::string::npos) << show.output;
  EXPECT_NE(line_starting(show.output, "rowcol ").size(), 0u) << show.output;
  EXPECT_EQ(apsp("runs show nosuchrun").status, 2);
}

TEST_F(CliHistory, ACorruptLineIsSkippedWithAWarningNamingFileAndLine) {
  ASSERT_EQ(apsp("solve --gen ring:n=32 --block 16 -q -o " + path("a.bin")).status, 0);
  {
    std::FILE* f = std::fopen(runs_file().c_str(), "a");
    ASSERT_NE(f, nullptr);
    std::fputs("{\"id\": \"cut-short\", \"phases\": [\n", f);
    std::fclose(f);
  }
  ASSERT_EQ(apsp("solve --gen ring:n=32 --block 8 -q -o " + path("b.bin")).status, 0);
  const std::string before = read_text(runs_file());
  const RunResult list = apsp("runs list");
  ASSERT_EQ(list.status, 0) << list.output;
  EXPECT_NE(list.output.find(runs_file() + ":2: skipped"), std::string::npos) << list.output;
  EXPECT_EQ(records().size(), 2u);
  EXPECT_EQ(read_text(runs_file()), before);  // never rewritten
}

TEST_F(CliHistory, OptOutWritesNothing) {
  ASSERT_EQ(apsp("solve --gen ring:n=32 --block 16 -q --no-history -o " + path("a.bin")).status, 0);
  ASSERT_EQ(apsp("solve --gen ring:n=32 --block 16 -q -o " + path("b.bin"), "APSP_HISTORY=off").status, 0);
  ASSERT_EQ(apsp("bench --backend cpu-blocked --n 32 --block 16 --repeat 1 --warmup 0 --no-history").status, 0);
  EXPECT_FALSE(std::filesystem::exists(runs_file()));
  const RunResult list = apsp("runs list");
  EXPECT_EQ(list.status, 0);
  EXPECT_NE(list.output.find("no runs"), std::string::npos) << list.output;
}

TEST_F(CliHistory, BenchAppendsOneRecordPerConfigurationWithTheSpread) {
  const RunResult r =
      apsp("bench --backend cpu-naive,cpu-blocked --n 48 --block 16 --repeat 3 --warmup 0 --csv " + path("b.csv"));
  ASSERT_EQ(r.status, 0) << r.output;
  const std::vector<RunRecord> runs = records();
  ASSERT_EQ(runs.size(), 2u);
  for (const RunRecord& run : runs) {
    EXPECT_EQ(run.source, "bench");
    EXPECT_EQ(run.repeats, 3);
    EXPECT_LE(run.wall_min_ms, run.wall_ms);
    EXPECT_LE(run.wall_ms, run.wall_max_ms);
    const std::string csv = read_text(path("b.csv"));
    EXPECT_NE(csv.find("," + run.id + ","), std::string::npos) << csv;  // the CSV names the record
  }
  EXPECT_EQ(runs[0].backend, "cpu-naive");
  EXPECT_EQ(runs[1].backend, "cpu-blocked");
}

TEST_F(CliHistory, TimingsCsvNamesTheRunAndItsContext) {
  ASSERT_EQ(
      apsp("solve --gen ring:n=64 --block 16 --threads 1 -q -o " + path("a.bin") + " --timings-csv " + path("t.csv"))
          .status,
      0);
  const std::vector<RunRecord> runs = records();
  ASSERT_EQ(runs.size(), 1u);
  const std::string csv = read_text(path("t.csv"));
  for (const std::string& want :
       {"# run_id: " + runs[0].id + "\n", std::string("# n: 64\n"), std::string("# dtype: i32\n"),
        std::string("# threads: 1\n"), std::string("# gpus: 1\n"), std::string("# graph: ring:n=64\n"),
        std::string("# block: 16\n"), std::string("# device: cpu: "), std::string("# version: ")})
    EXPECT_NE(csv.find(want), std::string::npos) << want << " not in\n" << csv;
  ASSERT_EQ(
      apsp("solve --gen ring:n=64 --block 16 -q --no-history -o " + path("a.bin") + " --timings-csv " + path("u.csv"))
          .status,
      0);
  EXPECT_NE(read_text(path("u.csv")).find("# run_id: -\n"), std::string::npos);
}

}  // namespace
}  // namespace apsp::test
