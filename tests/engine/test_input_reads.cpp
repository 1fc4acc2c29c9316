// Reading inputs that change or block under the reader: a file truncated while it is mapped is one InputError
// (not SIGBUS), a pipe is read once and parsed as often as needed, a wait on a FIFO ends at SIGINT, a runs file
// that is a FIFO is refused instead of waited on, and a file of blank lines reserves nothing for them.
#include <apsp/core/errors.h>
#include <apsp/core/fault_injection.h>
#include <apsp/core/stop_signal.h>
#include <apsp/history/runs_file.h>
#include <apsp/io/distance_io.h>
#include <apsp/io/graph_io.h>
#include <apsp/io/graph_source.h>
#include <gtest/gtest.h>

#include <csignal>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

#include "io/graph_formats.h"
#include "io/mapped_file.h"
#include "io_test_support.h"

namespace apsp {
namespace {

using apsp_test::TempDir;
using apsp_test::write_bytes;

/// An edge list of several pages, so that a truncation lands in the middle of the parse.
std::string edge_list_text(int lines) {
  std::string text;
  for (int i = 0; i < lines; ++i) text += std::to_string(i % 97) + " " + std::to_string((i * 7) % 97) + " " + std::to_string(i % 9 + 1) + "\n";
  return text;
}

/// Arms @p spec for one scope; disarms on the way out, whatever happens.
struct ArmedFaults {
  explicit ArmedFaults(const std::string& spec) { set_faults(spec); }
  ~ArmedFaults() { set_faults(""); }
};

TEST(TruncatedInput, AMappingThatLosesItsFileReadsZerosAndSaysSo) {
  TempDir dir;
  const std::string path = dir.file("g.txt");
  write_bytes(path, std::string(5 * 4096, 'x'));
  const io_detail::MappedFile file(path);
  EXPECT_FALSE(file.truncated());
  ASSERT_EQ(::truncate(path.c_str(), 100), 0);
  // Every byte past the new end raised SIGBUS before; now the pages past it read as zeros.
  std::size_t zeros = 0;
  for (std::size_t i = 0; i < file.size(); ++i) zeros += file.data()[i] == 0;
  EXPECT_GE(zeros, file.size() - 4096);
  EXPECT_TRUE(file.truncated());
  EXPECT_THROW_AT(file.throw_if_truncated(), InputError, path, "changed size while it was read");
}

TEST(TruncatedInput, EveryReaderThrowsOneLineInsteadOfAResult) {
  TempDir dir;
  const std::string graph = dir.file("g.txt");
  write_bytes(graph, edge_list_text(3000));
  const std::string distances = dir.file("d.csv");
  write_distances(distances, DenseDistances{2, {0, 1, 2, 0}});
  for (const char* spec : {"input_truncated", "input_truncated:1"}) {
    SCOPED_TRACE(spec);
    {
      const ArmedFaults armed(spec);
      EXPECT_THROW_AT(read_graph(graph), InputError, graph, "changed size while it was read");
    }
    {
      const ArmedFaults armed(spec);
      EXPECT_THROW_AT(read_distances(distances), InputError, distances, "changed size while it was read");
    }
  }
  // The same files read whole again once nothing shrinks them (the guard's slot and flag are reused clean).
  EXPECT_EQ(read_graph(graph).graph.m(), 3000);
  EXPECT_EQ(read_distances(distances).n, 2);
}

TEST(TruncatedInput, ABusErrorOutsideAnyInputStillEndsTheProcess) {
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";  // earlier tests may have left worker threads
  TempDir dir;
  const std::string path = dir.file("other.bin");
  write_bytes(path, std::string(2 * 4096, 'x'));
  { const io_detail::MappedFile installs_the_guard(path); }
  EXPECT_DEATH(
      {
        const int fd = ::open(path.c_str(), O_RDWR);
        auto* p = static_cast<volatile unsigned char*>(::mmap(nullptr, 2 * 4096, PROT_READ, MAP_SHARED, fd, 0));
        if (::ftruncate(fd, 0) != 0) std::abort();
        std::printf("%d\n", p[4096]);  // not an input's mapping: the guard leaves it to SIGBUS's own action
        std::fflush(stdout);
        ::_exit(0);
      },
      "");
}

TEST(StreamInput, AWaitForAWriterEndsAtTheStopSignal) {
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  TempDir dir;
  const std::string fifo = dir.file("f");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // In a child: the stop request, once raised, stays for the rest of the process.
  EXPECT_EXIT(
      {
        ::alarm(20);  // a wait that never ends fails the test by SIGALRM instead of hanging it
        install_stop_signal_handlers();
        std::thread([] {
          std::this_thread::sleep_for(std::chrono::milliseconds(200));
          ::kill(::getpid(), SIGINT);
        }).detach();
        try {
          const io_detail::MappedFile file(fifo);  // no writer ever comes
        } catch (const InterruptedError& e) {
          std::fprintf(stderr, "%s\n", e.what());
          ::_exit(exit_code(e));
        }
        ::_exit(0);
      },
      ::testing::ExitedWithCode(128 + SIGINT), "interrupted by SIGINT");
}

TEST(StreamInput, APipeIsReadOnceAndParsedByEveryLoad) {
  TempDir dir;
  const std::string fifo = dir.file("g.txt");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string text = edge_list_text(500);
  std::thread writer([&] {
    const int fd = ::open(fifo.c_str(), O_WRONLY);
    if (fd < 0) return;
    const ssize_t wrote = ::write(fd, text.data(), text.size());
    (void)wrote;
    ::close(fd);
  });
  const GraphSource source = read_input_once(GraphSource::file(fifo));
  writer.join();
  ASSERT_TRUE(source.contents);
  EXPECT_EQ(source.contents->size(), text.size());
  GraphLoadOptions options;
  const LoadedGraph first = load_graph(source, options);
  const LoadedGraph second = load_graph(source, options);  // the FIFO itself is empty by now
  EXPECT_EQ(first.graph.m(), 500);
  EXPECT_TRUE(apsp_test::same_edges(first.graph, second.graph));
}

TEST(StreamInput, RegularFilesAndGeneratorsAreNotCopied) {
  TempDir dir;
  const std::string path = dir.file("g.txt");
  write_bytes(path, edge_list_text(10));
  EXPECT_FALSE(read_input_once(GraphSource::file(path)).contents);
  EXPECT_FALSE(read_input_once(GraphSource::generator("ring:n=8")).contents);
  // A path that cannot be read is left to the load's own message.
  EXPECT_FALSE(read_input_once(GraphSource::file(dir.file("missing.txt"))).contents);
}

TEST(RunsFile, AFifoIsRefusedNotWaitedOn) {
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  TempDir dir;
  const std::filesystem::path fifo = dir.path() / "runs.jsonl";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // In a child with an alarm: before, both calls waited for another program forever.
  EXPECT_EXIT(
      {
        ::alarm(20);
        try {
          read_runs(fifo);
        } catch (const Error& e) {
          std::fprintf(stderr, "%s\n", e.what());
          ::_exit(3);
        }
        ::_exit(0);
      },
      ::testing::ExitedWithCode(3), "runs.jsonl: is not a regular file \\(a FIFO\\)");
  EXPECT_EXIT(
      {
        ::alarm(20);
        try {
          append_run(fifo, RunRecord{});
        } catch (const Error& e) {
          std::fprintf(stderr, "%s\n", e.what());
          ::_exit(3);
        }
        ::_exit(0);
      },
      ::testing::ExitedWithCode(3), "runs.jsonl: is not a regular file");
}

TEST(EdgeListReservation, BlankLinesAndCommentsReserveNothing) {
  EXPECT_EQ(io_detail::edge_line_bound(""), 0u);
  EXPECT_EQ(io_detail::edge_line_bound("\n\n   \n\t\r\n"), 0u);
  EXPECT_EQ(io_detail::edge_line_bound("# n=4\n% c\n  # c\n0 1\n 2 3 4\n1,2"), 3u);
  TempDir dir;
  const std::string path = dir.file("blank.txt");
  // A 700 MB file like this one reserved 12 bytes per newline (8 GB) and ended in a bare "out of memory".
  write_bytes(path, std::string(200000, '\n') + "0 1 5\n" + std::string(200000, '\n'));
  const GraphReadResult r = read_graph(path);
  EXPECT_EQ(r.graph.m(), 1);
  EXPECT_LE(r.graph.edges.capacity(), 1u);
  const std::string blank = dir.file("only-blank.txt");
  write_bytes(blank, std::string(200000, '\n'));
  EXPECT_THROW_AT(read_graph(blank), InputError, blank, "nothing to read");
}

}  // namespace
}  // namespace apsp
