// The scaling model of docs/scaling.md: its 1-, 2- and 4-GPU predictions against the measured points in
// README.md's table (read from the file, so that a re-measurement updates the check), and its structure.
// ScalingModel.DesignNoteTable prints the table of docs/scaling.md:
//   build/tests/engine/apsp_engine_tests --gtest_filter=ScalingModel.DesignNoteTable
#include <apsp/bench/scaling_model.h>
#include <apsp/core/errors.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace apsp::scaling {
namespace {

// The README's command: `apsp bench --backend cuda-tuned:128 ...`, default dtype.
constexpr int kBlock = 128;
constexpr DType kDType = DType::I32;
constexpr const char* kTableMarker = "<!-- scaling-model points";

struct MeasuredRow {
  std::int64_t n = 0;
  std::map<int, double> seconds_by_gpus;
};

std::vector<std::string> cells_of(const std::string& line) {
  std::vector<std::string> cells;
  std::stringstream in(line);
  std::string cell;
  std::getline(in, cell, '|');  // before the first bar
  while (std::getline(in, cell, '|')) {
    const auto b = cell.find_first_not_of(' ');
    const auto e = cell.find_last_not_of(' ');
    cells.push_back(b == std::string::npos ? "" : cell.substr(b, e - b + 1));
  }
  if (!cells.empty() && cells.back().empty()) cells.pop_back();  // after the last bar
  return cells;
}

// "2.36 s" / "609 ms" -> seconds.
double seconds_of(const std::string& text) {
  std::size_t used = 0;
  const double value = std::stod(text, &used);
  const auto unit_at = text.find_first_not_of(' ', used);
  const std::string unit = unit_at == std::string::npos ? "" : text.substr(unit_at);
  if (unit == "s") return value;
  if (unit == "ms") return value / 1e3;
  throw std::runtime_error("time '" + text + "' is not in s or ms");
}

// "1 GPU" / "4 GPUs" -> 1 / 4.
int gpus_of(const std::string& header) {
  std::size_t used = 0;
  const int gpus = std::stoi(header, &used);
  if (header.find("GPU", used) == std::string::npos)
    throw std::runtime_error("column '" + header + "' is not 'k GPUs'");
  return gpus;
}

// The table after the marker comment: | n | 1 GPU | 2 GPUs | 4 GPUs |, one row per n.
std::vector<MeasuredRow> parse_measured_table(const std::string& markdown) {
  std::istringstream in(markdown);
  std::string line;
  while (std::getline(in, line) && line.find(kTableMarker) == std::string::npos) {
  }
  if (!in) throw std::runtime_error(std::string("no line with '") + kTableMarker + "'");
  std::getline(in, line);
  const auto header = cells_of(line);
  if (header.size() < 2 || header[0] != "n") throw std::runtime_error("table header '" + line + "' is not | n | ... |");
  std::vector<int> gpus;
  for (std::size_t c = 1; c < header.size(); ++c) gpus.push_back(gpus_of(header[c]));
  std::getline(in, line);  // | --- | ... |
  std::vector<MeasuredRow> rows;
  while (std::getline(in, line) && line.rfind('|', 0) == 0) {
    const auto cells = cells_of(line);
    if (cells.size() != header.size()) throw std::runtime_error("row '" + line + "' has the wrong cell count");
    MeasuredRow row;
    row.n = std::stoll(cells[0]);
    for (std::size_t c = 1; c < cells.size(); ++c) row.seconds_by_gpus[gpus[c - 1]] = seconds_of(cells[c]);
    rows.push_back(row);
  }
  return rows;
}

std::vector<MeasuredRow> readme_points() {
  std::ifstream f(APSP_README_PATH);
  if (!f) throw std::runtime_error(std::string("cannot read ") + APSP_README_PATH);
  std::stringstream text;
  text << f.rdbuf();
  return parse_measured_table(text.str());
}

Prediction predict_at(std::int64_t n, int gpus, Layout layout, const Link& link, double rate) {
  ModelInput in;
  in.n = n;
  in.block = kBlock;
  in.dtype = kDType;
  in.gpus = gpus;
  in.layout = layout;
  in.updates_per_s = rate;
  in.link = link;
  return predict(in);
}

// One H200's rate at n = 65536 (README's one-GPU point), for the structural tests.
double reference_rate() { return calibrate_rate(65536, kBlock, kDType, 18.8); }

TEST(ScalingModel, ReadsTheMeasuredPointsOfTheReadme) {
  const auto rows = readme_points();
  ASSERT_GE(rows.size(), 1u);
  for (const auto& row : rows) {
    EXPECT_GT(row.n, 0);
    for (int gpus : {1, 2, 4}) {
      ASSERT_TRUE(row.seconds_by_gpus.count(gpus)) << "n = " << row.n << ": no " << gpus << "-GPU time";
      EXPECT_GT(row.seconds_by_gpus.at(gpus), 0);
    }
  }
}

TEST(ScalingModel, PredictsTheReadmePointsWithinThreePercent) {
  for (const auto& row : readme_points()) {
    const double rate = calibrate_rate(row.n, kBlock, kDType, row.seconds_by_gpus.at(1));
    for (const auto& [gpus, measured] : row.seconds_by_gpus) {
      const double predicted = predict_at(row.n, gpus, Layout::RowBands, link_nvlink(), rate).seconds;
      EXPECT_NEAR(predicted / measured, 1.0, 0.03)
          << "n = " << row.n << ", " << gpus << " GPUs: predicted " << predicted << " s, measured " << measured << " s";
    }
  }
}

TEST(ScalingModel, ParsesTimesInSecondsAndMilliseconds) {
  const auto rows = parse_measured_table(std::string("text\n") + kTableMarker +
                                         " -->\n| n | 1 GPU | 2 GPUs |\n| --- | --- | --- |\n"
                                         "| 1024 | 1.5 s | 760 ms |\n\nmore text\n| not | this |\n");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].n, 1024);
  EXPECT_DOUBLE_EQ(rows[0].seconds_by_gpus.at(1), 1.5);
  EXPECT_DOUBLE_EQ(rows[0].seconds_by_gpus.at(2), 0.76);
  EXPECT_THROW(parse_measured_table("| n | 1 GPU |\n"), std::runtime_error);
  EXPECT_THROW(parse_measured_table(std::string(kTableMarker) + "\n| n | 1 GPU |\n| --- | --- |\n| 1 | 3 min |\n"),
               std::runtime_error);
}

