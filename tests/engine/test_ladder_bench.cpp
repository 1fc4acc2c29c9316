// The ladder benchmark's pure parts (engine apsp/bench/ladder.h), without running a solver: which
// steps a request runs, the sweep spec, whether a report is a ladder, the table's speed-ups and modeled GB/s,
// the seam for measured counters, and the CSV.
#include <apsp/bench/ladder.h>
#include <apsp/core/errors.h>
#include <apsp/solve/ladder.h>
#include <gtest/gtest.h>

#include <algorithm>

namespace apsp::bench {
namespace {

SweepResult result(const std::string& backend, double median_ms, double peak_pct = -1) {
  SweepResult r;
  r.config = SweepConfig{backend, 64, 1, DType::I32, 1024};
  r.time.median_ms = median_ms;
  r.updates_per_s = 1024.0 * 1024 * 1024 / (median_ms * 1e-3);
  r.peak_pct = peak_pct;
  return r;
}

TEST(LadderBench, StepsAreTheLadderOrAChosenSubsetInLadderOrder) {
  EXPECT_EQ(ladder_steps({}), ladder_backends());
  EXPECT_EQ(ladder_steps({"cuda-tuned", "cuda-simple"}), (std::vector<std::string>{"cuda-simple", "cuda-tuned"}));
  try {
    ladder_steps({"cuda-simple", "cpu-blocked"});
    ADD_FAILURE() << "no UsageError";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--ladder-steps: 'cpu-blocked'"), std::string::npos) << e.what();
  }
}

TEST(LadderBench, SpecRunsEveryStepOnOneGraphPinningTheB64OnlySteps) {
  const SweepSpec spec = ladder_spec({}, 2048, 32, DType::I16);
  ASSERT_EQ(spec.backends.size(), 8u);
  EXPECT_EQ(spec.backends.front(), "cuda-simple");
  EXPECT_EQ(spec.backends[5], "cuda-staged:64");
  EXPECT_EQ(spec.backends[6], "cuda-blocked-vec:64");
  EXPECT_EQ(spec.backends.back(), "cuda-tuned");
  EXPECT_EQ(spec.sizes, std::vector<int>{2048});
  EXPECT_EQ(spec.blocks, std::vector<int>{32});
  EXPECT_EQ(spec.dtypes, std::vector<DType>{DType::I16});
  EXPECT_EQ(spec.gpus, std::vector<int>{1});
}

TEST(LadderBench, RowsHaveSpeedupsOverThePreviousAndTheFirstStep) {
  SweepReport report;
  report.results = {result("cuda-simple", 800, 1.0), result("cuda-naive", 400, 2.0), result("cuda-tuned", 10, 80.0)};
  PhaseFigures p3{Phase::Independent, 5.0, {}, 4'000'000'000, 0};
  PhaseFigures up{Phase::Upload, 1.0, {}, 999'000'000'000, 0};  // transfers are not the model's compute bytes
  report.results[2].phases = {p3, up};
  const std::vector<LadderRow> rows = ladder_rows(report);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].step, 1);
  EXPECT_EQ(rows[1].step, 2);
  EXPECT_EQ(rows[2].step, 8);  // the full ladder's numbering
  EXPECT_DOUBLE_EQ(rows[0].speedup_previous, 1.0);
  EXPECT_DOUBLE_EQ(rows[0].speedup_first, 1.0);
  EXPECT_DOUBLE_EQ(rows[1].speedup_previous, 2.0);
  EXPECT_DOUBLE_EQ(rows[2].speedup_previous, 40.0);
  EXPECT_DOUBLE_EQ(rows[2].speedup_first, 80.0);
  EXPECT_DOUBLE_EQ(rows[2].peak_pct, 80.0);
  EXPECT_DOUBLE_EQ(rows[2].model_gb_per_s, 800.0);  // 4 GB in 5 ms
  EXPECT_FALSE(rows[0].measured.dram_gb_per_s.has_value());
}

TEST(LadderBench, MeasuredCountersGoWithTheirRowAndAbsentOnesStayEmptyInTheCsv) {
  SweepReport report;
  report.results = {result("cuda-simple", 8), result("cuda-blocked", 2)};
  LadderMeasured m;
  m.dram_gb_per_s = 3000.5;
  m.occupancy = 0.75;
  const std::vector<LadderRow> rows = ladder_rows(report, {m});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].measured.dram_gb_per_s, 3000.5);
  EXPECT_FALSE(rows[1].measured.occupancy.has_value());
  const std::string csv = ladder_csv(report, rows);
  const std::size_t header = csv.find("\nstep,backend,block,dtype,n,median_ms,");
  ASSERT_NE(header, std::string::npos) << csv;  // after the context comments
  EXPECT_EQ(std::count(csv.begin() + static_cast<std::ptrdiff_t>(header) + 1, csv.end(), '\n'), 3);
  EXPECT_NE(csv.find("\n1,cuda-simple,64,i32,1024,8,1,1,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",3000.5,0.75,"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\n5,cuda-blocked,64,i32,1024,2,4,4,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",,,2,2,0.00,,1,2\n"), std::string::npos) << csv;  // no peak, no counters, no run id
}

TEST(LadderBench, AReportIsALadderOnlyWithStepsInOrderOnOneGraph) {
  SweepReport report;
  report.results = {result("cuda-simple", 8), result("cuda-tuned", 1)};
  EXPECT_TRUE(is_ladder_report(report));
  report.results = {result("cuda-tuned", 1), result("cuda-simple", 8)};
  EXPECT_FALSE(is_ladder_report(report));  // out of order
  report.results = {result("cuda-simple", 8)};
  EXPECT_FALSE(is_ladder_report(report));  // one step is no ladder
  report.results = {result("cpu-blocked", 8), result("cuda-tuned", 1)};
  EXPECT_FALSE(is_ladder_report(report));
  report.results = {result("cuda-simple", 8), result("cuda-tuned", 1)};
  report.results[1].config.n = 2048;
  EXPECT_FALSE(is_ladder_report(report));  // two graphs
}

}  // namespace
}  // namespace apsp::bench
