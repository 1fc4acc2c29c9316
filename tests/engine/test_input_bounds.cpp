// Endless or special inputs are read with a bound (devices refused unread, pipes up
// to a limit, a FIFO wait cancellable), and a tiny file declaring a huge n is refused for the whole solve's
// memory (not one matrix) before anything n x n exists.
#include <apsp/core/distance_matrix.h>
#include <apsp/core/errors.h>
#include <apsp/core/memory.h>
#include <apsp/core/solve_estimate.h>
#include <apsp/io/graph_io.h>
#include <apsp/io/graph_source.h>
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

#include "io_test_support.h"

namespace apsp {
namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

/// Writes @p bytes into the FIFO @p path from another thread (open blocks until the reader opens it).
std::thread feed_fifo(const std::string& path, std::string bytes) {
  return std::thread([path, bytes = std::move(bytes)] {
    const int fd = ::open(path.c_str(), O_WRONLY);
    if (fd < 0) return;
    std::size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t w = ::write(fd, bytes.data() + done, bytes.size() - done);
      if (w <= 0) break;
      done += static_cast<std::size_t>(w);
    }
    ::close(fd);
  });
}

/// The n whose i32 matrix (block 1) takes about @p share of the host memory available now.
std::int32_t n_for_share_of_memory(double share) {
  const double avail = static_cast<double>(host_available_bytes());
  return static_cast<std::int32_t>(std::sqrt(avail * share / 4.0));
}

/// In a death-test child: caps the address space (outside ASan, whose shadow memory needs more) and the time,
/// then reads /dev/zero; exits 0 only when it was refused at once as a character device, naming it. Code that
/// still reads it endlessly then fails the test instead of taking the machine's memory.
[[noreturn]] void read_dev_zero_capped(bool through_load_graph) {
#if !defined(__SANITIZE_ADDRESS__)
  rlimit cap{};
  cap.rlim_cur = cap.rlim_max = rlim_t{4} << 30;
  ::setrlimit(RLIMIT_AS, &cap);
#endif
  ::alarm(10);
  const auto t0 = Clock::now();
  try {
    if (through_load_graph)
      load_graph(GraphSource::file("/dev/zero"), {});
    else
      read_graph("/dev/zero");
  } catch (const InputError& e) {
    const bool named = std::string(e.what()).find("/dev/zero: is a character device") != std::string::npos;
    std::_Exit(named && seconds_since(t0) < 1.0 ? 0 : 3);
  } catch (...) {
    std::_Exit(4);
  }
  std::_Exit(5);
}

TEST(InputBounds, CharacterDeviceIsRefusedUnread) {
  // /dev/zero used to be read until memory ran out (reading it is harmless; it is never written).
  GTEST_FLAG_SET(death_test_style, "threadsafe");  // OpenMP threads of earlier tests may be alive
  EXPECT_EXIT(read_dev_zero_capped(false), ::testing::ExitedWithCode(0), "");
  EXPECT_EXIT(read_dev_zero_capped(true), ::testing::ExitedWithCode(0), "");
}

TEST(InputBounds, FifoIsReadUpToItsBound) {
  apsp_test::TempDir dir;
  const std::string fifo = dir.file("g.bin");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // A valid graph through a FIFO is read whole.
  std::thread writer = feed_fifo(fifo, apsp_test::le32({3, 1, 0, 2, 7}));
  const Graph g = read_graph(fifo).graph;
  writer.join();
  EXPECT_EQ(g.n, 3);
  ASSERT_EQ(g.m(), 1);
  EXPECT_EQ(g.edges[0].weight, 7);

  // More than the bound is refused at the bound, naming the file.
  GraphReadOptions capped;
  capped.max_stream_bytes = 4096;
  writer = feed_fifo(fifo, std::string(8192, '\0'));
  try {
    read_graph(fifo, capped);
    ADD_FAILURE() << "an over-long pipe was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("byte 4096"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(fifo), std::string::npos) << e.what();
  }
  writer.join();
}

TEST(InputBounds, WaitingForAFifoWriterIsCancellable) {
  apsp_test::TempDir dir;
  const std::string fifo = dir.file("nobody-writes.txt");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::atomic<bool> cancel{false};
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    cancel = true;
  });
  GraphLoadOptions options;
  options.cancel = &cancel;
  const auto t0 = Clock::now();
  try {
    load_graph(GraphSource::file(fifo), options);
    ADD_FAILURE() << "a FIFO without a writer loaded";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("cancelled"), std::string::npos) << e.what();
  }
  canceller.join();
  EXPECT_LT(seconds_since(t0), 2.0);  // the wait looks at the flag every 100 ms
}

