// A sweep's run-history records (apsp/bench/sweep_records.h), shared by apsp bench and the studio's Sweep panel:
// the wall time and every phase are the medians of the timed runs, with every run kept, never one run's figure.
#include <apsp/bench/sweep_records.h>
#include <apsp/solve/measure.h>
#include <gtest/gtest.h>

namespace apsp::bench {
namespace {

TEST(SweepRecords, EachConfigurationIsARecordWithTheMediansAndEveryRun) {
  SweepReport report;
  report.spec.graph = "er:p=0.05,seed=1,w=1:100";
  SweepResult r;
  r.config = {"cpu-blocked", 32, 1, DType::I32, 256};
  r.time = time_stats({10, 12, 30});
  const std::vector<double> p3 = {8, 9, 25};
  r.phases.push_back({Phase::Independent, spread_of(p3).median_ms, p3, 1000, 100});
  // The last run's profile (per-round times): its phase-3 total is the slow run's, 25 ms.
  r.last_samples.push_back(PhaseSample{0, Phase::Independent, 0, 25, 100, 1000, 32});
  report.results = {r};
  const std::vector<RunRecord> records = sweep_run_records(report, "sweep");
  ASSERT_EQ(records.size(), 1u);
  const RunRecord& rec = records[0];
  EXPECT_EQ(rec.source, "sweep");
  EXPECT_EQ(rec.backend, "cpu-blocked");
  EXPECT_EQ(rec.n, 256);
  EXPECT_DOUBLE_EQ(rec.wall_ms, 12);  // the median, not the last run's 30
  EXPECT_EQ(rec.wall_samples_ms, (std::vector<double>{10, 12, 30}));
  bool found = false;
  for (const RunPhaseTotal& p : rec.phases) {
    if (p.phase != "independent") continue;
    found = true;
    EXPECT_DOUBLE_EQ(p.ms, 9);  // the median, not the last run's 25
    EXPECT_EQ(p.samples_ms, p3);
  }
  EXPECT_TRUE(found);
  EXPECT_NE(rec.graph.find("n=256"), std::string::npos) << rec.graph;
}

}  // namespace
}  // namespace apsp::bench
