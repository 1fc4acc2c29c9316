// AtomicFile never destroys what stands at the path: symbolic links are followed, special
// files are written straight through, a replaced file keeps its mode and owner, long names work, and neither
// a failure nor a kill leaves a temporary file behind. Every case runs with the unnamed (O_TMPFILE)
// temporary and with the named fallback for file systems that refuse it.
#include <apsp/core/errors.h>
#include <apsp/io/atomic_file.h>

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "io/atomic_file_testing.h"
#include "io_test_support.h"

namespace apsp {
namespace {

namespace fs = std::filesystem;
using apsp_test::read_bytes;
using apsp_test::TempDir;
using apsp_test::write_bytes;

std::set<std::string> entries(const TempDir& dir) {
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir.path())) names.insert(e.path().filename().string());
  return names;
}

void write_whole(const std::string& path, const std::string& bytes) {
  AtomicFile f(path);
  f.write(bytes);
  f.commit();
}

struct stat stat_of(const std::string& path) {
  struct stat st {};
  EXPECT_EQ(::lstat(path.c_str(), &st), 0) << path;
  return st;
}

/// Runs each test with the unnamed temporary (param true) and with the named fallback (false).
class AtomicFileTest : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override { m_previous = io_detail::set_unnamed_temp_files_enabled(GetParam()); }
  void TearDown() override { io_detail::set_unnamed_temp_files_enabled(m_previous); }
  TempDir dir;

 private:
  bool m_previous = true;
};

TEST_P(AtomicFileTest, NewAndReplacedRegularFiles) {
  const std::string path = dir.file("out.bin");
  write_whole(path, "first");
  EXPECT_EQ(read_bytes(path), "first");
  write_whole(path, "second, longer");
  EXPECT_EQ(read_bytes(path), "second, longer");
  EXPECT_EQ(entries(dir), std::set<std::string>{"out.bin"});
}

TEST_P(AtomicFileTest, SymlinkStaysALinkAndItsTargetIsReplaced) {
  write_bytes(dir.file("target.bin"), "old");
  fs::create_symlink("target.bin", dir.path() / "link.bin");           // relative
  fs::create_symlink(dir.file("link.bin"), dir.path() / "chain.bin");  // absolute, to a link
  write_whole(dir.file("chain.bin"), "new contents");
  EXPECT_TRUE(fs::is_symlink(dir.path() / "link.bin"));
  EXPECT_TRUE(fs::is_symlink(dir.path() / "chain.bin"));
  EXPECT_EQ(fs::read_symlink(dir.path() / "link.bin"), "target.bin");
  EXPECT_EQ(read_bytes(dir.file("target.bin")), "new contents");
  EXPECT_EQ(entries(dir), (std::set<std::string>{"chain.bin", "link.bin", "target.bin"}));
}

TEST_P(AtomicFileTest, DanglingSymlinkCreatesItsTarget) {
  fs::create_symlink("made.bin", dir.path() / "link.bin");
  write_whole(dir.file("link.bin"), "made");
  EXPECT_TRUE(fs::is_symlink(dir.path() / "link.bin"));
  EXPECT_EQ(read_bytes(dir.file("made.bin")), "made");
}

TEST_P(AtomicFileTest, FifoIsWrittenThroughNotReplaced) {
  const std::string fifo = dir.file("pipe");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // The reader end is open before the writer, so the writer's open does not block, and a writer that
  // replaced the FIFO instead would leave the reader at end-of-file: the test fails instead of hanging.
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  std::string payload(3 << 20, '\0');  // far more than a pipe holds: it streams while the thread reads
  for (std::size_t i = 0; i < payload.size(); ++i) payload[i] = static_cast<char>(i * 7 + i / 4093);
  {
    AtomicFile f(fifo);
    ASSERT_EQ(::fcntl(reader, F_SETFL, 0), 0);  // blocking reads from here on
    std::string got;
    std::thread drain([&] {
      char buf[1 << 16];
      ssize_t n;
      while ((n = ::read(reader, buf, sizeof buf)) > 0) got.append(buf, static_cast<std::size_t>(n));
    });
    f.write(payload);
    f.commit();
    drain.join();
    EXPECT_EQ(got.size(), payload.size());
    EXPECT_TRUE(got == payload);
  }
  ::close(reader);
  EXPECT_TRUE(S_ISFIFO(stat_of(fifo).st_mode));
  EXPECT_EQ(entries(dir), std::set<std::string>{"pipe"});
}