TEST(SolveEstimate, CountsEveryHostCopyOfTheSolve) {
  const std::int64_t n = 1000;
  const std::uint64_t m32 = DistanceMatrix::required_bytes(n, 64, DType::I32);
  const std::uint64_t m16 = DistanceMatrix::required_bytes(n, 64, DType::I16);
  SolveShape cpu{"cpu-blocked", 64, DType::I32, 2, 1, false};
  EXPECT_EQ(estimate_solve(cpu, n, false).host_bytes, 2 * m32);  // input or result + the working copy
  EXPECT_EQ(estimate_solve(cpu, n, true).host_bytes, 3 * m32);   // + the negative-cycle input copy
  cpu.track_paths = true;
  EXPECT_EQ(estimate_solve(cpu, n, false).host_bytes, 4 * m32);  // + Π and its edge counts
  SolveShape i16{"cpu-naive", 64, DType::I16, 1, 1, true};
  EXPECT_EQ(estimate_solve(i16, n, false).host_bytes, 2 * m16 + m32);  // Π stays int32
  const SolveShape gpu{"cuda-tuned", 64, DType::I32, 0, 1, false};
  EXPECT_EQ(estimate_solve(gpu, n, false).host_bytes, m32);  // its working copy lives on the device
  EXPECT_EQ(estimate_solve(gpu, n, true).host_bytes, 2 * m32);
  EXPECT_EQ(estimate_solve(cpu, 0, true).host_bytes, 0u);
  EXPECT_EQ(estimate_solve(cpu, 2'000'000'000, true).host_bytes, UINT64_MAX);  // saturates, never wraps
}

TEST(SolveEstimate, TimeIsNCubedOverAConservativeRate) {
  const SolveShape naive{"cpu-naive", 64, DType::I32, 1, 1, false};
  const SolveShape blocked{"cpu-blocked", 64, DType::I32, 2, 1, false};
  const SolveEstimate a = estimate_solve(naive, 50000, false);
  EXPECT_DOUBLE_EQ(a.updates, 1.25e14);
  // README: cpu-naive measured 1.1-1.6 G updates/s, cpu-blocked 13-79 G on 2 threads: hours either way.
  EXPECT_LE(a.updates_per_second, 1.2e9);
  EXPECT_GT(a.seconds, 3600);
  EXPECT_GT(estimate_solve(blocked, 50000, false).seconds, 3600);
  EXPECT_LT(estimate_solve(blocked, 256, false).seconds, 1.0);
  const SolveShape two_gpus{"cuda-tuned", 128, DType::I32, 0, 2, false};
  const SolveShape one_gpu{"cuda-tuned", 128, DType::I32, 0, 1, false};
  EXPECT_NEAR(estimate_solve(one_gpu, 32768, false).seconds, 2 * estimate_solve(two_gpus, 32768, false).seconds, 1e-9);
  EXPECT_NE(a.describe("cpu-naive").find("days on cpu-naive"), std::string::npos) << a.describe("cpu-naive");
  const std::string text = estimate_solve(blocked, 50000, false).describe("cpu-blocked");
  EXPECT_NE(text.find("n = 50000, 18.6"), std::string::npos) << text;
  EXPECT_NE(text.find("about 4.3 h on cpu-blocked"), std::string::npos) << text;
  EXPECT_EQ(format_duration(90), "2 min");
  EXPECT_EQ(format_duration(4.25), "4.2 s");
}

TEST(LoadGraphMemory, TinyFileWhoseOneMatrixFitsButNotTheSolveIsRefused) {
  // Before: only one n x n matrix was counted, so this loaded and the CLI then filled a matrix of most of the
  // memory before refusing (14 GB, 60 s). The CPU solve needs that matrix twice.
  apsp_test::TempDir dir;
  const std::string path = dir.file("huge.bin");
  const std::int32_t n = n_for_share_of_memory(0.7);
  ASSERT_LT(DistanceMatrix::required_bytes(n, 64, DType::I32), host_available_bytes());
  apsp_test::write_bytes(path, apsp_test::le32({n, 0}));
  GraphLoadOptions cpu;
  cpu.block = 64;
  cpu.backend = "cpu-blocked";
  const auto t0 = Clock::now();
  try {
    load_graph(GraphSource::file(path), cpu);
    ADD_FAILURE() << "n = " << n << " was accepted";
  } catch (const OutOfMemoryError& e) {
    EXPECT_GT(e.required(), e.available());
    EXPECT_GE(e.required(), 2 * DistanceMatrix::required_bytes(n, 64, DType::I32));
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
  EXPECT_LT(seconds_since(t0), 2.0);
  // A generator spec is refused the same way, before any edge exists.
  EXPECT_THROW(load_graph(GraphSource::generator("ring:n=" + std::to_string(n)), cpu), OutOfMemoryError);
}

TEST(LoadGraphMemory, NegativeWeightsCountTheCycleRecoveryCopy) {
  apsp_test::TempDir dir;
  const std::int32_t n = n_for_share_of_memory(0.35);  // two matrices fit, three do not
  GraphLoadOptions cpu;
  cpu.backend = "cpu-blocked";
  const std::string positive = dir.file("positive.bin");
  apsp_test::write_bytes(positive, apsp_test::le32({n, 1, 0, 1, 5}));
  const LoadedGraph ok = load_graph(GraphSource::file(positive), cpu);  // loading allocates nothing n x n
  EXPECT_EQ(ok.estimate.n, n);
  EXPECT_EQ(ok.estimate.host_bytes, 2 * DistanceMatrix::required_bytes(n, 1, DType::I32));
  const std::string negative = dir.file("negative.bin");
  apsp_test::write_bytes(negative, apsp_test::le32({n, 1, 0, 1, -5}));
  EXPECT_THROW(load_graph(GraphSource::file(negative), cpu), OutOfMemoryError);
}

}  // namespace
}  // namespace apsp
