// The statistical compare: verdicts on synthetic repeats (equal, 3 % slower with low and with high noise, too
// few repeats), its determinism, key matching and runs files named by the user.
#include <apsp/core/errors.h>
#include <apsp/history/run_compare.h>
#include <apsp/history/run_context.h>
#include <apsp/history/run_key.h>
#include <apsp/history/runs_file.h>
#include <gtest/gtest.h>

#include <fstream>

#include "io_test_support.h"

namespace apsp {
namespace {

/// @p count repeats around @p center: a fixed, skewed pattern of relative deviations scaled by @p noise (the
/// largest deviation), like timings with an occasional slow run.
std::vector<double> repeats(double center, double noise, int count, int phase = 0) {
  static const double pattern[] = {0.1, -0.4, 0.9, -0.2, 0.3, -0.7, 1.0, 0.0, -0.5, 0.6, -0.9, 0.2};
  std::vector<double> out;
  for (int i = 0; i < count; ++i) out.push_back(center * (1.0 + noise * pattern[(i + phase) % 12]));
  return out;
}

TEST(SampleCompare, EqualSamplesAreSame) {
  const SampleComparison c = compare_samples(repeats(100, 0.005, 10), repeats(100, 0.005, 10, 3));
  EXPECT_EQ(c.verdict, Verdict::Same) << c.low << " .. " << c.high;
  EXPECT_TRUE(c.has_interval);
  EXPECT_LE(c.low, c.ratio);
  EXPECT_GE(c.high, c.ratio);
}

TEST(SampleCompare, ThreePercentSlowerWithLowNoiseIsSlower) {
  const SampleComparison c = compare_samples(repeats(100, 0.005, 10), repeats(103, 0.005, 10, 5));
  EXPECT_EQ(c.verdict, Verdict::Slower) << c.low << " .. " << c.high;
  EXPECT_GT(c.low, 1.0);
  EXPECT_NEAR(c.ratio, 1.03, 0.01);
  // and the other way round
  EXPECT_EQ(compare_samples(repeats(103, 0.005, 10), repeats(100, 0.005, 10, 5)).verdict, Verdict::Faster);
}

TEST(SampleCompare, ThreePercentSlowerWithHighNoiseIsUnsure) {
  const SampleComparison c = compare_samples(repeats(100, 0.15, 10), repeats(103, 0.15, 10, 5));
  EXPECT_EQ(c.verdict, Verdict::Unsure) << c.low << " .. " << c.high;
  EXPECT_LT(c.low, 1.0);
  EXPECT_GT(c.high, 1.0);
}

TEST(SampleCompare, FewerThanThreeRepeatsAreUnsureNeverSlower) {
  for (int count : {1, 2}) {
    const SampleComparison c = compare_samples(repeats(100, 0.001, count), repeats(150, 0.001, count));
    EXPECT_EQ(c.verdict, Verdict::Unsure) << count;
    EXPECT_FALSE(c.has_interval);
    EXPECT_DOUBLE_EQ(c.ratio, 1.5);
  }
  // three on each side is enough for a clear difference
  EXPECT_EQ(compare_samples({100, 101, 100.5}, {150, 151, 150.5}).verdict, Verdict::Slower);
  EXPECT_EQ(compare_samples({}, {1, 2, 3}).verdict, Verdict::Unsure);
  EXPECT_EQ(compare_samples({0, 0, 0}, {1, 2, 3}).verdict, Verdict::Unsure);
}

TEST(SampleCompare, IsDeterministic) {
  const std::vector<double> a = repeats(100, 0.05, 7), b = repeats(102, 0.05, 6, 4);
  const SampleComparison first = compare_samples(a, b);
  const SampleComparison again = compare_samples(a, b);
  EXPECT_EQ(first.low, again.low);
  EXPECT_EQ(first.high, again.high);
  EXPECT_EQ(first.verdict, again.verdict);
}

TEST(SampleCompare, MedianOfOddAndEvenCounts) {
  EXPECT_DOUBLE_EQ(median_of({3, 1, 2}), 2.0);
  EXPECT_DOUBLE_EQ(median_of({4, 1, 3, 2}), 2.5);
  EXPECT_DOUBLE_EQ(median_of({}), 0.0);
}

RunRecord bench_like(double scale, double noise, int count) {
  RunRecord r;
  r.id = "20261127-101500-aaaa";
  r.source = "bench";
  r.backend = "cpu-blocked";
  r.block = 64;
  r.dtype = "i32";
  r.threads = 2;
  r.threads_asked = 0;
  r.n = 512;
  r.graph = "er:n=512,p=0.05,seed=1";
  r.phases = {{"pivot", 0, 0, 0, repeats(1 * scale, noise, count)},
              {"rowcol", 0, 0, 0, repeats(2 * scale, noise, count, 1)},
              {"independent", 0, 0, 0, repeats(10 * scale, noise, count, 2)}};
  for (RunPhaseTotal& p : r.phases) p.ms = median_of(p.samples_ms);
  r.wall_samples_ms = repeats(14 * scale, noise, count, 3);
  r.wall_ms = median_of(r.wall_samples_ms);
  r.repeats = count;
  return r;
}

const ComparisonRow& row_of(const std::vector<ComparisonRow>& rows, const std::string& what) {
  for (const ComparisonRow& r : rows)
    if (r.what == what) return r;
  throw std::logic_error("no row " + what);
}

TEST(RunCompare, RowsCarryVerdictsFromTheRepeats) {
  const std::vector<ComparisonRow> rows = compare_runs(bench_like(1.0, 0.003, 8), bench_like(1.05, 0.003, 8));
  for (const char* what : {"pivot", "rowcol", "independent", "compute", "wall"}) {
    EXPECT_EQ(row_of(rows, what).stats.verdict, Verdict::Slower) << what;
    EXPECT_NEAR(row_of(rows, what).ratio, 1.05, 0.01) << what;
  }
  EXPECT_EQ(row_of(rows, "compute").stats.count_a, 8);  // the per-repeat sums of the compute phases
  EXPECT_NEAR(row_of(rows, "compute").a_ms, 13.0, 0.1);
  EXPECT_EQ(compare_runs(bench_like(1.0, 0.003, 8), bench_like(1.0, 0.003, 8))[0].stats.verdict, Verdict::Same);
}

TEST(RunCompare, ARecordWithOneSampleComparesAsUnsure) {
  RunRecord solve = bench_like(1.0, 0, 1);  // `apsp solve` and older history: one run
  for (RunPhaseTotal& p : solve.phases) p.samples_ms.clear();
  solve.wall_samples_ms.clear();
  for (const ComparisonRow& row : compare_runs(solve, bench_like(2.0, 0.001, 8))) {
    EXPECT_EQ(row.stats.verdict, Verdict::Unsure) << row.what;
    EXPECT_NEAR(row.ratio, 2.0, 0.01) << row.what;  // the ratio of the figures is still shown
  }
}

TEST(RunKey, DifferencesNameEveryFieldButNotTheCommit) {
  RunRecord a = bench_like(1.0, 0.01, 5), b = a;
  b.commit = "0123abc";
  b.version = "0.2.0";
  b.id = "other";
  EXPECT_TRUE(key_differences(a, b).empty());
  EXPECT_EQ(run_key(a), run_key(b));
  b.n = 1024;
  b.threads_asked = 2;
  b.isa = "generic";
  const std::vector<KeyDifference> d = key_differences(a, b);
  EXPECT_EQ(differing_fields(d), "threads asked, n, isa");
  EXPECT_EQ(describe_differences(d), "threads asked (0 vs 2), n (512 vs 1024), isa (none vs generic)");
  EXPECT_NE(run_key(a), run_key(b));
  EXPECT_EQ(format_change_against(a, b), "differs: threads asked, n, isa");
  EXPECT_EQ(format_change_against(a, bench_like(1.5, 0.01, 5)), "+50.0 %");
}

TEST(RunKey, ThreadsSayAskedAndResolved) {
  RunRecord r = bench_like(1.0, 0.01, 3);
  EXPECT_EQ(threads_text(r.threads_asked, r.threads), "0 (auto: 2)");
  r.threads_asked = 2;
  EXPECT_EQ(threads_text(r.threads_asked, r.threads), "2");
  r.threads_asked = -1;  // older records
  EXPECT_EQ(threads_text(r.threads_asked, r.threads), "2");
  EXPECT_NE(
      describe_configuration(bench_like(1.0, 0.01, 3)).find("cpu-blocked B=64 i32 gpus=1 threads=0 (auto: 2) n=512"),
      std::string::npos);
}

TEST(RunKey, ALoadDifferenceIsFlaggedOnlyWhereBothRunsRecordedTheirLoad) {
  RunRecord a, b;
  EXPECT_EQ(load_difference(a, b), "");  // neither recorded (older records)
  a.load_avg = 0.3;
  EXPECT_EQ(load_difference(a, b), "");  // one recorded
  b.load_avg = 0.3 + kLoadDifferenceWarning - 0.01;
  EXPECT_EQ(load_difference(a, b), "");
  b.load_avg = 2.05;
  EXPECT_NE(load_difference(a, b).find("0.30 at A's start, 2.05 at B's"), std::string::npos) << load_difference(a, b);
  EXPECT_NE(load_difference(b, a), "");
}

TEST(RunsFileByName, ReadsJsonLinesAndRefusesOtherFiles) {
  apsp_test::TempDir dir;
  const std::string lines = dir.file("base.jsonl");
  {
    std::ofstream out(lines);
    out << to_json_line(bench_like(1.0, 0.01, 3)) << "\n";
  }
  EXPECT_EQ(load_runs_file(lines).runs.size(), 1u);
  const std::string bench = dir.file("bench.json");
  {
    std::ofstream out(bench);
    out << "{\"context\": {}, \"benchmarks\": []}\n";
  }
  try {
    load_runs_file(bench);
    FAIL() << "a bench JSON file was read as runs";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("bench.json"), std::string::npos) << e.what();
  }
  EXPECT_THROW(load_runs_file(dir.file("missing.jsonl")), InputError);
  const std::string empty = dir.file("empty.jsonl");
  std::ofstream(empty).close();
  EXPECT_THROW(load_runs_file(empty), InputError);
}

}  // namespace
}  // namespace apsp
