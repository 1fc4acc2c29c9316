// apsp solve as one rank of several (one process per GPU): every refusal is one line and exit 2, before anything
// is read or written. Without a GPU (CI) the last gate refuses a well-formed rank too.
#include "cli_test_support.h"

namespace apsp::test {
namespace {

class Ranks : public TempDir {};

constexpr const char* kGraph = "solve --gen gnm:n=64,m=256,seed=1,w=1:9 ";

/// The one line of output and the exit status of `apsp ARGS` (with @p env before it).
void expect_refused(const std::string& args, const std::string& expected, const std::string& env = "") {
  const RunResult r = run_apsp(args, env);
  EXPECT_EQ(r.status, 2) << args << "\n" << r.output;
  const std::vector<std::string> lines = lines_of(r.output);
  ASSERT_EQ(lines.size(), 1u) << args << "\n" << r.output;
  EXPECT_NE(lines[0].find(expected), std::string::npos) << args << "\n" << r.output;
}

TEST_F(Ranks, RankOptionsGoTogether) {
  expect_refused(std::string(kGraph) + "--rank 0", "--rank needs --world-size");
  expect_refused(std::string(kGraph) + "--world-size 2", "--world-size needs --rank");
  expect_refused(std::string(kGraph) + "--rank 2 --world-size 2", "--rank 2: outside 0..1 (--world-size 2)");
  expect_refused(std::string(kGraph) + "--rendezvous 127.0.0.1:9", "--rendezvous is for one process per GPU");
}

TEST_F(Ranks, WhatOneRankCannotRunIsRefused) {
  const std::string rank = std::string(kGraph) + "--rank 0 --world-size 2 --rendezvous 127.0.0.1:9 ";
  expect_refused(rank + "--backend cpu-blocked",
                 "one process per GPU (rank 0 of 2, from --rank) runs --backend cuda-tuned only, not cpu-blocked");
  // No --backend: a rank runs cuda-tuned, so the next refusal is its own.
  expect_refused(rank + "--gpus 2", "--gpus 2 is refused, each rank drives one GPU");
  expect_refused(rank + "--backend cuda-tuned --gpus 2", "--gpus 2 is refused, each rank drives one GPU");
  expect_refused(rank + "--backend cuda-tuned --path 0:1", "does not take --path");
  expect_refused(rank + "--backend cuda-tuned --pred " + path("p.bin"), "does not take --pred");
  expect_refused(rank + "--backend cuda-tuned --sources 0:2", "does not take --sources");
  expect_refused(rank + "--backend cuda-tuned -o " + path("d.csv"), "writes -o as .bin or .npy only");
  expect_refused(rank + "--backend cuda-tuned -o -", "not standard output");
  // Renamed over: a device or a link is never replaced.
  expect_refused(rank + "--backend cuda-tuned -o /dev/null", "writes -o only to a new or regular file, and /dev/null is not one");
  std::filesystem::create_symlink(path("target.bin"), path("link.bin"));
  expect_refused(rank + "--backend cuda-tuned -o " + path("link.bin"), "is not one");
}

TEST_F(Ranks, ARankNeedsARendezvous) {
  const std::string rank = std::string(kGraph) + "--backend cuda-tuned --rank 1 --world-size 3 ";
  expect_refused(rank, "one process per GPU: 3 ranks need --rendezvous HOST:PORT (or APSP_RENDEZVOUS)");
  expect_refused(rank + "--rendezvous node0", "--rendezvous 'node0': no port");
  expect_refused(rank + "--rendezvous node0:0", "--rendezvous 'node0:0': the port must be 1..65535");
  expect_refused(rank, "APSP_RENDEZVOUS 'x:y': the port must be 1..65535", "APSP_RENDEZVOUS=x:y");
}

TEST_F(Ranks, TheLaunchersVariablesGiveTheRank) {
  const std::string solve = std::string(kGraph) + "--backend cpu-blocked";
  expect_refused(solve, "(rank 1 of 2, from APSP_RANK) runs --backend cuda-tuned only", "APSP_RANK=1 APSP_WORLD_SIZE=2");
  expect_refused(solve, "(rank 3 of 4, from Slurm)", "SLURM_PROCID=3 SLURM_NTASKS=4");
  expect_refused(solve, "(rank 0 of 2, from Open MPI)", "OMPI_COMM_WORLD_RANK=0 OMPI_COMM_WORLD_SIZE=2");
  expect_refused(solve, "(rank 1 of 2, from MPICH/Hydra)", "PMI_RANK=1 PMI_SIZE=2");
  expect_refused(solve, "APSP_RANK='one': expected a whole number", "APSP_RANK=one APSP_WORLD_SIZE=2");
  expect_refused(solve, "SLURM_PROCID=4: outside 0..3 (SLURM_NTASKS=4)", "SLURM_PROCID=4 SLURM_NTASKS=4");
  // A world of one is an ordinary solve.
  const RunResult one = run_apsp(solve + " -q", "APSP_RANK=0 APSP_WORLD_SIZE=1");
  EXPECT_EQ(one.status, 0) << one.output;
}

TEST_F(Ranks, WithoutAGpuAWellFormedRankIsRefusedAndNothingIsWritten) {
  if (apsp_lists_a_gpu()) GTEST_SKIP() << "a GPU is present: the two-rank solve is tests/scripts' gpu test";
  const std::string out = path("d.bin");
  write_bytes(out, {1, 2, 3});
  expect_refused(std::string(kGraph) + "--backend cuda-tuned --block 128 -o " + out +
                     " --rank 0 --world-size 2 --rendezvous 127.0.0.1:9",
                 "one process per GPU: no CUDA GPU");
  EXPECT_EQ(read_text(out).size(), 12u);  // the user's file, untouched
  // No --backend is cuda-tuned for a rank: the same gate.
  expect_refused(std::string(kGraph) + "-o " + out + " --rank 1 --world-size 2 --rendezvous 127.0.0.1:9",
                 "one process per GPU: no CUDA GPU");
  EXPECT_EQ(read_text(out).size(), 12u);
}

}  // namespace
}  // namespace apsp::test
