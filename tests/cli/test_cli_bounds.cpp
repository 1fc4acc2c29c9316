// Through the real `apsp`: special inputs refused at once, tiny files declaring a
// huge n refused for the whole solve's memory before allocating, the estimate line and --max-seconds.
#include <apsp/core/memory.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

class CliBounds : public TempDir {};

TEST_F(CliBounds, DevZeroIsRefusedWithOneLine) {
  const auto t0 = Clock::now();
  // Capped (address space, time) so that a build that still reads it endlessly fails here, not the machine.
#if defined(__SANITIZE_ADDRESS__)
  const std::string cap = "timeout 10 ";
#else
  const std::string cap = "ulimit -v 4000000; timeout 10 ";
#endif
  const std::string out = shell_output("(" + cap + APSP_CLI_PATH + " solve /dev/zero -o " + path("o.bin") + "; echo rc=$?) 2>&1");
  const RunResult r{out.find("rc=2\n") != std::string::npos ? 2 : -1, out.substr(0, out.rfind("rc="))};
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_LT(seconds_since(t0), 5.0);
  EXPECT_NE(r.output.find("/dev/zero: is a character device"), std::string::npos) << r.output;
  EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
  EXPECT_FALSE(std::filesystem::exists(path("o.bin")));
}

TEST_F(CliBounds, TinyFileWithHugeNIsRefusedBeforeAllocating) {
  // One i32 matrix takes 70 % of the memory available: it fits, the CPU solve's two copies do not. Before,
  // `apsp solve` filled that matrix (tens of seconds) and only then exited 4.
  const auto n = static_cast<std::int32_t>(std::sqrt(static_cast<double>(host_available_bytes()) * 0.7 / 4.0));
  write_bytes(path("huge.bin"), {n, 0});
  const auto t0 = Clock::now();
  const RunResult r = run_apsp("solve " + path("huge.bin") + " --backend cpu-blocked -o " + path("o.bin"));
  EXPECT_EQ(r.status, 4) << r.output;
  EXPECT_LT(seconds_since(t0), 5.0) << "allocated before refusing";
  EXPECT_NE(r.output.find("not enough memory"), std::string::npos) << r.output;
  // A generator spec of the same size exits 4 the same way.
  const RunResult g = run_apsp("solve --gen ring:n=" + std::to_string(n) + " --backend cpu-blocked -o " + path("o.bin"));
  EXPECT_EQ(g.status, 4) << g.output;
  EXPECT_FALSE(std::filesystem::exists(path("o.bin")));
}

/// `apsp ARGS` under `ulimit -v 1000000` (about 0.95 GiB of address space): its output, then "rc=STATUS".
[[maybe_unused]] std::string apsp_under_address_space_limit(const std::string& args) {
  return shell_output("bash -c 'ulimit -v 1000000; timeout 60 " + std::string(APSP_CLI_PATH) + " " + args +
                      "; echo rc=$?' 2>&1");
}

TEST_F(CliBounds, AnAddressSpaceLimitIsRefusedForMemoryNamingTheLimit) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "the sanitizers' shadow memory needs more address space than the limit leaves";
#else
  // Under `ulimit -v 1000000` (about 0.95 GiB) a 20000 x 20000 i32 matrix (1.5 GiB) cannot be had, whatever the
  // machine's MemAvailable: exit 4 before allocating, the limit named. Before, the check read only MemAvailable
  // ("needs 2.98 GiB, 21.04 GiB available") and the allocation failed after it.
  if (host_available_bytes() < (std::uint64_t{3} << 30)) GTEST_SKIP() << "MemAvailable would bind first here";
  write_bytes(path("big.bin"), {20000, 0});
  const std::string out =
      apsp_under_address_space_limit("solve -q " + path("big.bin") + " --backend cpu-blocked -o " + path("o.bin"));
  EXPECT_NE(out.find("rc=4\n"), std::string::npos) << out;
  EXPECT_NE(out.find("not enough memory for "), std::string::npos) << out;
  EXPECT_NE(out.find("left under the address-space limit (ulimit -v)"), std::string::npos) << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 2) << out;  // the one line, then rc=
  EXPECT_FALSE(std::filesystem::exists(path("o.bin")));
#endif
}

TEST_F(CliBounds, InfoNamesTheMemoryLimitThatBinds) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "the sanitizers' shadow memory needs more address space than the limit leaves";
#else
  // `apsp info` says "fits" by the figure solve refuses by: under ulimit -v that is the address-space headroom,
  // not MemAvailable.
  if (host_available_bytes() < (std::uint64_t{3} << 30)) GTEST_SKIP() << "MemAvailable would bind first here";
  write_bytes(path("big.bin"), {20000, 0});
  const std::string out = apsp_under_address_space_limit("info " + path("big.bin"));
  EXPECT_NE(out.find("rc=0\n"), std::string::npos) << out;
  EXPECT_NE(out.find("left under the address-space limit (ulimit -v) -> a cpu-blocked i32 solve needs"),
            std::string::npos) << out;
  EXPECT_NE(out.find("does NOT fit"), std::string::npos) << out;
