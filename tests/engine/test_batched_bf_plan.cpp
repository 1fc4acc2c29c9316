// cuda-batched-bf without a GPU: how it sizes its batches, its one-line refusal when not even one chunk fits,
// its reverse CSR, the parallel copy of its copy-out, and how the registry lists and checks it.
#include <apsp/core/errors.h>
#include <apsp/device/device_info.h>
#include <apsp/graph/generators.h>
#include <apsp/solve/sparse_registry.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <numeric>

#include "solve/batched_bf_plan.h"
#include "solve/parallel_copy.h"

namespace apsp {
namespace {

using detail::batched_bf_device_bytes;
using detail::plan_batched_bf;

constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;
constexpr std::uint64_t kL2 = 50ull << 20;  // an H100's L2

TEST(BatchedBfPlan, AutomaticBatchFillsL2AndKeepsTheGpuBusy) {
  // n = 16384: 3/4 of 50 MiB holds 600 int32 rows of 16384 -> 512 sources (whole 128-source chunks).
  const detail::BatchedBfPlan p = plan_batched_bf(16384, 134000, 16384, 128, 0, 100 * kGiB, kL2);
  EXPECT_EQ(p.batch, 512);
  EXPECT_EQ(p.batches, 32);
  EXPECT_EQ(p.device_bytes, batched_bf_device_bytes(16384, 134000, 512, 128));
  // A million vertices: L2 holds less than a chunk, so the busy-GPU floor decides (65536 items of 128 sources).
  EXPECT_EQ(plan_batched_bf(1 << 20, 8 << 20, 1024, 128, 0, 100 * kGiB, kL2).batch, 128);
  // Few sources: one batch of them, rounded up to a chunk.
  const detail::BatchedBfPlan few = plan_batched_bf(16384, 134000, 10, 32, 0, 100 * kGiB, kL2);
  EXPECT_EQ(few.batch, 32);
  EXPECT_EQ(few.batches, 1);
}

TEST(BatchedBfPlan, RequestedBatchIsRoundedToChunksAndLimitedBySources) {
  EXPECT_EQ(plan_batched_bf(1000, 5000, 1000, 64, 100, 100 * kGiB, kL2).batch, 128);
  const detail::BatchedBfPlan p = plan_batched_bf(1000, 5000, 300, 32, 50, 100 * kGiB, kL2);
  EXPECT_EQ(p.batch, 64);
  EXPECT_EQ(p.batches, 5);  // 4 x 64 + 44: the last batch does not fill its chunks
  EXPECT_EQ(plan_batched_bf(1000, 5000, 300, 128, 100000, 100 * kGiB, kL2).batch, 384);
}

TEST(BatchedBfPlan, ShrinksToTheDeviceMemory) {
  // 2^20 vertices: a 128-source chunk takes about 1.6 GiB (distances, two row blocks, stamps, lists), so 4 GiB
  // hold two chunks.
  const std::uint64_t free_bytes = 4 * kGiB;
  const detail::BatchedBfPlan p = plan_batched_bf(1 << 20, 8 << 20, 1 << 20, 128, 4096, free_bytes, kL2);
  EXPECT_EQ(p.batch, 256);
  EXPECT_EQ(p.batch % 128, 0);
  EXPECT_LE(p.device_bytes, free_bytes / 10 * 9);
  EXPECT_GT(batched_bf_device_bytes(1 << 20, 8 << 20, p.batch + 128, 128), free_bytes / 10 * 9);
}

TEST(BatchedBfPlan, RefusesInOneLineWhenOneChunkDoesNotFit) {
  try {
    plan_batched_bf(1 << 20, 8 << 20, 1024, 128, 0, 256ull << 20, kL2);
    FAIL() << "expected OutOfMemoryError";
  } catch (const OutOfMemoryError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    EXPECT_NE(what.find("cuda-batched-bf"), std::string::npos) << what;
    EXPECT_NE(what.find("128 sources"), std::string::npos) << what;
    EXPECT_EQ(e.required(), batched_bf_device_bytes(1 << 20, 8 << 20, 128, 128));
  }
}

TEST(BatchedBfPlan, WorkListItemsStayWithin32Bits) {
  // 2^27 vertices: only 31 chunks of items fit in 32 bits, so even a huge request stays below that.
  const std::int64_t n = std::int64_t{1} << 27;
  const detail::BatchedBfPlan p = plan_batched_bf(n, 0, 1 << 20, 32, 1 << 20, std::uint64_t{1} << 50, kL2);
  EXPECT_LE(static_cast<std::uint64_t>(p.batch / 32) * static_cast<std::uint64_t>(n), 0xFFFFFFFFull);
  EXPECT_GE(p.batch, 32);
}

TEST(BatchedBfPlan, ReverseCsrListsInEdgesByIncreasingSource) {
  Graph g;
  g.n = 4;
  g.edges = {{2, 1, 5}, {0, 1, 3}, {3, 0, -1}, {0, 2, 7}, {1, 3, 2}, {2, 1, 9}};  // parallel 2->1: lightest kept
  const CsrGraph csr = to_csr(g);
  const detail::ReverseCsr r = detail::reverse_csr(csr);
  EXPECT_EQ(r.offsets, (std::vector<std::int32_t>{0, 1, 3, 4, 5}));
  EXPECT_EQ(r.sources, (std::vector<std::int32_t>{3, 0, 2, 0, 1}));
  EXPECT_EQ(r.weights, (std::vector<std::int32_t>{-1, 3, 5, 7, 2}));
}

TEST(BatchedBfPlan, ParallelCopyCopiesEveryByte) {
  for (std::size_t bytes : {std::size_t{0}, std::size_t{1000}, (std::size_t{9} << 20) + 123}) {
    std::vector<unsigned char> src(bytes), dst(bytes, 0);
    std::iota(src.begin(), src.end(), static_cast<unsigned char>(7));
    detail::parallel_copy(dst.data(), src.data(), bytes, 3);
    EXPECT_EQ(dst, src) << bytes;
  }
}

TEST(BatchedBfRegistry, IsListedWithItsReasonAndChecksItsKnobs) {
  const auto list = list_sparse_backends();
  const auto it =
      std::find_if(list.begin(), list.end(), [](const SparseBackendInfo& b) { return b.name == "cuda-batched-bf"; });
  ASSERT_NE(it, list.end());
  EXPECT_TRUE(it->gpu);
  EXPECT_TRUE(is_sparse_backend("cuda-batched-bf"));
  EXPECT_EQ(it->available, cuda_device_count() > 0);
  if (!it->available) {
    EXPECT_FALSE(it->unavailable_reason.empty());
    EXPECT_THROW(create_sparse_solver("cuda-batched-bf", {}), UnavailableError);
  }
  SparseSolverOptions o;
  o.chunk = 48;
  EXPECT_THROW(create_sparse_solver("cuda-batched-bf", o), UsageError);
  o.chunk = 64;
  o.batch = -1;
  EXPECT_THROW(create_sparse_solver("cuda-batched-bf", o), UsageError);
  o.batch = limits::kMaxBatch + 1;
  EXPECT_THROW(create_sparse_solver("cuda-batched-bf", o), UsageError);
}

}  // namespace
}  // namespace apsp
