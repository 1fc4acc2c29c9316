// Fault injection on the GPU (label "gpu", skipped without a device): a device allocation that fails
// at the first and at a later allocation of cuda-tuned's load, NCCL initialization failing, and a peer copy
// failing in the middle of a multi-GPU solve. Each is the error the real failure gives (OutOfMemoryError,
// NCCL's or CUDA's message), the solver is left unloaded or reusable, a later solve in the same process with
// the fault cleared gives the right distances, and no device memory stays allocated.
#include <apsp/core/errors.h>
#include <apsp/core/fault_injection.h>
#include <apsp/device/device_info.h>

#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "cuda_test_support.h"
#include "device/band_comm.cuh"
#include "solve/cuda/multi_gpu_solver.h"

namespace apsp {
namespace {

using test::first_difference;

class CudaFaults : public ::testing::Test {
 protected:
  void TearDown() override { set_faults(""); }
};

/// Free memory of device 0 once everything issued has finished.
std::size_t free_device_bytes() {
  EXPECT_EQ(cudaSetDevice(0), cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  std::size_t free_bytes = 0, total = 0;
  EXPECT_EQ(cudaMemGetInfo(&free_bytes, &total), cudaSuccess);
  return free_bytes;
}

std::unique_ptr<Solver> make_tuned(int block) {
  SolverOptions o;
  o.block = block;
  return create_solver("cuda-tuned", o);
}

std::vector<std::int64_t> solve_fully(Solver& s, const DistanceMatrix& initial) {
  s.reset(initial);
  s.step(Granularity::ToEnd);
  EXPECT_TRUE(s.finished());
  return test::current(s);
}

// n = 2000 at B = 128: a 2048 x 2048 int32 device matrix (16 MiB) and 1 MiB panels, so a leaked allocation of
// any of them shows in cudaMemGetInfo beyond the tolerance.
constexpr int kN = 2000;
constexpr int kBlock = 128;
constexpr std::size_t kLeakTolerance = 512 * 1024;

Graph leak_check_graph() {
  test::RandomGraphOptions o;
  o.density = 0.004;
  o.w_lo = 1;
  o.w_hi = 100;
  return test::random_graph(kN, 11, o);
}

TEST_F(CudaFaults, DeviceAllocFailureFirstAndMidLoadLeavesTunedReusable) {
  APSP_REQUIRE_GPU();
  const DistanceMatrix initial = to_distance_matrix(leak_check_graph(), kBlock, DType::I32);
  std::vector<std::int64_t> expected;
  {
    auto warm = make_tuned(kBlock);  // context, lazily loaded kernels: what a leak check must not count
    expected = solve_fully(*warm, initial);
  }
  // 1: the distance matrix; 3: a row panel, with the matrix and a column panel already on the device.
  for (const char* spec : {"device_alloc:1", "device_alloc:3"}) {
    SCOPED_TRACE(spec);
    // Free memory is the device's, and other test processes (ctest -j) allocate on it too: a real leak shows in
    // every cycle, another process's allocation only now and then, so the cycle may run up to three times.
    std::size_t leaked = 0;
    for (int attempt = 0; attempt < 3; ++attempt) {
      const std::size_t free_before = free_device_bytes();
      {
        auto s = make_tuned(kBlock);
        set_faults(spec);
        try {
          s->reset(initial);
          ADD_FAILURE() << "no error from the failed allocation";
        } catch (const OutOfMemoryError& e) {
          EXPECT_NE(std::string(e.what()).find("cuda-tuned"), std::string::npos) << e.what();
          EXPECT_EQ(exit_code(e), 4);
        }
        EXPECT_GE(fault_hits(FaultPoint::DeviceAlloc), 1u);
        EXPECT_THROW(s->step(Granularity::Round), UsageError) << "a failed reset must leave the solver unloaded";
        set_faults("");
        const std::vector<std::int64_t> got = solve_fully(*s, initial);  // the same solver, the same process
        EXPECT_EQ(first_difference(got, expected, kN), "");
      }
      const std::size_t free_after = free_device_bytes();
      leaked = free_before > free_after ? free_before - free_after : 0;
      if (leaked <= kLeakTolerance) break;
    }
    EXPECT_LE(leaked, kLeakTolerance) << "device memory not returned in three cycles (last: " << leaked << " bytes)";
  }
}

TEST_F(CudaFaults, DeviceAllocFailureWhileReloadingMidSolve) {
  APSP_REQUIRE_GPU();
  // A solve in progress, then a bigger graph whose load fails part-way: the solver is unloaded (the old graph
  // is gone, as reset() promises), and loading again without the fault solves the new graph.
  test::RandomGraphOptions o;
  o.density = 0.05;
  const Graph small = test::random_graph(300, 3, o);
  const Graph big = test::random_graph(700, 4, o);
  const DistanceMatrix small_m = to_distance_matrix(small, 64, DType::I32);
  const DistanceMatrix big_m = to_distance_matrix(big, 64, DType::I32);
  auto s = make_tuned(64);
  s->reset(small_m);
  s->step(Granularity::Round);
  set_faults("device_alloc:2");
  EXPECT_THROW(s->reset(big_m), OutOfMemoryError);
  EXPECT_THROW(s->step(Granularity::Round), UsageError);
  set_faults("");
  const std::vector<std::int64_t> got = solve_fully(*s, big_m);
  EXPECT_EQ(first_difference(got, test::reference_fw(big, big.n), big.n), "");
}

std::unique_ptr<Solver> make_multi(const std::vector<int>& devices, const std::string& comm, int block) {
  SolverOptions o;
  o.block = block;
  o.gpus = static_cast<int>(devices.size());
  return cuda::make_multi_gpu_solver(o, cuda::MultiGpuConfig{devices, comm});
}

TEST_F(CudaFaults, NcclInitFailureIsAClearErrorAndARetryWorks) {
  APSP_REQUIRE_GPU();
  if (cuda_device_count() < 2) GTEST_SKIP() << "needs 2 CUDA devices";
  if (!cuda::nccl_compiled()) GTEST_SKIP() << "built without NCCL";
  set_faults("nccl_init");
  try {
    make_multi({0, 1}, "nccl", 64);
    ADD_FAILURE() << "no error from the failed NCCL initialization";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("ncclCommInitAll failed"), std::string::npos) << e.what();
    EXPECT_EQ(exit_code(e), 1) << "an internal error, as the real failure: " << e.what();
  }
  EXPECT_EQ(fault_hits(FaultPoint::NcclInit), 1u);
  set_faults("");
  test::RandomGraphOptions o;
  o.density = 0.05;
  const Graph g = test::random_graph(500, 5, o);
  auto s = make_multi({0, 1}, "nccl", 64);
  const std::vector<std::int64_t> got = solve_fully(*s, to_distance_matrix(g, 64, DType::I32));
  EXPECT_EQ(first_difference(got, test::reference_fw(g, g.n), g.n), "");
}

/// A peer copy failing in the middle of a solve (the 3rd copy: the second round's broadcast with 3 bands): the
/// step throws CUDA's error naming cudaMemcpyPeerAsync, and the same solver, reset, solves correctly.
void expect_peer_copy_failure_recovers(const std::vector<int>& devices) {
  test::RandomGraphOptions o;
  o.density = 0.03;
  const Graph g = test::random_graph(637, 6, o);  // 5 units of 128 rows: every band owns some
  const DistanceMatrix initial = to_distance_matrix(g, 64, DType::I32);
  auto s = make_multi(devices, "peer", 64);
  s->reset(initial);
  set_faults("peer_copy:3");
  try {
    s->step(Granularity::ToEnd);
    ADD_FAILURE() << "no error from the failed peer copy";
  } catch (const Error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("cudaMemcpyPeerAsync failed: cudaErrorPeerAccessUnsupported"), std::string::npos) << what;
  }
  EXPECT_GE(fault_hits(FaultPoint::PeerCopy), 3u);
  set_faults("");
  const std::vector<std::int64_t> got = solve_fully(*s, initial);
  EXPECT_EQ(first_difference(got, test::reference_fw(g, g.n), g.n), "");
}

TEST_F(CudaFaults, PeerCopyFailureMidSolveEmulatedBands) {
  APSP_REQUIRE_GPU();
  expect_peer_copy_failure_recovers({0, 0, 0});  // three bands on GPU 0: runs on a one-GPU machine
}

TEST_F(CudaFaults, PeerCopyFailureMidSolveTwoGpus) {
  APSP_REQUIRE_GPU();
  if (cuda_device_count() < 2) GTEST_SKIP() << "needs 2 CUDA devices";
  expect_peer_copy_failure_recovers({0, 1});
}

}  // namespace
}  // namespace apsp
