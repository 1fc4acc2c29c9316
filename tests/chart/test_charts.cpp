// Charts rendered offscreen: bars where the model puts them, ink in the plot area, the same pixels every time, a
// PNG; the sweep's charts from a report (which charts, their data, the efficiency labels) and their CSV.
#include <apsp/core/errors.h>
#include <apsp/solve/measure.h>
#include <gtest/gtest.h>

#include "chart/chart_draw.h"
#include "chart/sweep_charts.h"

namespace apsp::chart {
namespace {

constexpr std::uint32_t kRed = 0xff0000ffu;  // ImU32: 0xAABBGGRR

Chart three_bars() {
  Chart c;
  c.title = "three bars";
  c.type = ChartType::StackedBars;
  c.format = ValueFormat::Duration;
  c.x_label = "block size B";
  c.y_label = "time";
  c.categories = {"32", "64", "128"};
  Series s;
  s.label = "phase 3";
  s.color = kRed;
  s.values = {1.0, 2.5, 0.5};
  c.series.push_back(s);
  return c;
}

/// The layout draw_chart() used for panel 0, computed in a context with the same (default) font.
ChartLayout panel_layout(const Chart& c) {
  ImGuiContext* ctx = ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  unsigned char* px;
  int w, h;
  ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&px, &w, &h);
  ImGui::GetIO().DisplaySize = ImVec2(kPanelWidth, kPanelHeight);
  ImGui::NewFrame();
  const ChartLayout l = layout_chart(c, ImVec2(0, 0), ImVec2(kPanelWidth, kPanelHeight));
  ImGui::EndFrame();
  ImGui::DestroyContext(ctx);
  return l;
}

TEST(Charts, StackedBarsArePaintedWhereTheModelPutsThem) {
  const Chart c = three_bars();
  const RgbaImage img = render_charts({c});
  ASSERT_EQ(img.width, kPanelWidth);
  ASSERT_EQ(img.height, kPanelHeight);
  const ChartLayout l = panel_layout(c);
  // One row just above the x axis crosses every bar once: three runs of the series colour.
  const int y = static_cast<int>(l.plot_max.y) - 3;
  int runs = 0;
  bool in_bar = false;
  for (int x = static_cast<int>(l.plot_min.x); x < static_cast<int>(l.plot_max.x); ++x) {
    const bool red = img.at(x, y) == kRed;
    runs += red && !in_bar;
    in_bar = red;
  }
  EXPECT_EQ(runs, 3);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(img.at(static_cast<int>(l.category_x(i)), y), kRed) << i;
  // The tallest bar (2.5 ms) reaches higher than the others.
  auto top_of = [&](int i) {
    const int x = static_cast<int>(l.category_x(i));
    int t = y;
    while (t > 0 && img.at(x, t - 1) == kRed) --t;
    return t;
  };
  EXPECT_LT(top_of(1), top_of(0));
  EXPECT_LT(top_of(0), top_of(2));
  // Text and axes: dark ink outside the bars (title, ticks, labels).
  int dark = 0;
  for (int yy = 0; yy < img.height; ++yy)
    for (int x = 0; x < img.width; ++x) {
      const std::uint32_t p = img.at(x, yy);
      dark += (p & 0xff) < 100 && ((p >> 8) & 0xff) < 100 && ((p >> 16) & 0xff) < 100;
    }
  EXPECT_GT(dark, 500);
  // Hover: the slot under a point names its category and every series' value there.
  EXPECT_EQ(category_at(c, l, ImVec2(l.category_x(1), y)), 1);
  EXPECT_EQ(category_at(c, l, ImVec2(l.plot_min.x - 5, y)), -1);
  EXPECT_EQ(hover_text(c, 1), "block size B 64\nphase 3: 2.50 ms");
}

TEST(Charts, RenderingIsDeterministicAndLeavesTheCallersContextCurrent) {
  ImGuiContext* mine = ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  const RgbaImage a = render_charts({three_bars(), three_bars()}, 2);
  EXPECT_EQ(ImGui::GetCurrentContext(), mine);
  const RgbaImage b = render_charts({three_bars(), three_bars()}, 2);
  EXPECT_EQ(a.width, 2 * kPanelWidth);
  EXPECT_EQ(a.pixels, b.pixels);
  const std::string png = encode_png(a);
  ASSERT_GT(png.size(), 8u);
  EXPECT_EQ(png.substr(1, 3), "PNG");
  ImGui::DestroyContext(mine);
}

bench::SweepResult result(int block, int gpus, DType dtype, double median, double p3_ms) {
  bench::SweepResult r;
  r.config = {"cuda-tuned", block, gpus, dtype, 16384};
  r.time = bench::time_stats({median});
  r.phases = {{Phase::Pivot, 1.0, {}, 1000000, 0},
              {Phase::PivotRowCol, 2.0, {}, 2000000, 0},
              {Phase::Independent, p3_ms, {}, 3000000000ull, 0}};
  return r;
}

bench::SweepReport lead_like_report() {
  // cuda-tuned B in {32, 64, 128} x GPUs {1, 2} at one n, i32 only.
  bench::SweepReport report;
  for (int b : {32, 64, 128})
    for (int g : {1, 2}) report.results.push_back(result(b, g, DType::I32, 400.0 / g * (b == 128 ? 0.9 : 1.0), 300.0));
  report.results[1].time = bench::time_stats({208.0});  // B = 32 on 2 GPUs: 96.2 % efficient
  bench::mark_best(report.results);
  bench::fill_ratios_and_scaling(report.results);
  return report;
}

TEST(SweepCharts, WhichChartsASweepGives) {
  const std::vector<Chart> all = sweep_charts(lead_like_report());
  // block: one per GPU count; n: none (one n); gpus: one; gbps: one per GPU count.
  ASSERT_EQ(all.size(), 5u);
  EXPECT_EQ(all[0].type, ChartType::StackedBars);
  EXPECT_EQ(all[0].categories, (std::vector<std::string>{"32", "64", "128"}));
  ASSERT_EQ(all[0].series.size(), 4u);  // three phases and the wall-time tick
  EXPECT_TRUE(all[0].series[3].overlay);
  EXPECT_EQ(all[0].series[3].point_labels[2].find("best"), std::string::npos);  // the best of n ran on 2 GPUs
  EXPECT_NE(all[1].series[3].point_labels[2].find("best"), std::string::npos);
  const Chart& scaling = all[2];
  EXPECT_EQ(scaling.categories, (std::vector<std::string>{"1", "2"}));
  ASSERT_EQ(scaling.series.size(), 4u);  // ideal + one per block
  EXPECT_TRUE(scaling.series[0].dashed);
  EXPECT_DOUBLE_EQ(scaling.series[1].values[1], 400.0 / 208.0);
  EXPECT_EQ(scaling.series[1].point_labels[1], "96.2 %");
  EXPECT_DOUBLE_EQ(all[3].series[2].values[0], 3000000000.0 / (300.0 * 1e6));  // GB/s of phase 3 at B = 32

  const std::vector<Chart> only = sweep_charts(lead_like_report(), parse_chart_kinds("gpus"));
  ASSERT_EQ(only.size(), 1u);
  const std::string csv = charts_csv(only);
  EXPECT_EQ(csv.rfind("chart,series,x,y\n", 0), 0u);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1 + 2 + 3 * 2);  // header, ideal, three series x 2 points
  EXPECT_NE(csv.find(",cuda-tuned B=32 i32 n=16384 (2 GPUs: 96.2 %),2,1.92308\n"), std::string::npos) << csv;
}