TEST_P(AtomicFileTest, FifoWithoutAReaderIsRefusedAtOnce) {
  // It used to block until a reader came (forever, in the studio's export). A child tries, so that a blocking
  // open fails this test after 5 s instead of hanging it.
  const std::string fifo = dir.file("lonely");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    try {
      AtomicFile f(fifo);
      ::_exit(1);  // opened: nobody reads, so this would be a lie
    } catch (const UsageError& e) {
      ::_exit(std::string(e.what()).find("no reader") != std::string::npos ? 0 : 2);
    } catch (...) {
      ::_exit(3);
    }
  }
  int status = 0;
  pid_t done = 0;
  for (int i = 0; i < 500 && done == 0; ++i) {
    done = ::waitpid(child, &status, WNOHANG);
    if (done == 0) ::usleep(10000);
  }
  if (done == 0) {
    ::kill(child, SIGKILL);
    ::waitpid(child, &status, 0);
    FAIL() << "opening a FIFO without a reader blocked for 5 s";
  }
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: opened anyway, 2: another message, 3: another error";
  EXPECT_TRUE(S_ISFIFO(stat_of(fifo).st_mode));
}

TEST_P(AtomicFileTest, CharacterDeviceIsWrittenThroughNotReplaced) {
  const std::string null = dir.file("null");
  if (::mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) GTEST_SKIP() << "mknod not permitted here";
  write_whole(null, std::string(1 << 20, 'x'));
  const struct stat st = stat_of(null);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
  EXPECT_EQ(st.st_rdev, makedev(1, 3));
  EXPECT_EQ(entries(dir), std::set<std::string>{"null"});
}

TEST_P(AtomicFileTest, DirectoryBlockDeviceAndForeignProcFilesAreRefused) {
  fs::create_directory(dir.path() / "sub");
  EXPECT_THROW(AtomicFile(dir.file("sub")), UsageError);
  EXPECT_TRUE(fs::is_directory(dir.path() / "sub"));
  // /proc/self/comm is writable by the process itself: writing an export there would rename the process.
  const std::string comm = read_bytes("/proc/self/comm");
  EXPECT_THROW(AtomicFile("/proc/self/comm"), UsageError);
  EXPECT_EQ(read_bytes("/proc/self/comm"), comm);
  const std::string block = dir.file("loop");
  if (::mknod(block.c_str(), S_IFBLK | 0600, makedev(7, 0)) != 0) GTEST_SKIP() << "mknod not permitted here";
  EXPECT_THROW(AtomicFile{block}, UsageError);
  EXPECT_TRUE(S_ISBLK(stat_of(block).st_mode));
}

// What /dev/stdout and /dev/fd/N resolve to: this process's descriptor, written through a duplicate.
TEST_P(AtomicFileTest, OwnDescriptorIsWrittenThroughKeepingItsOffset) {
  const std::string path = dir.file("log.txt");
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::write(fd, "head ", 5), 5);
  const ino_t inode = stat_of(path).st_ino;
  write_whole("/proc/self/fd/" + std::to_string(fd), "tail");
  ASSERT_EQ(::write(fd, " more", 5), 5);  // the descriptor is still ours and still open
  ::close(fd);
  EXPECT_EQ(read_bytes(path), "head tail more");
  EXPECT_EQ(stat_of(path).st_ino, inode);

  int pipe_fds[2];
  ASSERT_EQ(::pipe(pipe_fds), 0);
  write_whole("/dev/fd/" + std::to_string(pipe_fds[1]), "through the pipe");
  ::close(pipe_fds[1]);
  char buf[64] = {};
  EXPECT_EQ(::read(pipe_fds[0], buf, sizeof buf), 16);
  ::close(pipe_fds[0]);
  EXPECT_STREQ(buf, "through the pipe");
  EXPECT_EQ(entries(dir), std::set<std::string>{"log.txt"});
}