TEST(ScalingModel, OneGpuIsExactlyTheCalibrationPoint) {
  for (std::int64_t n : {1000, 32768, 65536}) {
    const double rate = calibrate_rate(n, kBlock, kDType, 2.5);
    for (Layout layout : {Layout::RowBands, Layout::BlockCyclic}) {
      const Prediction p = predict_at(n, 1, layout, link_infiniband_ndr(), rate);
      EXPECT_DOUBLE_EQ(p.seconds, 2.5);
      EXPECT_DOUBLE_EQ(p.efficiency, 1.0);
    }
  }
}

TEST(ScalingModel, EfficiencyFallsWithTheGpuCount) {
  const double rate = reference_rate();
  for (Layout layout : {Layout::RowBands, Layout::BlockCyclic}) {
    for (const Link& link : {link_nvlink(), link_infiniband_ndr()}) {
      double previous = 1.0;
      for (int gpus : {2, 4, 8, 16, 32, 64, 256}) {
        const double e = predict_at(65536, gpus, layout, link, rate).efficiency;
        EXPECT_LT(e, previous) << to_string(layout) << ", " << link.name << ", " << gpus << " GPUs";
        EXPECT_GT(e, 0.0);
        previous = e;
      }
    }
  }
}

TEST(ScalingModel, TwoDimensionalLayoutCommunicatesLessOnManyGpus) {
  const double rate = reference_rate();
  for (int gpus : {16, 64, 256}) {
    const Prediction one_d = predict_at(65536, gpus, Layout::RowBands, link_infiniband_ndr(), rate);
    const Prediction two_d = predict_at(65536, gpus, Layout::BlockCyclic, link_infiniband_ndr(), rate);
    EXPECT_LT(two_d.moved_bytes, one_d.moved_bytes) << gpus << " GPUs";
    EXPECT_LT(two_d.seconds, one_d.seconds) << gpus << " GPUs";
  }
  // Square grid: 2 B S e / sqrt(P) against 1D's B S e.
  const Prediction one_d = predict_at(65536, 256, Layout::RowBands, link_nvlink(), rate);
  const Prediction two_d = predict_at(65536, 256, Layout::BlockCyclic, link_nvlink(), rate);
  EXPECT_DOUBLE_EQ(two_d.moved_bytes * 16 / 2, one_d.moved_bytes);
}

