#pragma once
// Runs `apsp` in a shell and captures its exit status and combined output; temp dirs per test.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace apsp::test {

struct RunResult {
  int status = -1;
  std::string output;  // stdout + stderr
};

/// Runs `apsp ARGS` (stdout and stderr together); @p env, when given, is a prefix such as "APSP_FAULT=x".
inline RunResult run_apsp(const std::string& args, const std::string& env = "") {
  const std::string cmd = (env.empty() ? "" : env + " ") + std::string(APSP_CLI_PATH) + " " + args + " 2>&1";
  RunResult r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf{};
  std::size_t got;
  while ((got = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) r.output.append(buf.data(), got);
  const int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

/// Whether @p info_device, the result of `apsp info --device`, lists a CUDA device ("GPU 0: ..."); without one
/// it prints the reason instead.
inline bool lists_a_gpu(const RunResult& info_device) { return info_device.output.rfind("GPU ", 0) == 0; }
inline bool apsp_lists_a_gpu() { return lists_a_gpu(run_apsp("info --device")); }

/// The non-empty lines of @p text (a command's output), in order.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) out.push_back(line);
  return out;
}

inline std::string shell_output(const std::string& cmd) {
  std::string out;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return out;
  std::array<char, 4096> buf{};
  std::size_t got;
  while ((got = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) out.append(buf.data(), got);
  pclose(pipe);
  return out;
}

inline std::string sha256_of(const std::string& path) {
  const std::string out = shell_output("sha256sum '" + path + "'");
  return out.substr(0, 64);
}

inline std::string read_text(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

inline void write_bytes(const std::string& path, const std::vector<std::int32_t>& words, std::size_t extra_bytes = 0) {
  std::ofstream f(path, std::ios::binary);
  f.write(reinterpret_cast<const char*>(words.data()), static_cast<std::streamsize>(words.size() * 4));
  for (std::size_t i = 0; i < extra_bytes; ++i) f.put('\0');
}

/// Which of the child's streams go to the log file of spawn_apsp (the other, if any, stays the test's).
enum class ChildLog { StderrOnly, StdoutAndStderr };

/// Starts `apsp ARGS` as a child process with its output to @p log (created or emptied); returns its pid, for
/// tests that signal the process or watch it while it runs.
inline pid_t spawn_apsp(std::vector<std::string> args, const std::string& log, ChildLog streams) {
  args.insert(args.begin(), APSP_CLI_PATH);
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (streams == ChildLog::StdoutAndStderr) ::dup2(fd, 1);
    ::dup2(fd, 2);
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  return pid;
}

/// Waits up to @p limit for @p pid; returns the raw wait status, or -1 (and kills it) when it did not end.
inline int wait_for_exit(pid_t pid, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  int status = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    if (::waitpid(pid, &status, WNOHANG) == pid) return status;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ::kill(pid, SIGKILL);
  ::waitpid(pid, &status, 0);
  return -1;
}

class TempDir : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    // The process id too: two copies of the suite (two build trees) running at once must not share a directory.
    m_dir = std::filesystem::temp_directory_path() / ("apsp-cli-" + std::string(info->test_suite_name()) + "-" +
                                                      info->name() + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(m_dir);
    std::filesystem::create_directories(m_dir);
    // apsp appends every solve to the run history: keep it beside this test's directory (tests list that one),
    // never in the user's.
    m_data_home = m_dir.string() + "-data-home";
    std::filesystem::remove_all(m_data_home);
    ::setenv("XDG_DATA_HOME", m_data_home.c_str(), 1);
  }
  void TearDown() override {
    std::filesystem::remove_all(m_dir);
    std::filesystem::remove_all(m_data_home);
  }
  std::string path(const std::string& name) const { return (m_dir / name).string(); }

 private:
  std::filesystem::path m_dir;
  std::filesystem::path m_data_home;
};

}  // namespace apsp::test
