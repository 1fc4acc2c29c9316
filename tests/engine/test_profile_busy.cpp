// compute_busy_ms: the time compute phases cover, on synthetic profiles (no solver, no GPU).
#include <apsp/profile/compute_busy.h>
#include <gtest/gtest.h>

#include <vector>

namespace apsp {
namespace {

PhaseSample sample(Phase phase, double start_ms, double ms, int round = 0, int device = 0) {
  PhaseSample s;
  s.phase = phase;
  s.round = round;
  s.device = device;
  s.start_us = 1000.0 * start_ms;
  s.ms = ms;
  return s;
}

TEST(ComputeBusy, GapsBetweenPhasesAreNotBusy) {
  // The shape: 87.6 ms of phases spread over a 3310 ms span. Span and wall agree (1.000004), yet
  // the device ran for 2.6 % of it; busy says so.
  std::vector<PhaseSample> samples;
  for (int round = 0; round < 11; ++round)
    samples.push_back(sample(Phase::Independent, round * 300.0, 7.3, round));
  samples.push_back(sample(Phase::Independent, 3310.0 - 7.3, 7.3, 11));
  EXPECT_NEAR(compute_busy_ms(samples), 87.6, 1e-9);
}

TEST(ComputeBusy, OverlapsCountOnceAndTransfersAndUnplacedSamplesNot) {
  std::vector<PhaseSample> samples = {
      sample(Phase::Pivot, 0, 2),                  // [0, 2)
      sample(Phase::PivotRowCol, 1, 3),            // [1, 4): overlaps the pivot (the look-ahead stream)
      sample(Phase::Independent, 4, 6, 0, 1),      // [4, 10) on another GPU, touching: one interval [0, 10)
      sample(Phase::Independent, 5, 2),            // inside it
      sample(Phase::Independent, 20, 5),           // [20, 25) after a 10 ms gap
      sample(Phase::Upload, 10, 10, -1),           // a transfer fills the gap: not compute
      sample(Phase::Comm, 10, 10),                 // nor is a broadcast
      sample(Phase::Full, -1, 100),                // no start: not on the axis
  };
  samples.back().start_us = -1;
  EXPECT_NEAR(compute_busy_ms(samples), 15.0, 1e-9);
  EXPECT_EQ(compute_busy_ms({}), 0.0);
}

}  // namespace
}  // namespace apsp
