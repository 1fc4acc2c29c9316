// Rounds done, one meaning for both programs: a round counts once every device that owns rows finished it.
#include <apsp/graph/generators.h>
#include <apsp/profile/round_progress.h>
#include <apsp/solve/registry.h>
#include <apsp/solve/solve_progress.h>
#include <gtest/gtest.h>

namespace apsp {
namespace {

PhaseSample sample(int round, Phase phase, int device, double ms) {
  PhaseSample s;
  s.round = round;
  s.phase = phase;
  s.device = device;
  s.ms = ms;
  return s;
}

TEST(RoundProgress, CountsARoundWhenTheSlowestGpuFinishedIt) {
  RoundProgress p({0, 1});
  EXPECT_EQ(p.rounds_done(), 0);
  p.add(sample(0, Phase::Independent, 0, 2.0));
  EXPECT_EQ(p.rounds_done(), 0);  // GPU 1 has finished nothing yet: the first GPU to report does not count
  p.add(sample(0, Phase::Independent, 1, 2.0));
  EXPECT_EQ(p.rounds_done(), 1);
  p.add(sample(1, Phase::Independent, 0, 3.0));
  EXPECT_EQ(p.rounds_done(), 1);
  p.add(sample(1, Phase::Pivot, 1, 1.0));  // phase 1 of round 2 does not finish it
  EXPECT_EQ(p.rounds_done(), 1);
  p.add(sample(1, Phase::Independent, 1, 3.0));
  EXPECT_EQ(p.rounds_done(), 2);
  EXPECT_DOUBLE_EQ(p.round_ms(), 3.0);      // the slower GPU 1: 6 ms over 2 rounds (GPU 0: 2.5)
  p.add(sample(1, Phase::Comm, 1, 100.0));  // communication is not compute time
  p.add(sample(-1, Phase::Download, 1, 100.0));
  EXPECT_DOUBLE_EQ(p.round_ms(), 3.0);
}

TEST(RoundProgress, WithoutListedDevicesTakesThoseSeen) {
  RoundProgress p;
  EXPECT_EQ(p.rounds_done(), 0);
  p.add(sample(0, Phase::Full, 0, 1.0));  // a non-blocked variant's one pass ends its round
  EXPECT_EQ(p.rounds_done(), 1);
  p.add(sample(2, Phase::Independent, 0, 1.0));
  EXPECT_EQ(p.rounds_done(), 3);
  p.add(sample(0, Phase::Independent, 3, 1.0));  // a second device appears: the minimum again
  EXPECT_EQ(p.rounds_done(), 1);
}

TEST(ReportingDevices, OnlyGpusOwningRows) {
  EXPECT_TRUE(reporting_devices(200, 32, 1, DType::I32).empty());
  EXPECT_EQ(reporting_devices(200, 32, 4, DType::I32), (std::vector<int>{0, 1}));  // 2 units of 128 rows
  EXPECT_EQ(reporting_devices(1000, 64, 3, DType::I32), (std::vector<int>{0, 1, 2}));
}

TEST(SolveProgress, FollowsACpuSolverRoundByRound) {
  SolverOptions o;
  o.block = 16;
  auto solver = create_solver("cpu-blocked", o);
  solver->reset(to_distance_matrix(generate(GeneratorSpec::parse("ring:n=70")), o.block, o.dtype));
  SolveProgress progress(*solver);
  EXPECT_EQ(progress.update(*solver), 0);
  for (int r = 1; r <= solver->rounds(); ++r) {
    solver->step(Granularity::Round);
    EXPECT_EQ(progress.update(*solver), r);
  }
  EXPECT_EQ(progress.rounds_done(), 5);
  solver->step(Granularity::Phase);  // nothing left: no new samples
  EXPECT_EQ(progress.update(*solver), 5);
  EXPECT_EQ(SolveProgress().rounds_done(), 0);
}

TEST(SolveProgress, PhasesOfAnUnfinishedRoundDoNotCount) {
  SolverOptions o;
  o.block = 8;
  auto solver = create_solver("cpu-blocked", o);
  solver->reset(to_distance_matrix(generate(GeneratorSpec::parse("path:n=32")), o.block, o.dtype));
  SolveProgress progress(*solver);
  solver->step(Granularity::Phase);
  solver->step(Granularity::Phase);
  EXPECT_EQ(progress.update(*solver), 0);
  solver->step(Granularity::Phase);
  EXPECT_EQ(progress.update(*solver), 1);
}

}  // namespace
}  // namespace apsp