#endif
}

TEST_F(CliBounds, GenAndSolveRefuseForMemoryWithTheSameExitStatus) {
  // 10^14 edges of 12 bytes fit no machine: `gen` said so as bad usage (exit 2) where `solve` exits 4.
  const std::string spec = "gnm:n=2000000000,m=100000000000000";
  const RunResult gen = run_apsp("gen --spec " + spec + " -o " + path("g.bin"));
  EXPECT_EQ(gen.status, 4) << gen.output;
  EXPECT_NE(gen.output.find("not enough memory for the edge list of generator 'gnm'"), std::string::npos)
      << gen.output;
  const RunResult solve = run_apsp("solve --gen " + spec + " --backend cpu-blocked -o " + path("o.bin"));
  EXPECT_EQ(solve.status, gen.status) << solve.output;
  EXPECT_FALSE(std::filesystem::exists(path("g.bin")));
}

TEST_F(CliBounds, MaxSecondsRefusesALongSolveUpFront) {
  write_bytes(path("n50k.bin"), {50000, 0});  // 8 bytes, an O(n^3) solve of hours on a CPU
  const auto t0 = Clock::now();
  const RunResult r = run_apsp("solve " + path("n50k.bin") + " --backend cpu-blocked --max-seconds 60 -o " + path("o.bin"));
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_LT(seconds_since(t0), 5.0);
  EXPECT_NE(r.output.find("refused: n = 50000"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(" h on cpu-blocked"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("--max-seconds"), std::string::npos) << r.output;
  // An edge list naming vertex 50000 in 8 bytes is the same graph size.
  std::ofstream(path("e.txt")) << "0 50000\n";
  EXPECT_EQ(run_apsp("solve " + path("e.txt") + " --backend cpu-blocked --max-seconds 60 -o " + path("o.bin")).status, 2);
  EXPECT_FALSE(std::filesystem::exists(path("o.bin")));
  EXPECT_EQ(run_apsp("solve --gen ring:n=8 --max-seconds -1 -o " + path("o.bin")).status, 2);  // bounded flag
}

TEST_F(CliBounds, MaxSecondsStopsARunningSolveBetweenRounds) {
  // APSP_SOLVE_RATE claims a machine far faster than this one: the estimate passes, the solve runs over.
  const auto t0 = Clock::now();
  const std::string cmd = "APSP_SOLVE_RATE=1e15 " + std::string(APSP_CLI_PATH) +
                          " solve --gen ring:n=1536 --backend cpu-naive --block 64 --max-seconds 0.3 -o " + path("o.bin") + " 2>&1; echo rc=$?";
  const std::string out = shell_output(cmd);
  EXPECT_NE(out.find("rc=2"), std::string::npos) << out;
  EXPECT_NE(out.find("stopped after round"), std::string::npos) << out;
  EXPECT_NE(out.find("of 24"), std::string::npos) << out;
  EXPECT_LT(seconds_since(t0), 20.0);
  EXPECT_FALSE(std::filesystem::exists(path("o.bin")));
}

TEST_F(CliBounds, ALongSolveIsAnnouncedOnStderr) {
  // A slow claimed rate makes a small solve "long": one line with n, memory and the time, then the solve.
  const std::string cmd = "APSP_SOLVE_RATE=1e6 " + std::string(APSP_CLI_PATH) + " solve --gen ring:n=300 --backend cpu-blocked -o " +
                          path("o.bin") + " 2>" + path("err.txt") + " >/dev/null; echo rc=$?";
  EXPECT_NE(shell_output(cmd).find("rc=0"), std::string::npos);
  const std::string err = read_text(path("err.txt"));
  EXPECT_NE(err.find("apsp solve: n = 300, "), std::string::npos) << err;
  EXPECT_NE(err.find("of host memory, about 27.0 s on cpu-blocked"), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_TRUE(std::filesystem::exists(path("o.bin")));
  // --quiet keeps it silent; a short solve says nothing.
  const std::string quiet = "APSP_SOLVE_RATE=1e6 " + std::string(APSP_CLI_PATH) + " solve --gen ring:n=300 --backend cpu-blocked -q -o " +
                            path("o.bin") + " 2>&1";
  EXPECT_EQ(shell_output(quiet), "");
  EXPECT_EQ(run_apsp("solve --gen ring:n=300 -q -o " + path("o.bin")).output, "");
}

}  // namespace
}  // namespace apsp::test