TEST_P(AtomicFileTest, ReplacedFileKeepsItsModeAndNewFilesFollowTheUmask) {
  const std::string path = dir.file("private.bin");
  write_bytes(path, "old");
  ASSERT_EQ(::chmod(path.c_str(), 0600), 0);
  write_whole(path, "new");
  EXPECT_EQ(stat_of(path).st_mode & 07777, 0600u);
  ASSERT_EQ(::chmod(path.c_str(), 0751), 0);
  write_whole(path, "newer");
  EXPECT_EQ(stat_of(path).st_mode & 07777, 0751u);

  const mode_t old_umask = ::umask(027);
  write_whole(dir.file("fresh.bin"), "x");
  ::umask(old_umask);
  EXPECT_EQ(stat_of(dir.file("fresh.bin")).st_mode & 07777, 0640u);
}

TEST_P(AtomicFileTest, ReplacedFileKeepsItsOwnerWhenRoot) {
  if (::geteuid() != 0) GTEST_SKIP() << "only root may give a file to another owner";
  const std::string path = dir.file("owned.bin");
  write_bytes(path, "old");
  ASSERT_EQ(::chown(path.c_str(), 4321, 4322), 0);
  write_whole(path, "new");
  const struct stat st = stat_of(path);
  EXPECT_EQ(st.st_uid, 4321u);
  EXPECT_EQ(st.st_gid, 4322u);
}

TEST_P(AtomicFileTest, NamesUpToTheFileSystemLimitWork) {
  for (const std::size_t length : {245u, 250u, 255u}) {
    const std::string name(length, 'n');
    write_whole(dir.file(name), "long");
    write_whole(dir.file(name), "longer");  // a replace needs the temporary beside it
    EXPECT_EQ(read_bytes(dir.file(name)), "longer");
  }
  EXPECT_EQ(entries(dir).size(), 3u);
}

