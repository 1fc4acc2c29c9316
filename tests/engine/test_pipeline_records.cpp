// apsp solve's pipeline in the engine's records: the end-to-end phases in the run history (written, read back,
// absent from older lines), and the memory estimate of a solve whose matrix is built on the device and whose
// result is streamed.
#include <apsp/core/distance_matrix.h>
#include <apsp/core/solve_estimate.h>
#include <apsp/history/run_record.h>

#include <gtest/gtest.h>

TEST(RunStages, WrittenAndReadBackAndAbsentFromOlderRecords) {
  apsp::RunRecord r;
  r.id = "20261127-190000-abcd";
  r.stages = {{"read", 12.5}, {"build (device)", 3.25}, {"compute", 100}, {"end to end", 130}};
  const std::string line = apsp::to_json_line(r);
  EXPECT_NE(line.find("\"stages\""), std::string::npos);
  const apsp::RunRecord back = apsp::parse_run_record(line);
  ASSERT_EQ(back.stages.size(), 4u);
  EXPECT_EQ(back.stages[1].stage, "build (device)");
  EXPECT_DOUBLE_EQ(back.stages[1].ms, 3.25);
  EXPECT_DOUBLE_EQ(back.stages[3].ms, 130);
  // A record without them (an older line, a bench run) keeps no key and reads back empty.
  apsp::RunRecord old;
  old.id = "20261101-000000-0000";
  const std::string old_line = apsp::to_json_line(old);
  EXPECT_EQ(old_line.find("stages"), std::string::npos);
  EXPECT_TRUE(apsp::parse_run_record(old_line).stages.empty());
  EXPECT_TRUE(apsp::parse_run_record(R"({"id":"20261101-000000-0001","n":5})").stages.empty());
}

TEST(SolveEstimatePipeline, DeviceBuildAndStreamedResultNeedNoHostMatrix) {
  const std::int64_t n = 131072;
  const std::uint64_t matrix = apsp::DistanceMatrix::required_bytes(n, 128, apsp::DType::I32);
  apsp::SolveShape shape;
  shape.backend = "cuda-tuned";
  shape.block = 128;
  shape.gpus = 4;
  // Today's path: the initial matrix, then the result read back whole.
  EXPECT_GE(apsp::estimate_solve(shape, n, false).host_bytes, matrix);
  shape.builds_on_device = true;
  shape.streams_result = true;
  shape.stream_buffer_bytes = 512ull << 20;
  const std::uint64_t streamed = apsp::estimate_solve(shape, n, false).host_bytes;
  EXPECT_EQ(streamed, shape.stream_buffer_bytes);
  EXPECT_LT(streamed, matrix / 64);
  // A negative weight keeps the input on the host (to name a negative cycle): the matrix counts again.
  EXPECT_GE(apsp::estimate_solve(shape, n, true).host_bytes, matrix);
  // So does a small graph (a derived Π keeps the input's edge weights).
  EXPECT_GE(apsp::estimate_solve(shape, 1000, false).host_bytes,
            apsp::DistanceMatrix::required_bytes(1000, 128, apsp::DType::I32));
  // A CPU variant keeps its working copy whatever the output.
  apsp::SolveShape cpu;
  cpu.backend = "cpu-blocked";
  cpu.block = 64;
  cpu.streams_result = true;
  cpu.stream_buffer_bytes = 512ull << 20;
  EXPECT_GE(apsp::estimate_solve(cpu, 20000, false).host_bytes, 2 * apsp::DistanceMatrix::required_bytes(20000, 64, apsp::DType::I32));
}
