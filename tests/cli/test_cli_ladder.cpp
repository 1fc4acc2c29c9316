// The optimization ladder on the command line: every step listed by `apsp info --backends` (with
// the reason it cannot run, without a GPU), the ladder's flags refused with one line naming them (exit 2), and
// `apsp bench --ladder`: one line and exit 2 without a GPU, the table and its CSV with one.
#include <apsp/device/device_info.h>

#include <algorithm>
#include <sstream>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

class CliLadder : public TempDir {};

int count_lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }
/// The header and the rows of a CSV: its lines but the leading `# key: value` context comments.
int data_lines(const std::string& csv) {
  std::istringstream in(csv);
  int lines = 0;
  for (std::string line; std::getline(in, line);) lines += line.rfind('#', 0) != 0;
  return lines;
}

const char* const kLadder[] = {"cuda-simple",  "cuda-naive",  "cuda-simple-vec",  "cuda-pseudo-blocked",
                               "cuda-blocked", "cuda-staged", "cuda-blocked-vec", "cuda-tuned"};

/// The line of @p text that starts with @p name followed by a space.
std::string line_of(const std::string& text, const std::string& name) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(name + " ", 0) == 0) return line;
  return "";
}

TEST_F(CliLadder, InfoListsEveryStepInOrderWithWhyItCannotRun) {
  const RunResult r = run_apsp("info --backends");
  ASSERT_EQ(r.status, 0) << r.output;
  std::size_t last = 0;
  for (const char* name : kLadder) {
    const std::string line = line_of(r.output, name);
    ASSERT_NE(line, "") << name << "\n" << r.output;
    const std::size_t at = r.output.find(line);
    EXPECT_GT(at, last) << name << " out of ladder order";
    last = at;
    if (!apsp_lists_a_gpu()) {
      EXPECT_NE(line.find("unavailable"), std::string::npos) << line;
      EXPECT_NE(line.find("CUDA"), std::string::npos) << line;  // the reason
    }
  }
}

TEST_F(CliLadder, BadLadderFlagsAreOneLineAndExitTwo) {
  for (const auto& [args, flag] : std::vector<std::pair<std::string, std::string>>{
           {"solve --gen ring:n=10 --backend cpu-blocked --cells-per-thread 3", "--cells-per-thread"},
           {"solve --gen ring:n=10 --backend cpu-blocked --cells-per-thread x", "--cells-per-thread"},
           {"solve --gen ring:n=10 --backend cpu-blocked --cells-per-thread 16", "--cells-per-thread"},
           {"solve --gen ring:n=10 --backend cpu-blocked --phase2 diagonal", "--phase2"},
           {"solve --gen ring:n=10 --backend cpu-blocked --phase2 ''", "--phase2"},
           {"bench --backend cpu-blocked --n 16 --cells-per-thread 5", "--cells-per-thread"},
           {"bench --backend cpu-blocked --n 16 --phase2 one_cta", "--phase2"},
           {"bench --backend cpu-blocked --n 16 --ladder-steps cuda-simple", "--ladder-steps"},
           {"bench --ladder --backend cuda-tuned --n 16", "--backend"},
           {"bench --backend cpu-blocked --n 16 --counters 1", "--counters"},
           {"bench --ladder --n 16 --counters every:0", "--counters"}}) {
    const bool solve = args.rfind("solve", 0) == 0;
    const RunResult r = run_apsp(solve ? args + " -o " + path("d.bin") : args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.output;
    EXPECT_EQ(count_lines(r.output), 1) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(flag), std::string::npos) << args << "\n" << r.output;
  }
}

TEST_F(CliLadder, GoodLadderFlagsAreAcceptedByEveryBackend) {
  // A CPU backend ignores them: the run succeeds and writes its distances.
  const RunResult r =
      run_apsp("solve --gen ring:n=10 --backend cpu-blocked --cells-per-thread 8 --phase2 one-cta -q -o " + path("d.bin"));
  EXPECT_EQ(r.status, 0) << r.output;
}

TEST_F(CliLadder, BenchLadderWithoutAGpuIsOneLineAndExitTwo) {
  if (apsp_lists_a_gpu()) GTEST_SKIP() << "a CUDA device is present";
  const RunResult r = run_apsp("bench --ladder --n 256");
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(count_lines(r.output), 1) << r.output;
  EXPECT_NE(r.output.find("--ladder"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("CUDA"), std::string::npos) << r.output;
  // The counter columns need CUPTI and a device too: one line naming --counters.
  const RunResult c = run_apsp("bench --ladder --n 256 --counters 1");
  EXPECT_EQ(c.status, 2) << c.output;
  EXPECT_EQ(count_lines(c.output), 1) << c.output;
  EXPECT_NE(c.output.find("--counters"), std::string::npos) << c.output;
}

TEST_F(CliLadder, BenchLadderPrintsEveryStepInOrderAndItsCsv) {
  if (!apsp_lists_a_gpu()) GTEST_SKIP() << cuda_unavailable_reason();
  const RunResult r = run_apsp("bench --ladder --n 300 --repeat 2 --warmup 0 --no-history --csv " + path("l.csv"));
  ASSERT_EQ(r.status, 0) << r.output;
  for (const char* col : {"vs prev", "vs first", "% peak", "GB/s model", "DRAM GB/s", "occupancy"})
    EXPECT_NE(r.output.find(col), std::string::npos) << col << "\n" << r.output;
  const std::string csv = read_text(path("l.csv"));
  EXPECT_EQ(csv.rfind("# version: ", 0), 0u) << csv;  // the sweep's context, as the results CSV
  EXPECT_EQ(data_lines(csv), 1 + 8 * 2) << csv;       // a row per timed run of each step
  std::size_t last = 0;
  for (const char* name : kLadder) {
    const std::size_t at = csv.find(std::string(",") + name + ",");
    ASSERT_NE(at, std::string::npos) << name << "\n" << csv;
    EXPECT_GT(at, last) << name;
    last = at;
  }
}

TEST_F(CliLadder, BenchLadderStepsPicksASubsetInLadderOrder) {
  if (!apsp_lists_a_gpu()) GTEST_SKIP() << cuda_unavailable_reason();
  const RunResult r = run_apsp("bench --ladder --ladder-steps cuda-tuned,cuda-simple --n 200 --repeat 1 --warmup 0 "
                               "--no-history --csv " + path("l.csv"));
  ASSERT_EQ(r.status, 0) << r.output;
  const std::string csv = read_text(path("l.csv"));
  EXPECT_EQ(data_lines(csv), 1 + 2) << csv;
  EXPECT_LT(csv.find(",cuda-simple,"), csv.find(",cuda-tuned,")) << csv;
  const RunResult bad = run_apsp("bench --ladder --ladder-steps cuda-simple,cpu-blocked --n 64");
  EXPECT_EQ(bad.status, 2) << bad.output;
  EXPECT_NE(bad.output.find("--ladder-steps"), std::string::npos) << bad.output;
}

}  // namespace
}  // namespace apsp::test