TEST_P(AtomicFileTest, FailedWriteLeavesTheOldFileAndNoTemporary) {
  const std::string path = dir.file("out.bin");
  write_bytes(path, "old contents");
  try {
    AtomicFile f(path);
    f.write(std::string(1 << 20, 'n'));
    throw std::runtime_error("simulated failure");
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(read_bytes(path), "old contents");
  EXPECT_EQ(entries(dir), std::set<std::string>{"out.bin"});
}

TEST_P(AtomicFileTest, WriteProtectedFileIsRefusedAndKept) {
  // No write bit at all: refused for every user, root too (for root access(W_OK) would always succeed).
  const std::string path = dir.file("keep.bin");
  write_bytes(path, "old");
  ASSERT_EQ(::chmod(path.c_str(), 0444), 0);
  const std::string link = dir.file("link.bin");
  ASSERT_EQ(::symlink("keep.bin", link.c_str()), 0);
  for (const std::string& target : {path, link}) {
    try {
      write_whole(target, "new");
      ADD_FAILURE() << target << ": a write-protected file was replaced";
    } catch (const UsageError& e) {
      EXPECT_EQ(std::string(e.what()), target + ": is write-protected; remove it or chmod u+w to replace it");
    }
  }
  EXPECT_EQ(read_bytes(path), "old");
  EXPECT_EQ(stat_of(path).st_mode & 07777, 0444u);
  EXPECT_EQ(entries(dir), (std::set<std::string>{"keep.bin", "link.bin"}));
  ASSERT_EQ(::chmod(path.c_str(), 0644), 0);  // one write bit is enough to replace it again
  write_whole(path, "new");
  EXPECT_EQ(read_bytes(path), "new");
}

std::vector<std::string> g_durability_steps;
void record_durability_step(const char* step, const std::string&) { g_durability_steps.emplace_back(step); }

TEST_P(AtomicFileTest, CommitSyncsTheFileBeforeTheRenameAndTheDirectoryAfter) {
  g_durability_steps.clear();
  const io_detail::DurabilityObserver previous = io_detail::set_durability_observer(&record_durability_step);
  write_whole(dir.file("new.bin"), "fresh");
  write_bytes(dir.file("old.bin"), "old");
  write_whole(dir.file("old.bin"), "replaced");
  const std::vector<std::string> files = g_durability_steps;
  // Written straight through (a pipe's descriptor): nothing to sync, nothing renamed.
  g_durability_steps.clear();
  int pipe_fds[2];
  ASSERT_EQ(::pipe(pipe_fds), 0);
  write_whole("/proc/self/fd/" + std::to_string(pipe_fds[1]), "through");
  ::close(pipe_fds[0]);
  ::close(pipe_fds[1]);
  io_detail::set_durability_observer(previous);
  const std::vector<std::string> one = {"sync file", "rename", "sync directory"};
  std::vector<std::string> both = one;
  both.insert(both.end(), one.begin(), one.end());
  EXPECT_EQ(files, both);
  EXPECT_TRUE(g_durability_steps.empty());
}

/// Forks a child that replaces @p path with an endless stream of megabytes, waits until it has written
/// several, sends @p sig and returns the child's wait status.
int kill_writer_mid_write(const std::string& path, int sig) {
  int ready[2];
  if (::pipe(ready) != 0) return -1;
  const pid_t child = ::fork();
  if (child == 0) {
    ::close(ready[0]);
    // A background job starts with SIGINT ignored; the promise is for the default action.
    ::signal(sig, SIG_DFL);
    try {
      AtomicFile f(path);
      const std::string chunk(1 << 20, 'k');
      for (int mb = 0;; ++mb) {
        f.write(chunk);
        if (mb == 8 && ::write(ready[1], "r", 1) != 1) ::_exit(3);
      }
    } catch (...) {
      ::_exit(4);
    }
  }
  ::close(ready[1]);
  char byte = 0;
  const bool started = ::read(ready[0], &byte, 1) == 1;
  ::close(ready[0]);
  ::kill(child, sig);
  int status = 0;
  for (int tries = 0; tries < 1000 && ::waitpid(child, &status, WNOHANG) == 0; ++tries) ::usleep(10000);
  if (::waitpid(child, &status, WNOHANG) == 0) {  // it ignored the signal: do not hang the test
    ::kill(child, SIGKILL);
    ::waitpid(child, &status, 0);
    return -1;
  }
  return started ? status : -1;
}

TEST_P(AtomicFileTest, InterruptedWriterLeavesNoTemporary) {
  const std::string path = dir.file("out.bin");
  write_bytes(path, "old contents");
  for (const int sig : {SIGTERM, SIGINT}) {
    const int status = kill_writer_mid_write(path, sig);
    ASSERT_TRUE(WIFSIGNALED(status)) << "status " << status;
    EXPECT_EQ(WTERMSIG(status), sig);
    EXPECT_EQ(read_bytes(path), "old contents");
    EXPECT_EQ(entries(dir), std::set<std::string>{"out.bin"}) << "signal " << sig;
  }
}

TEST_P(AtomicFileTest, KilledWriterLeavesNoTemporary) {
  if (!GetParam()) GTEST_SKIP() << "a named temporary cannot outlive SIGKILL cleanly; only O_TMPFILE can";
  const int probe = ::open(dir.path().c_str(), O_TMPFILE | O_WRONLY, 0600);
  if (probe < 0) GTEST_SKIP() << "this file system refuses O_TMPFILE";
  ::close(probe);
  const std::string path = dir.file("out.bin");
  write_bytes(path, "old contents");
  const int status = kill_writer_mid_write(path, SIGKILL);
  ASSERT_TRUE(WIFSIGNALED(status)) << "status " << status;
  EXPECT_EQ(read_bytes(path), "old contents");
  EXPECT_EQ(entries(dir), std::set<std::string>{"out.bin"});
}

INSTANTIATE_TEST_SUITE_P(Temporaries, AtomicFileTest, ::testing::Values(true, false),
                         [](const ::testing::TestParamInfo<bool>& info) { return info.param ? "Unnamed" : "Named"; });

}  // namespace
}  // namespace apsp
