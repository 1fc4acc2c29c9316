// Through the real `apsp`: inputs that change or block under the reader. A file that shrinks mid-read is one
// line and exit 2 (it was SIGBUS, exit 135); a FIFO with no writer ends at SIGINT / SIGTERM (it waited
// forever); a runs file that is a FIFO is refused (it waited forever); `<(apsp gen ...)` is read once under
// the default backend auto (it read the pipe twice and found it empty).
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

/// Every command runs under this guard: a hang fails the test (timeout's own status) instead of stalling it.
const std::string kGuard = "timeout -s KILL 60";

std::string edge_list_text(int lines) {
  std::string text;
  for (int i = 0; i < lines; ++i) text += std::to_string(i % 97) + " " + std::to_string((i * 7) % 97) + " 3\n";
  return text;
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

int count_lines(const std::string& text) {
  int lines = 0;
  for (const char c : text) lines += c == '\n';
  return lines;
}

class CliReads : public TempDir {
 protected:
  /// Starts `apsp ARGS` with stdout and stderr to out.txt; returns its pid.
  pid_t start_apsp(std::vector<std::string> args) {
    return spawn_apsp(std::move(args), path("out.txt"), ChildLog::StdoutAndStderr);
  }

  /// True once @p pid holds @p file open (then it is past its signal set-up and at the read).
  static bool holds_open(pid_t pid, const std::string& file, std::chrono::seconds limit) {
    const auto deadline = Clock::now() + limit;
    const fs::path target = fs::canonical(file);
    while (Clock::now() < deadline) {
      std::error_code ec;
      for (const auto& entry : fs::directory_iterator("/proc/" + std::to_string(pid) + "/fd", ec)) {
        std::error_code link_ec;
        if (fs::read_symlink(entry.path(), link_ec) == target) return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
  }

  void expect_fifo_wait_stopped_by(int sig, const char* name) {
    const std::string fifo = path("g.txt");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    for (const char* backend : {"auto", "cpu-blocked"}) {
      SCOPED_TRACE(backend);
      const pid_t pid = start_apsp({"solve", fifo, "--backend", backend, "-o", path("out.bin")});
      ASSERT_GT(pid, 0);
      ASSERT_TRUE(holds_open(pid, fifo, std::chrono::seconds(30))) << "never opened the FIFO";
      ASSERT_EQ(::kill(pid, sig), 0);
      const int raw = wait_for_exit(pid, std::chrono::seconds(30));
      ASSERT_NE(raw, -1) << "still waiting for the FIFO's writer 30 s after " << name;
      ASSERT_TRUE(WIFEXITED(raw)) << "ended by signal " << (WIFSIGNALED(raw) ? WTERMSIG(raw) : 0);
      EXPECT_EQ(WEXITSTATUS(raw), 128 + sig);
      const std::string out = read_text(path("out.txt"));
      EXPECT_NE(out.find(std::string("interrupted by ") + name), std::string::npos) << out;
      EXPECT_EQ(count_lines(out), 1) << out;
      EXPECT_FALSE(fs::exists(path("out.bin")));
    }
  }
};

TEST_F(CliReads, AFileThatShrinksWhileReadIsOneLineAndExit2) {
  // input_truncated maps the second half of the input past the end of its file: the same SIGBUS as when
  // another program truncates it mid-read, deterministically.
  write_text(path("g.txt"), edge_list_text(3000));
  write_bytes(path("d.bin"), {0, 1, 1, 0});
  const std::string fault = "APSP_FAULT=input_truncated";
  for (const std::string& args : {"info " + path("g.txt"), "solve " + path("g.txt") + " -o " + path("out.bin"),
                                  "solve " + path("g.txt") + " --backend cpu-blocked -o " + path("out.bin"),
                                  "verify " + path("d.bin") + " " + path("d.bin")}) {
    SCOPED_TRACE(args);
    const RunResult r = run_apsp(args, kGuard + " env " + fault);
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_NE(r.output.find("changed size while it was read"), std::string::npos) << r.output;
    EXPECT_EQ(count_lines(r.output), 1) << r.output;
    EXPECT_FALSE(fs::exists(path("out.bin")));
  }
  const RunResult whole = run_apsp("info " + path("g.txt"), kGuard);  // unarmed: the same file reads whole
  EXPECT_EQ(whole.status, 0) << whole.output;
}

TEST_F(CliReads, AFifoWithNoWriterEndsAtSigint) { expect_fifo_wait_stopped_by(SIGINT, "SIGINT"); }

TEST_F(CliReads, AFifoWithNoWriterEndsAtSigterm) { expect_fifo_wait_stopped_by(SIGTERM, "SIGTERM"); }

TEST_F(CliReads, ARunsFileThatIsAFifoIsRefusedNotWaitedOn) {
  const fs::path history = fs::path(std::getenv("XDG_DATA_HOME")) / "apsp-studio" / "runs.jsonl";
  fs::create_directories(history.parent_path());
  ASSERT_EQ(::mkfifo(history.c_str(), 0600), 0);
  const RunResult list = run_apsp("runs list", kGuard);
  EXPECT_EQ(list.status, 1) << list.output;
  EXPECT_NE(list.output.find(history.string() + ": is not a regular file (a FIFO)"), std::string::npos) << list.output;
  EXPECT_EQ(count_lines(list.output), 1) << list.output;
  // A solve still writes its distances and says in one line that the run was not recorded.
  const RunResult solve = run_apsp("solve --gen ring:n=8 -q -o " + path("out.bin"), kGuard);
  EXPECT_EQ(solve.status, 0) << solve.output;
  EXPECT_NE(solve.output.find("run history not written: " + history.string() + ": is not a regular file"),
            std::string::npos)
      << solve.output;
  EXPECT_EQ(count_lines(solve.output), 1) << solve.output;
  EXPECT_TRUE(fs::exists(path("out.bin")));
}

TEST_F(CliReads, AProcessSubstitutionIsReadOnceUnderEveryBackend) {
  const std::string spec = "er:n=64,p=0.1,seed=3,w=1:9";
  ASSERT_EQ(run_apsp("gen --spec " + spec + " -o " + path("g.txt"), kGuard).status, 0);
  ASSERT_EQ(run_apsp("solve " + path("g.txt") + " --backend cpu-blocked -q -o " + path("want.bin"), kGuard).status, 0);
  const std::string apsp = APSP_CLI_PATH;
  for (const char* backend : {"", " --backend auto", " --backend cpu-blocked", " --backend cpu-dijkstra"}) {
    SCOPED_TRACE(backend);
    fs::remove(path("out.bin"));
    // The README's form: the graph from a pipe, `auto` (the default) reading it to decide, then solving it.
    const std::string output = shell_output(kGuard + " bash -c '" + apsp + " solve <(" + apsp + " gen --spec " + spec +
                                            " -o - 2>/dev/null) --format el -q" + backend + " -o " + path("out.bin") +
                                            " 2>&1; echo status $?'");
    EXPECT_NE(output.find("status 0"), std::string::npos) << output;
    EXPECT_EQ(sha256_of(path("out.bin")), sha256_of(path("want.bin"))) << output;
  }
}

TEST_F(CliReads, ANamedFifoWithAWriterIsSolvedAndTheProgramEnds) {
  const std::string spec = "er:n=64,p=0.1,seed=4,w=1:9";
  ASSERT_EQ(run_apsp("gen --spec " + spec + " -o " + path("g.txt"), kGuard).status, 0);
  ASSERT_EQ(run_apsp("solve " + path("g.txt") + " --backend cpu-blocked -q -o " + path("want.bin"), kGuard).status, 0);
  const std::string fifo = path("fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string apsp = APSP_CLI_PATH;
  // After the solve, the run history's fingerprint of the graph file opened the drained FIFO again and
  // waited for a writer that never came.
  for (const char* backend : {"auto", "cpu-blocked", "cpu-dijkstra"}) {
    SCOPED_TRACE(backend);
    fs::remove(path("out.bin"));
    const std::string output =
        shell_output(kGuard + " sh -c '(" + apsp + " gen --spec " + spec + " -o - > " + fifo + " 2>/dev/null &); " + apsp +
                     " solve " + fifo + " --format el -q --backend " + backend + " -o " + path("out.bin") + " 2>&1; echo status $?'");
    EXPECT_NE(output.find("status 0"), std::string::npos) << output;
    EXPECT_EQ(sha256_of(path("out.bin")), sha256_of(path("want.bin"))) << output;
  }
}

}  // namespace
}  // namespace apsp::test