TEST(SweepCharts, AThreadsSweepNamesTheThreadsAndTiesAreLabelledSo) {
  bench::SweepReport report;
  for (int threads : {1, 2})
    for (int b : {32, 64}) {
      bench::SweepResult r = result(b, 1, DType::I32, 100.0 / threads + b, 50.0);
      r.config.backend = "cpu-blocked";
      r.config.threads = threads;
      r.time = bench::time_stats({r.time.median_ms - 40, r.time.median_ms, r.time.median_ms + 40});  // all overlap
      report.results.push_back(r);
    }
  bench::mark_best(report.results);
  const std::vector<Chart> block = sweep_charts(report, parse_chart_kinds("block"));
  ASSERT_EQ(block.size(), 2u);  // one per thread count, not two blocks' bars mixed
  EXPECT_NE(block[0].title.find("cpu-blocked i32 t=1, n = 16384"), std::string::npos) << block[0].title;
  EXPECT_NE(block[1].title.find("cpu-blocked i32 t=2, n = 16384"), std::string::npos) << block[1].title;
  EXPECT_NE(block[1].series.back().point_labels[0].find(" tied"), std::string::npos)
      << block[1].series.back().point_labels[0];
  // One thread count: the labels stay as they were.
  report.results.resize(2);
  const std::vector<Chart> one = sweep_charts(report, parse_chart_kinds("block"));
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].title.find("t=1"), std::string::npos) << one[0].title;
}

TEST(SweepCharts, SparseKnobStudyIsOneLinePerConcurrentAgainstThreadsPerBlock) {
  bench::SweepReport report;
  // cuda-dijkstra at 2 x 2 knob settings, 1024 of 4096 sources; (96, 4) the fastest, (64, 1) the slowest.
  const int tpbs[] = {64, 96};
  const int ks[] = {1, 4};
  const double ms[2][2] = {{200.0, 150.0}, {180.0, 120.0}};
  for (int t = 0; t < 2; ++t)
    for (int k = 0; k < 2; ++k) {
      bench::SweepResult r;
      r.config = {"cuda-dijkstra", 0, 1, DType::I32, 4096};
      r.config.sources = 1024;
      r.config.threads_per_block = tpbs[t];
      r.config.concurrent = ks[k];
      r.time = bench::time_stats({ms[t][k]});
      report.results.push_back(r);
    }
  const std::vector<Chart> charts = sweep_charts(report);
  ASSERT_EQ(charts.size(), 1u);  // no block chart for a solver without block sizes
  const Chart& c = charts[0];
  EXPECT_EQ(c.categories, (std::vector<std::string>{"64", "96"}));
  ASSERT_EQ(c.series.size(), 2u);
  EXPECT_EQ(c.series[0].label, "1 concurrent");
  EXPECT_DOUBLE_EQ(c.series[1].values[0], 150.0);
  EXPECT_DOUBLE_EQ(c.series[1].values[1], 120.0);
  EXPECT_EQ(c.series[1].point_labels[1], "best");
  EXPECT_NE(c.title.find("best tpb 96, K 4 (40.0 % faster than the worst)"), std::string::npos) << c.title;
  EXPECT_EQ(sweep_charts(report, parse_chart_kinds("block,gbps")).size(), 0u);
}

