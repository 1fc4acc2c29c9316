// Through the real `apsp`: SIGINT / SIGTERM stop a solve at its next round, leave the old output
// file as it was and nothing beside it, and exit 128 + signal (README "Exit codes"). Before, a signal killed
// the process mid-solve (no exit status at all) and a studio run kept solving.
#include <apsp/core/errors.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <new>
#include <stdexcept>
#include <thread>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

using Clock = std::chrono::steady_clock;

// About 0.3 s a round and 10 s in all on one core: long enough to be stopped in the middle.
const char* const kSlowSolve[] = {"solve", "--gen", "er:n=2048,p=0.01,seed=1", "--backend", "cpu-naive", "-q"};

class CliSignals : public TempDir {
 protected:
  /// Starts `apsp solve ... -o out.bin` with stderr to err.txt; returns its pid.
  pid_t start_solve() {
    std::vector<std::string> args(std::begin(kSlowSolve), std::end(kSlowSolve));
    args.push_back("-o");
    args.push_back(path("out.bin"));
    return spawn_apsp(std::move(args), path("err.txt"), ChildLog::StderrOnly);
  }

  void expect_stopped_by(int sig, int expected_status, const char* name) {
    write_bytes(path("out.bin"), {1, 2, 3});  // an earlier result that must survive
    const std::string before = sha256_of(path("out.bin"));
    const pid_t pid = start_solve();
    ASSERT_GT(pid, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // loaded and a few rounds in
    const auto sent = Clock::now();
    ASSERT_EQ(::kill(pid, sig), 0);
    const int raw = wait_for_exit(pid, std::chrono::seconds(20));
    const double took_s = std::chrono::duration<double>(Clock::now() - sent).count();
    ASSERT_NE(raw, -1) << "still solving 20 s after " << name;
    ASSERT_TRUE(WIFEXITED(raw)) << "ended by signal " << (WIFSIGNALED(raw) ? WTERMSIG(raw) : 0)
                                << " instead of exiting: no handler";
    EXPECT_EQ(WEXITSTATUS(raw), expected_status) << read_text(path("err.txt"));
    // The whole solve takes about 10 s; a stop at the next round takes a fraction of one.
    EXPECT_LT(took_s, 4.0) << "the solve went on after " << name;
    EXPECT_NE(read_text(path("err.txt")).find(std::string("interrupted by ") + name), std::string::npos)
        << read_text(path("err.txt"));
    EXPECT_EQ(sha256_of(path("out.bin")), before) << "the old output was replaced";
    int files = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(path(""))) ++files;
    EXPECT_EQ(files, 2) << "something beside out.bin and err.txt: " << shell_output("ls -a " + path(""));
  }
};

TEST_F(CliSignals, SigtermStopsTheSolveAndExits143) { expect_stopped_by(SIGTERM, 143, "SIGTERM"); }

TEST_F(CliSignals, SigintStopsTheSolveAndExits130) { expect_stopped_by(SIGINT, 130, "SIGINT"); }

TEST(ExitCodes, OneTableForEveryErrorClass) {
  // Both programs map errors through exit_code(): memory refusals and std::bad_alloc alike (the studio's
  // worker used to turn bad_alloc into 1 while the CLI said 4), a stop by signal as 128 + signal.
  EXPECT_EQ(exit_code(UsageError("x")), exit_status::kUsage);
  EXPECT_EQ(exit_code(RangeError("x")), exit_status::kUsage);
  EXPECT_EQ(exit_code(NegativeCycleError({0, 1})), exit_status::kNegativeCycle);
  EXPECT_EQ(exit_code(OutOfMemoryError("x", 2, 1)), exit_status::kMemory);
  EXPECT_EQ(exit_code(std::bad_alloc()), exit_status::kMemory);
  EXPECT_EQ(exit_code(InterruptedError(SIGINT)), 130);
  EXPECT_EQ(exit_code(InterruptedError(SIGTERM)), 143);
  EXPECT_EQ(exit_code(std::runtime_error("x")), exit_status::kFailure);
}

}  // namespace
}  // namespace apsp::test
