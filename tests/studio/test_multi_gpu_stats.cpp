// The studio's multi-GPU bookkeeping without GL: synthetic multi-device samples in, plot data out
// (rounds done over GPUs are the engine's: tests/engine/test_round_progress.cpp).
#include <gtest/gtest.h>

#include "session/multi_gpu_stats.h"

namespace apsp::studio {
namespace {

PhaseSample sample(int round, Phase phase, int device, double ms, std::uint64_t updates = 0, std::uint64_t bytes = 0) {
  PhaseSample s;
  s.round = round;
  s.phase = phase;
  s.device = device;
  s.ms = ms;
  s.updates = updates;
  s.bytes = bytes;
  return s;
}

TEST(AggregateRounds, OneDeviceSumsKStepSamplesPerPhase) {
  // Two k-step samples of phase 3 in round 0 add up; the upload outside the rounds is left out.
  const RoundAggregate a = aggregate_rounds(
      {sample(-1, Phase::Upload, 0, 9.0), sample(0, Phase::Pivot, 0, 1.0), sample(0, Phase::PivotRowCol, 0, 2.0),
       sample(0, Phase::Independent, 0, 3.0, 100, 1000), sample(0, Phase::Independent, 0, 4.0, 100, 1000)});
  ASSERT_EQ(a.rounds(), 1u);
  EXPECT_FALSE(a.multi_device());
  EXPECT_DOUBLE_EQ(a.critical_times(0).phase_ms[2], 7.0);
  EXPECT_DOUBLE_EQ(a.compute_ms[0], 10.0);
  EXPECT_DOUBLE_EQ(a.phase_bytes[2][0], 2000.0);
  EXPECT_DOUBLE_EQ(a.updates[0], 200.0);
  EXPECT_FALSE(a.any_comm);
}

TEST(AggregateRounds, PhaseThreeOfSeveralGpusIsNotDoubleCounted) {
  // Round 0 on two GPUs: GPU 1 is the slower one, so the critical path is its phases, not the sum of both.
  std::vector<PhaseSample> s = {
      sample(0, Phase::Comm, 0, 0.5, 0, 4096),
      sample(0, Phase::Comm, 1, 0.7, 0, 4096),
      sample(0, Phase::Pivot, 0, 1.0),
      sample(0, Phase::Pivot, 1, 1.0),
      sample(0, Phase::PivotRowCol, 0, 2.0),
      sample(0, Phase::PivotRowCol, 1, 2.5),
      sample(0, Phase::Independent, 0, 10.0, 500, 8000),
      sample(0, Phase::Independent, 1, 12.0, 500, 8000),
  };
  const RoundAggregate a = aggregate_rounds(s);
  ASSERT_EQ(a.devices, (std::vector<int>{0, 1}));
  EXPECT_TRUE(a.multi_device());
  EXPECT_EQ(a.critical[0], 1);
  EXPECT_DOUBLE_EQ(a.compute_ms[0], 15.5);  // 1 + 2.5 + 12 on GPU 1, not 28.5 over both
  EXPECT_DOUBLE_EQ(a.critical_times(0).phase_ms[2], 12.0);
  EXPECT_DOUBLE_EQ(a.phase_ms_max[2][0], 12.0);
  EXPECT_DOUBLE_EQ(a.phase_bytes[2][0], 16000.0);  // bandwidth: both GPUs' bytes over the longer time
  EXPECT_DOUBLE_EQ(a.comm_ms[0], 0.7);
  EXPECT_DOUBLE_EQ(a.times[0][0].comm_ms, 0.5);
  EXPECT_DOUBLE_EQ(a.updates[0], 1000.0);
  EXPECT_TRUE(a.any_comm);
}

TEST(AggregateRounds, DeviceIdsNeedNotStartAtZero) {
  const RoundAggregate a =
      aggregate_rounds({sample(1, Phase::Independent, 3, 2.0), sample(0, Phase::Independent, 2, 5.0)});
  ASSERT_EQ(a.devices, (std::vector<int>{2, 3}));
  ASSERT_EQ(a.rounds(), 2u);
  EXPECT_DOUBLE_EQ(a.times[0][0].phase_ms[2], 5.0);
  EXPECT_DOUBLE_EQ(a.times[1][1].phase_ms[2], 2.0);
  EXPECT_DOUBLE_EQ(a.times[0][1].phase_ms[2], 0.0);  // GPU 3 has not reported round 0 yet
}

TEST(GpuChoice, GreyedWithTheReason) {
  EXPECT_EQ(gpu_choice(0, "built without CUDA (configure with APSP_CUDA=ON)", "cuda-tuned", true).reason,
            "built without CUDA (configure with APSP_CUDA=ON)");
  EXPECT_EQ(gpu_choice(0, "", "cuda-tuned", true).reason, "no CUDA-capable GPU found");
  EXPECT_EQ(gpu_choice(1, "", "cuda-tuned", true).reason, "only one CUDA device");
  EXPECT_EQ(gpu_choice(4, "", "cuda-blocked", false).reason, "cuda-blocked runs on one device");
  const GpuChoice ok = gpu_choice(4, "", "cuda-tuned", true);
  EXPECT_TRUE(ok.reason.empty());
  EXPECT_EQ(ok.max_gpus, 4);
}

TEST(GpuChoice, ScriptedRequestIsChecked) {
  const GpuChoice none = gpu_choice(0, "no CUDA device: driver not loaded", "cpu-blocked", false);
  EXPECT_FALSE(check_gpu_request(1, none).has_value());
  EXPECT_EQ(check_gpu_request(2, none).value_or(""), "--gpus 2: no CUDA device: driver not loaded");
  const GpuChoice two = gpu_choice(2, "", "cuda-tuned", true);
  EXPECT_FALSE(check_gpu_request(2, two).has_value());
  EXPECT_EQ(check_gpu_request(4, two).value_or(""), "--gpus 4: only 2 CUDA devices visible");
}

TEST(SyntheticSamples, SplitPhaseThreeByBandRows) {
  const std::vector<GpuRowBand> bands = multi_gpu_row_bands(200, 32, 2);  // rows 0..127 and 128..199
  const std::vector<PhaseSample> one = {sample(0, Phase::Pivot, 0, 1.0), sample(0, Phase::Independent, 0, 10.0, 2000)};
  const std::vector<PhaseSample> many = synthesize_multi_gpu_samples(one, bands, 200, 32);
  const RoundAggregate a = aggregate_rounds(many);
  ASSERT_EQ(a.devices, (std::vector<int>{0, 1}));
  EXPECT_TRUE(a.any_comm);
  EXPECT_DOUBLE_EQ(a.times[0][0].phase_ms[0], 1.0);                // phase 1 is repeated
  EXPECT_NEAR(a.times[0][0].phase_ms[2], 10.0 * 128 / 200, 1e-9);  // phase 3 follows the band's rows
  EXPECT_NEAR(a.phase_updates[2][0], 2000.0, 2.0);                 // and the work adds up to the original
}

}  // namespace
}  // namespace apsp::studio