TEST(ScalingModel, InfinibandIsSlowerThanNvlink) {
  const double rate = reference_rate();
  for (Layout layout : {Layout::RowBands, Layout::BlockCyclic})
    for (int gpus : {2, 4, 8, 32, 256})
      EXPECT_GT(predict_at(65536, gpus, layout, link_infiniband_ndr(), rate).seconds,
                predict_at(65536, gpus, layout, link_nvlink(), rate).seconds)
          << to_string(layout) << ", " << gpus << " GPUs";
}

TEST(ScalingModel, WholeBandUnitsCostImbalance) {
  const double rate = reference_rate();
  // 640 device rows are 5 units of 128: on 4 GPUs one band has 256 rows, the balanced share is 160.
  const Prediction uneven = predict_at(640, 4, Layout::RowBands, link_nvlink(), rate);
  EXPECT_EQ(uneven.side, 640);
  EXPECT_DOUBLE_EQ(uneven.compute_s / uneven.balanced_compute_s, 256.0 / 160.0);
  const Prediction even = predict_at(65536, 4, Layout::RowBands, link_nvlink(), rate);
  EXPECT_DOUBLE_EQ(even.compute_s, even.balanced_compute_s);
}

TEST(ScalingModel, GridsAreAsSquareAsTheGpuCountAllows) {
  EXPECT_EQ(grid_for(1).rows, 1);
  EXPECT_EQ(grid_for(8).rows, 2);
  EXPECT_EQ(grid_for(8).cols, 4);
  EXPECT_EQ(grid_for(32).rows, 4);
  EXPECT_EQ(grid_for(256).rows, 16);
  EXPECT_EQ(grid_for(256).cols, 16);
  EXPECT_EQ(grid_for(7).rows, 1);
  EXPECT_THROW(grid_for(0), UsageError);
}

TEST(ScalingModel, RefusesMeaninglessInput) {
  const double rate = reference_rate();
  EXPECT_THROW(predict_at(0, 2, Layout::RowBands, link_nvlink(), rate), UsageError);
  EXPECT_THROW(predict_at(1024, 0, Layout::RowBands, link_nvlink(), rate), UsageError);
  EXPECT_THROW(predict_at(1024, 1 << 21, Layout::RowBands, link_nvlink(), rate), UsageError);
  EXPECT_THROW(predict_at(std::int64_t{1} << 31, 2, Layout::RowBands, link_nvlink(), rate), UsageError);
  EXPECT_THROW(predict_at(1024, 2, Layout::RowBands, link_nvlink(), 0.0), UsageError);
  EXPECT_THROW(predict_at(1024, 2, Layout::RowBands, Link{"none", 0, 0}, rate), UsageError);
  EXPECT_THROW(calibrate_rate(1024, kBlock, kDType, 0.0), UsageError);
}

// The table of docs/scaling.md, calibrated from README's one-GPU point at n = 65536. Weak scaling keeps each
// GPU's share of the matrix that of one GPU at n = 65536 (16 GiB of i32): n = 65536 sqrt(P).
TEST(ScalingModel, DesignNoteTable) {
  double t1 = 0;
  for (const auto& row : readme_points())
    if (row.n == 65536) t1 = row.seconds_by_gpus.at(1);
  ASSERT_GT(t1, 0) << "README has no n = 65536 row";
  const double rate = calibrate_rate(65536, kBlock, kDType, t1);
  std::printf("| n | GPUs | link | 1D time | 1D eff. | 2D grid | 2D time | 2D eff. |\n");
  std::printf("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
  for (bool weak : {false, true}) {
    for (int gpus : {1, 2, 4, 8, 32, 256}) {
      if (weak && gpus == 1) continue;
      const std::int64_t n =
          weak ? static_cast<std::int64_t>(std::llround(65536 * std::sqrt(gpus) / 128)) * 128 : 65536;
      for (const Link& link : {link_nvlink(), link_infiniband_ndr()}) {
        if (gpus <= 4 && link.name != link_nvlink().name) continue;
        const Prediction a = predict_at(n, gpus, Layout::RowBands, link, rate);
        const Prediction b = predict_at(n, gpus, Layout::BlockCyclic, link, rate);
        std::printf("| %lld | %d | %s | %.3g s | %.1f %%%s | %d x %d | %.3g s | %.1f %%%s |\n",
                    static_cast<long long>(n), gpus, link.name.c_str(), a.seconds, 100 * a.efficiency,
                    a.chain_bound ? " (chain)" : "", b.grid.rows, b.grid.cols, b.seconds, 100 * b.efficiency,
                    b.chain_bound ? " (chain)" : "");
      }
    }
  }
}

}  // namespace
}  // namespace apsp::scaling
