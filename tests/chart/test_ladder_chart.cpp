// The optimization ladder's charts: a bar per step in ladder order, labelled with the speed-up over
// the step before; the % of peak chart only when a peak is known; the sweep's charts include them for a ladder.
#include <gtest/gtest.h>

#include "chart/ladder_chart.h"
#include "chart/sweep_charts.h"

namespace apsp::chart {
namespace {

bench::SweepResult result(const std::string& backend, double median_ms, double peak_pct) {
  bench::SweepResult r;
  r.config = bench::SweepConfig{backend, 64, 1, DType::I32, 4096};
  r.time.median_ms = median_ms;
  r.peak_pct = peak_pct;
  return r;
}

TEST(LadderChart, ABarPerStepLabelledWithItsSpeedup) {
  bench::SweepReport report;
  report.results = {result("cuda-simple", 900, 1), result("cuda-blocked", 90, 10), result("cuda-tuned", 30, 30)};
  const std::vector<Chart> charts = ladder_charts(bench::ladder_rows(report));
  ASSERT_EQ(charts.size(), 2u);
  const Chart& time = charts[0];
  EXPECT_EQ(time.type, ChartType::StackedBars);
  EXPECT_EQ(time.categories, (std::vector<std::string>{"1 cuda-simple", "5 cuda-blocked", "8 cuda-tuned"}));
  ASSERT_EQ(time.series.size(), 1u);
  EXPECT_EQ(time.series[0].values, (std::vector<double>{900, 90, 30}));
  EXPECT_EQ(time.series[0].point_labels, (std::vector<std::string>{"x1.00", "x10.00", "x3.00"}));
  EXPECT_EQ(charts[1].format, ValueFormat::Percent);
  EXPECT_EQ(charts[1].series[0].values, (std::vector<double>{1, 10, 30}));
}

TEST(LadderChart, NoPeakChartWithoutAKnownPeak) {
  bench::SweepReport report;
  report.results = {result("cuda-simple", 900, -1), result("cuda-tuned", 30, -1)};
  EXPECT_EQ(ladder_charts(bench::ladder_rows(report)).size(), 1u);
  EXPECT_TRUE(ladder_charts({}).empty());
}

TEST(LadderChart, TheSweepsChartsIncludeTheLadderOnlyForALadder) {
  bench::SweepReport report;
  report.results = {result("cuda-simple", 900, 1), result("cuda-tuned", 30, 30)};
  EXPECT_EQ(sweep_charts(report, {SweepChartKind::Ladder}).size(), 2u);
  EXPECT_EQ(sweep_charts(report).size(), 2u);  // no other kind applies to one n, one B, one GPU count
  EXPECT_EQ(parse_chart_kinds("ladder"), std::vector<SweepChartKind>{SweepChartKind::Ladder});
  report.results = {result("cuda-tuned", 30, 30), result("cuda-simple", 900, 1)};
  EXPECT_TRUE(sweep_charts(report, {SweepChartKind::Ladder}).empty());
}

}  // namespace
}  // namespace apsp::chart