TEST(SweepCharts, ChartKindsParse) {
  EXPECT_TRUE(parse_chart_kinds("").empty());
  EXPECT_EQ(parse_chart_kinds("knobs").size(), 1u);
  EXPECT_EQ(parse_chart_kinds("n,block").size(), 2u);
  EXPECT_THROW(parse_chart_kinds("block,pie"), UsageError);
}

TEST(SweepCharts, TheStackIsThePhasesMediansUnderTheMedianWallTickNeverOneRun) {
  // Three timed runs per block size, the last one twice as slow: a stack from the last run would be ~2x the tick.
  bench::SweepReport report;
  for (int b : {32, 64}) {
    bench::SweepResult r;
    r.config = {"cpu-blocked", b, 1, DType::I32, 1024};
    r.time = bench::time_stats({10.0 * b, 11.0 * b, 22.0 * b});
    const std::vector<double> p1 = {1.0, 1.2, 2.4}, p3 = {8.0 * b, 9.0 * b, 19.0 * b};
    r.phases = {{Phase::Pivot, spread_of(p1).median_ms, p1, 1000, 0},
                {Phase::Independent, spread_of(p3).median_ms, p3, 1000000, 0}};
    report.results.push_back(r);
  }
  const std::vector<Chart> charts = sweep_charts(report, {SweepChartKind::BlockPhases});
  ASSERT_EQ(charts.size(), 1u);
  const Chart& c = charts[0];
  ASSERT_EQ(c.series.size(), 4u);  // three phases and the wall tick
  for (std::size_t i = 0; i < report.results.size(); ++i) {
    const bench::SweepResult& r = report.results[i];
    EXPECT_DOUBLE_EQ(c.series[0].values[i], spread_of(r.phases[0].samples_ms).median_ms);
    EXPECT_DOUBLE_EQ(c.series[2].values[i], spread_of(r.phases[1].samples_ms).median_ms);
    EXPECT_NE(c.series[2].values[i], r.phases[1].samples_ms.back());
    EXPECT_DOUBLE_EQ(c.series[3].values[i], spread_of(r.time.samples_ms).median_ms);
    EXPECT_LE(c.series[0].values[i] + c.series[1].values[i] + c.series[2].values[i], c.series[3].values[i]);
  }
}

TEST(SweepCharts, ARealSweepStacksEachPhasesMedianOverItsTimedRuns) {
  bench::SweepSpec spec;
  spec.backends = {"cpu-blocked"};
  spec.blocks = {8, 16};
  spec.sizes = {48};
  spec.repeat = 3;
  spec.warmup = 0;
  spec.threads = {1};
  const bench::SweepReport report = bench::run_sweep(spec);
  ASSERT_EQ(report.results.size(), 2u);
  const std::vector<Chart> charts = sweep_charts(report, {SweepChartKind::BlockPhases});
  ASSERT_EQ(charts.size(), 1u);
  const Chart& c = charts[0];
  const std::vector<Phase> stacked = {Phase::Pivot, Phase::PivotRowCol, Phase::Independent};
  for (std::size_t i = 0; i < report.results.size(); ++i) {
    const bench::SweepResult& r = report.results[i];
    for (std::size_t p = 0; p < stacked.size(); ++p) {
      std::vector<double> runs;
      for (const bench::PhaseFigures& f : r.phases)
        if (f.phase == stacked[p]) runs = f.samples_ms;
      ASSERT_EQ(runs.size(), 3u) << p;  // every timed run's time, recomputed here
      EXPECT_DOUBLE_EQ(c.series[p].values[i], spread_of(runs).median_ms) << p;
    }
    EXPECT_DOUBLE_EQ(c.series[3].values[i], spread_of(r.time.samples_ms).median_ms);
  }
}

TEST(SweepCharts, TheDataCsvCarriesTheContextComments) {
  const std::string csv = charts_csv(sweep_charts(lead_like_report()), "# version: 1\n# graph: \"a,b\"\n");
  EXPECT_EQ(csv.rfind("# version: 1\n# graph: \"a,b\"\nchart,series,x,y\n", 0), 0u) << csv;
}

}  // namespace
}  // namespace apsp::chart
