// The context every export writes (README "Export context"), through the real `apsp`: two runs that differ
// only in the CPU kernels' instruction set or the threads asked for have different context lines, the run
// history keeps threads as asked and as resolved beside the ISA and the build, and a trace's metadata says the
// same as a CSV's comments.
#include <apsp/core/version.h>
#include <apsp/history/runs_file.h>

#include <nlohmann/json.hpp>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

class CliContext : public TempDir {
 protected:
  /// The "# key: value" lines of @p csv_path, in order.
  std::vector<std::string> context_lines(const std::string& csv_path) const {
    std::vector<std::string> out;
    for (const std::string& line : lines_of(read_text(csv_path)))
      if (line.rfind("# ", 0) == 0) out.push_back(line);
    return out;
  }
  /// The context lines of a small `apsp bench --csv` run with @p flags and @p env.
  std::vector<std::string> bench_context(const std::string& name, const std::string& flags,
                                         const std::string& env = "") const {
    const RunResult r = run_apsp("bench --backend cpu-blocked --block 16 --n 64 --repeat 1 --warmup 0 --no-history " +
                                     flags + " --csv " + path(name),
                                 env);
    EXPECT_EQ(r.status, 0) << r.output;
    return context_lines(path(name));
  }
};

std::string value_of(const std::vector<std::string>& lines, const std::string& key) {
  for (const std::string& line : lines)
    if (line.rfind("# " + key + ": ", 0) == 0) return line.substr(key.size() + 4);
  return "(no " + key + " line)";
}

TEST_F(CliContext, BenchContextLinesDifferForAnIsaChange) {
  const std::vector<std::string> widest = bench_context("widest.csv", "--threads 1");
  const std::string isa = value_of(widest, "isa");
  if (isa == "generic") GTEST_SKIP() << "this CPU has neither AVX2 nor AVX-512: generic is its only ISA";
  const std::vector<std::string> generic = bench_context("generic.csv", "--threads 1", "APSP_CPU_ISA=generic");
  EXPECT_NE(widest, generic) << "the context lines of an 11x slower run were identical";
  EXPECT_TRUE(isa == "avx2" || isa == "avx512") << isa;
  EXPECT_EQ(value_of(generic, "isa"), "generic");
  EXPECT_NE(value_of(generic, "env").find("APSP_CPU_ISA=generic"), std::string::npos) << value_of(generic, "env");
}

TEST_F(CliContext, BenchContextLinesSayThreadsAskedAndResolved) {
  const std::vector<std::string> one = bench_context("one.csv", "--threads 1");
  const std::vector<std::string> automatic = bench_context("auto.csv", "--threads 0");
  EXPECT_NE(one, automatic);
  EXPECT_EQ(value_of(one, "threads"), "1");
  const std::string threads = value_of(automatic, "threads");
  EXPECT_EQ(threads.rfind("0 (auto: ", 0), 0u) << threads;
  // The build is said too, and the same in both.
  EXPECT_EQ(value_of(one, "commit"), value_of(automatic, "commit"));
  EXPECT_EQ(value_of(one, "build"), build_description());
  EXPECT_EQ(value_of(one, "commit"), std::string(build_commit()));
}

TEST_F(CliContext, HistoryKeepsThreadsAskedAndResolvedWithTheIsaAndBuild) {
  ASSERT_EQ(run_apsp("solve --gen ring:n=48 --block 16 --threads 0 -o " + path("a.bin")).status, 0);
  ASSERT_EQ(run_apsp("solve --gen ring:n=48 --block 16 --threads 1 -o " + path("b.bin"), "OMP_PROC_BIND=false").status,
            0);
  const std::vector<RunRecord> runs = read_runs(std::string(std::getenv("XDG_DATA_HOME")) + "/apsp-studio/runs.jsonl").runs;
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].threads_asked, 0);
  EXPECT_GE(runs[0].threads, 1);
  EXPECT_EQ(runs[1].threads_asked, 1);
  EXPECT_EQ(runs[1].threads, 1);
  for (const RunRecord& r : runs) {
    EXPECT_FALSE(r.isa.empty());
    EXPECT_FALSE(r.build.empty());
  }
  EXPECT_EQ(runs[1].env.count("OMP_PROC_BIND"), 1u);
  EXPECT_EQ(runs[0].env.count("OMP_PROC_BIND"), 0u);
}

TEST_F(CliContext, SolveExportsCarryTheRunContext) {
  const RunResult r = run_apsp("solve --gen ring:n=48 --block 16 --threads 0 --no-history --timings-csv " +
                                   path("t.csv") + " --trace " + path("t.json"),
                               "APSP_CPU_ISA=generic");
  ASSERT_EQ(r.status, 0) << r.output;
  const std::vector<std::string> csv = context_lines(path("t.csv"));
  EXPECT_EQ(value_of(csv, "isa"), "generic");
  EXPECT_EQ(value_of(csv, "threads").rfind("0 (auto: ", 0), 0u) << value_of(csv, "threads");
  const nlohmann::json trace = nlohmann::json::parse(read_text(path("t.json")));
  const nlohmann::json& other = trace.at("otherData");
  EXPECT_EQ(other.at("isa"), "generic");
  EXPECT_EQ(other.at("threads_asked"), 0);
  EXPECT_EQ(other.at("env").at("APSP_CPU_ISA"), "generic");
  EXPECT_EQ(other.at("commit"), value_of(csv, "commit"));
  EXPECT_EQ(other.at("build"), value_of(csv, "build"));
}

}  // namespace
}  // namespace apsp::test
