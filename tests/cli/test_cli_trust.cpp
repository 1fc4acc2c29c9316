// Through the real `apsp`: numeric flags are bounded (--threads 100000 crashed in libgomp),
// CSV fields may not be empty, and an export never replaces a link, a FIFO or a device.
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <algorithm>
#include <thread>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

class CliTrust : public TempDir {
 protected:
  void SetUp() override {
    TempDir::SetUp();
    write_bytes(path("g.bin"), {3, 2, 0, 1, 4, 1, 2, 5});
  }
  RunResult solve(const std::string& extra, const std::string& output = "") {
    return run_apsp("solve " + path("g.bin") + " -q -o " + (output.empty() ? path("out.bin") : output) + " " + extra);
  }
  static int lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }
  /// Exit 2 with one line that names @p what (the flag, or the file and line of bad input).
  static void expect_usage_error(const RunResult& r, const std::string& what) {
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_EQ(lines(r.output), 1) << r.output;
    EXPECT_NE(r.output.find(what), std::string::npos) << r.output;
  }
};

TEST_F(CliTrust, AbsurdThreadCountsAreUsageErrorsNotCrashes) {
  for (const char* threads : {"100000", "50000", "2147483647", "99999999999", "-1"}) {
    SCOPED_TRACE(threads);
    expect_usage_error(solve(std::string("--threads ") + threads), "--threads");
    expect_usage_error(run_apsp(std::string("bench --n 8 --repeat 1 --warmup 0 --threads ") + threads), "--threads");
  }
  EXPECT_EQ(solve("--threads 1").status, 0);
  const int most = 4 * static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  EXPECT_EQ(solve("--threads " + std::to_string(most) + " --backend cpu-blocked").status, 0);
  expect_usage_error(solve("--threads " + std::to_string(most + 1)), "--threads");
}

TEST_F(CliTrust, EveryNumericFlagIsBounded) {
  expect_usage_error(solve("--block 0"), "--block");
  expect_usage_error(solve("--block 4097"), "--block");
  expect_usage_error(solve("--gpus 0"), "--gpus");
  expect_usage_error(solve("--gpus 65"), "--gpus");
  expect_usage_error(run_apsp("info " + path("g.bin") + " --block 100000"), "--block");
  const std::string bench = "bench --backend cpu-naive --n 8 ";
  expect_usage_error(run_apsp(bench + "--repeat 0"), "--repeat");
  expect_usage_error(run_apsp(bench + "--repeat 1001"), "--repeat");
  expect_usage_error(run_apsp(bench + "--warmup -1"), "--warmup");
  expect_usage_error(run_apsp(bench + "--warmup 1001"), "--warmup");
  expect_usage_error(run_apsp(bench + "--block 5000"), "--block");
  expect_usage_error(run_apsp("bench --backend cpu-naive --n 8,0"), "--n");
  expect_usage_error(run_apsp("bench --backend cpu-naive --n 8,2000000"), "--n");
  expect_usage_error(run_apsp(bench + "--gpus 1,100"), "--gpus");
  expect_usage_error(run_apsp("bench --backend cpu-naive:0 --n 8"), "cpu-naive:0");
  expect_usage_error(run_apsp("bench --backend cpu-naive:99999999999 --n 8"), "cpu-naive:99999999999");
  expect_usage_error(run_apsp("solve --gen ring:n=99999999999 -o " + path("o.bin")), "n=99999999999");
  EXPECT_EQ(run_apsp(bench + "--repeat 1 --warmup 0").status, 0);
}

TEST_F(CliTrust, HelpStatesTheBounds) {
  const std::string help = run_apsp("solve --help").output;
  EXPECT_NE(help.find("--threads INT:INT in [0 - "), std::string::npos) << help;
  EXPECT_NE(help.find("--block INT:INT in [1 - 4096]"), std::string::npos) << help;
  EXPECT_NE(help.find("--gpus INT:INT in [1 - 64]"), std::string::npos) << help;
  const std::string bench = run_apsp("bench --help").output;
  EXPECT_NE(bench.find("--repeat INT:INT in [1 - 1000]"), std::string::npos) << bench;
  EXPECT_NE(bench.find("LIST of INT in [1 - 1048576]"), std::string::npos) << bench;
}

TEST_F(CliTrust, CsvEdgeWithAnEmptyFieldIsAnErrorNamingTheLine) {
  {
    std::ofstream f(path("e.csv"));
    f << "0,1,2\n0,,5\n";
  }
  expect_usage_error(run_apsp("solve " + path("e.csv") + " -o " + path("out.bin")), "e.csv: line 2");
  EXPECT_FALSE(std::filesystem::exists(path("out.bin")));
}

TEST_F(CliTrust, MaxSecondsRefusesNanAndInfinity) {
  // NaN compares false with both bounds: it passed the range check and stopped the solve after its first round.
  for (const char* bad : {"nan", "NaN", "-nan", "inf", "-inf", "1e999"}) {
    SCOPED_TRACE(bad);
    expect_usage_error(solve(std::string("--max-seconds ") + bad), "--max-seconds");
  }
  EXPECT_FALSE(std::filesystem::exists(path("out.bin")));
  EXPECT_EQ(solve("--max-seconds 0").status, 0);
  EXPECT_EQ(solve("--max-seconds 1e9").status, 0);
  expect_usage_error(solve("--max-seconds 1.5e9"), "--max-seconds");
}

TEST_F(CliTrust, MatrixMarketRealWithAFractionIsRefusedNotRounded) {
  // Rounded per edge, the negative cycle 0.4, -0.45 solved as distances 0 with exit 0.
  {
    std::ofstream f(path("h.mtx"));
    f << "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 2 0.4\n2 1 -0.45\n";
  }
  const RunResult r = run_apsp("solve " + path("h.mtx") + " -o " + path("out.bin"));
  expect_usage_error(r, "h.mtx: line 3");
  EXPECT_NE(r.output.find("0.4"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(path("out.bin")));
  // Integral values written as reals still work.
  {
    std::ofstream f(path("i.mtx"));
    f << "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 2 3.0\n2 1 -2e0\n";
  }
  const RunResult ok = run_apsp("solve " + path("i.mtx") + " -q -o " + path("out.csv"));
  EXPECT_EQ(ok.status, 0) << ok.output;
  const std::string distances = read_text(path("out.csv"));
  EXPECT_NE(distances.find("0,3"), std::string::npos) << distances;
  EXPECT_NE(distances.find("-2,0"), std::string::npos) << distances;
}

TEST_F(CliTrust, ExportFollowsSymlinksAndWritesThroughDevices) {
  {
    std::ofstream f(path("target.bin"));
    f << "old";
  }
  std::filesystem::create_symlink("target.bin", path("link.bin"));
  ASSERT_EQ(solve("", path("link.bin")).status, 0);
  EXPECT_TRUE(std::filesystem::is_symlink(path("link.bin")));
  EXPECT_EQ(std::filesystem::file_size(path("target.bin")), 3u * 3u * 4u);

  // The reproduction, in a private directory: never against the real /dev/null.
  const std::string null = path("null");
  if (::mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) GTEST_SKIP() << "mknod not permitted here";
  ASSERT_EQ(solve("", null).status, 0);
  struct stat st {};
  ASSERT_EQ(::lstat(null.c_str(), &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
  // A directory is refused with one line, not replaced.
  std::filesystem::create_directory(path("dir"));
  const RunResult r = solve("", path("dir"));
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_EQ(lines(r.output), 1) << r.output;
  EXPECT_TRUE(std::filesystem::is_directory(path("dir")));
}

}  // namespace
}  // namespace apsp::test
