// The sweep's CSV files (apsp/bench/sweep_text.h, ladder.h) keep every timed run: the aggregates on each row are
// recomputed here from the rows' raw repeats; values that do not apply are empty cells, never -1.
#include <apsp/bench/ladder.h>
#include <apsp/bench/sweep_text.h>
#include <apsp/solve/measure.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>

namespace apsp::bench {
namespace {

using Table = std::vector<std::map<std::string, std::string>>;

/// The rows by column name, the `#` context lines skipped (the documented way: pandas.read_csv(f, comment='#')).
Table read_csv(const std::string& text) {
  Table rows;
  std::istringstream in(text);
  std::string line;
  std::vector<std::string> header;
  while (std::getline(in, line)) {
    if (line.rfind("#", 0) == 0) continue;
    std::vector<std::string> cells;
    std::istringstream l(line);
    std::string c;
    while (std::getline(l, c, ',')) cells.push_back(c);
    if (!line.empty() && line.back() == ',') cells.emplace_back();
    if (header.empty()) {
      header = cells;
      continue;
    }
    EXPECT_EQ(cells.size(), header.size()) << line;
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < header.size() && i < cells.size(); ++i) row[header[i]] = cells[i];
    rows.push_back(row);
  }
  return rows;
}

double num(const std::map<std::string, std::string>& row, const std::string& key) {
  const auto it = row.find(key);
  EXPECT_NE(it, row.end()) << key;
  EXPECT_FALSE(it == row.end() || it->second.empty()) << key;
  return it == row.end() || it->second.empty() ? -12345 : std::stod(it->second);
}

/// A dense result whose phases ran @p pivot / @p p3 per run and whose wall time was @p wall per run: the last
/// run is the slowest, so a figure taken from one run would differ from the median.
SweepResult phased(const std::string& backend, int block, std::vector<double> wall, std::vector<double> pivot,
                   std::vector<double> p3) {
  SweepResult r;
  r.config = {backend, block, 1, DType::I32, 256};
  r.time = time_stats(wall);
  r.phases.push_back({Phase::Pivot, spread_of(pivot).median_ms, pivot, 1000, 10});
  r.phases.push_back({Phase::Independent, spread_of(p3).median_ms, p3, 100000, 1000});
  return r;
}

SweepReport three_configurations() {
  SweepReport report;
  report.spec.repeat = 4;
  report.spec.graph = "er:p=0.05,seed=1,w=1:100";
  report.results = {phased("cpu-blocked", 16, {10, 12, 11, 30}, {1, 1.5, 1.2, 4}, {8, 9, 8.5, 24}),
                    phased("cpu-blocked", 32, {20, 21, 19, 22}, {2, 2.1, 1.9, 2.2}, {17, 18, 16, 19}),
                    phased("cpu-naive", 0, {50, 55, 52, 60}, {}, {})};
  report.results[2].phases.clear();
  report.results[2].phases.push_back({Phase::Full, 52.5, {49, 54, 51, 59}, 0, 0});
  report.results[0].peak_pct = 12.5;  // the others: no device peak (-1)
  return report;
}

TEST(SweepCsv, EveryTimedRunIsARowAndTheAggregatesAreTheirMedianMinAndMax) {
  const SweepReport report = three_configurations();
  const Table rows = read_csv(sweep_results_csv(report, {"id-a", "-", "id-c"}));
  ASSERT_EQ(rows.size(), 12u);  // 3 configurations x 4 timed runs
  std::map<std::string, std::vector<const std::map<std::string, std::string>*>> by_config;
  for (const auto& row : rows) by_config[row.at("backend") + "/" + row.at("block")].push_back(&row);
  ASSERT_EQ(by_config.size(), 3u);
  for (const auto& [key, runs] : by_config) {
    ASSERT_EQ(runs.size(), 4u) << key;
    std::vector<double> wall;
    std::map<std::string, std::vector<double>> phase;
    for (std::size_t i = 0; i < runs.size(); ++i) {
      const auto& row = *runs[i];
      EXPECT_EQ(num(row, "repeat"), static_cast<double>(i + 1)) << key;
      wall.push_back(num(row, "run_wall_ms"));
      for (const char* p : {"pivot", "independent", "full"})
        if (!row.at(std::string("run_ms_") + p).empty()) phase[p].push_back(num(row, std::string("run_ms_") + p));
    }
    const TimeSpread w = spread_of(wall);
    for (const auto* row : runs) {  // the configuration's aggregates, the same on each of its rows
      EXPECT_NEAR(num(*row, "median_ms"), w.median_ms, 1e-3) << key;
      EXPECT_NEAR(num(*row, "min_ms"), w.min_ms, 1e-3) << key;
      EXPECT_NEAR(num(*row, "max_ms"), w.max_ms, 1e-3) << key;
      EXPECT_NEAR(num(*row, "spread_pct"), w.spread_pct, 1e-2) << key;
      for (const auto& [p, samples] : phase) {
        const TimeSpread s = spread_of(samples);
        EXPECT_NEAR(num(*row, "ms_" + p), s.median_ms, 1e-3) << key << " " << p;
        EXPECT_NEAR(num(*row, "ms_" + p + "_min"), s.min_ms, 1e-3) << key << " " << p;
        EXPECT_NEAR(num(*row, "ms_" + p + "_max"), s.max_ms, 1e-3) << key << " " << p;
      }
    }
  }
  // The first configuration's phases: medians, not the last (slowest) run's times.
  EXPECT_NEAR(num(*by_config["cpu-blocked/16"][0], "ms_independent"), 8.75, 1e-9);
  EXPECT_NEAR(num(*by_config["cpu-blocked/16"][0], "median_ms"), 11.5, 1e-9);
  EXPECT_EQ(by_config["cpu-blocked/16"][0]->at("run_id"), "id-a");
}

TEST(SweepCsv, ValuesThatDoNotApplyAreEmptyCellsNeverMinusOne) {
  const std::string csv = sweep_results_csv(three_configurations(), {"id-a", "-"});
  const Table rows = read_csv(csv);
  ASSERT_EQ(rows.size(), 12u);
  const auto& blocked = rows[0];
  const auto& naive = rows[8];
  EXPECT_EQ(blocked.at("peak_pct"), "12.50");
  EXPECT_EQ(naive.at("peak_pct"), "");               // no device peak known
  EXPECT_EQ(blocked.at("parallel_efficiency"), "");  // no multi-GPU result to scale against
  EXPECT_EQ(blocked.at("gbps_full"), "");            // a phase that did not occur
  EXPECT_EQ(blocked.at("ms_rowcol"), "");
  EXPECT_EQ(blocked.at("run_ms_full"), "");
  EXPECT_EQ(naive.at("ms_pivot_min"), "");
  EXPECT_EQ(blocked.at("upload_ms"), "");
  EXPECT_EQ(blocked.at("threads_per_block"), "");  // a dense variant has no launch knobs
  EXPECT_EQ(blocked.at("batch"), "");
  EXPECT_EQ(rows[4].at("run_id"), "");  // "-": not recorded
  EXPECT_EQ(rows[8].at("run_id"), "");  // no id given
  for (const auto& row : rows)
    for (const auto& [key, value] : row) EXPECT_NE(value, "-1") << key;
  EXPECT_EQ(csv.find(",-1"), std::string::npos) << csv;
  // The graph spec holds commas: its comment value is quoted, one CSV field.
  EXPECT_NE(csv.find("\n# graph: \"er:p=0.05,seed=1,w=1:100\"\n"), std::string::npos) << csv;
}

TEST(SweepCsv, TheLadderCsvKeepsEveryRunWithTheSweepsContextAndEmptyCells) {
  SweepReport report;
  report.spec.repeat = 3;
  report.results = {phased("cuda-simple", 64, {9, 8, 7}, {1, 1, 1}, {6, 6, 6}),
                    phased("cuda-blocked", 64, {2, 3, 2.5}, {1, 1, 1}, {1, 1, 1})};
  report.results[0].peak_pct = 5;
  LadderMeasured m;
  m.occupancy = 0.5;
  const std::string csv = ladder_csv(report, ladder_rows(report, {m}), {"id-1"});
  EXPECT_EQ(csv.rfind("# version: ", 0), 0u) << csv;  // the same context as the results CSV
  const Table rows = read_csv(csv);
  ASSERT_EQ(rows.size(), 6u);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(num(rows[i], "repeat"), static_cast<double>(i % 3 + 1));
    EXPECT_EQ(num(rows[i], "run_wall_ms"), report.results[i / 3].time.samples_ms[i % 3]);
    EXPECT_EQ(num(rows[i], "median_ms"), report.results[i / 3].time.median_ms);
  }
  EXPECT_EQ(rows[0].at("run_id"), "id-1");
  EXPECT_EQ(rows[3].at("run_id"), "");
  EXPECT_EQ(rows[0].at("dram_gbps"), "");  // counters not collected
  EXPECT_EQ(rows[0].at("occupancy"), "0.5");
  EXPECT_EQ(rows[3].at("peak_pct"), "");  // no device peak: empty, not -1
  EXPECT_EQ(num(rows[0], "min_ms"), 7);
  EXPECT_EQ(num(rows[0], "max_ms"), 9);
}

}  // namespace
}  // namespace apsp::bench
