// `apsp runs compare` and `apsp runs gate` on hand-written histories: a mismatch of configurations is refused
// naming every differing field, the gate's exit status for a pass, a confirmed regression and an unsure
// result, baselines given as files, and `runs list --baseline` / `runs show` text.
#include <apsp/core/errors.h>
#include <apsp/core/format.h>
#include <apsp/history/runs_file.h>
#include <apsp/report/bench_json_writer.h>
#include <apsp/report/export_context.h>

#include <algorithm>
#include <fstream>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

/// @p count repeats around @p center, deviating by up to @p noise (relative) in a fixed pattern.
std::vector<double> repeats(double center, double noise, int count, int shift = 0) {
  static const double pattern[] = {0.1, -0.4, 0.9, -0.2, 0.3, -0.7, 1.0, 0.0, -0.5, 0.6, -0.9, 0.2};
  std::vector<double> out;
  for (int i = 0; i < count; ++i) out.push_back(center * (1.0 + noise * pattern[(i + shift) % 12]));
  return out;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

/// A bench record of cpu-blocked B=64 n=512 whose independent phase takes @p independent_ms (the others fixed).
RunRecord bench_record(const std::string& id, double independent_ms, double noise, int count = 8) {
  RunRecord r;
  r.id = id;
  r.version = "0.1.0";
  r.date = "2026-11-27T10:00:00Z";
  r.source = "bench";
  r.commit = id;  // another commit each: not part of the key
  r.backend = "cpu-blocked";
  r.block = 64;
  r.dtype = "i32";
  r.threads = 2;
  r.threads_asked = 0;
  r.n = 512;
  r.graph = "er:n=512,p=0.05,seed=1";
  r.phases = {{"pivot", 0, 0, 0, repeats(1.0, 0.003, count)},
              {"rowcol", 0, 0, 0, repeats(2.0, 0.003, count, 1)},
              {"independent", 0, 0, 0, repeats(independent_ms, noise, count, 2)}};
  for (RunPhaseTotal& p : r.phases) p.ms = median(p.samples_ms);
  r.wall_samples_ms = repeats(3.5 + independent_ms, noise, count, 3);
  r.wall_ms = median(r.wall_samples_ms);
  r.repeats = count;
  r.wall_min_ms = *std::min_element(r.wall_samples_ms.begin(), r.wall_samples_ms.end());
  r.wall_max_ms = *std::max_element(r.wall_samples_ms.begin(), r.wall_samples_ms.end());
  return r;
}

class CliCompare : public TempDir {
 protected:
  std::string env() const { return "XDG_DATA_HOME='" + path("data") + "'"; }
  void write_history(const std::vector<RunRecord>& runs) const {
    write_runs(path("data/apsp-studio/runs.jsonl"), runs);
  }
  static void write_runs(const std::string& file, const std::vector<RunRecord>& runs) {
    std::filesystem::create_directories(std::filesystem::path(file).parent_path());
    std::ofstream out(file);
    for (const RunRecord& r : runs) out << to_json_line(r) << "\n";
  }
  RunResult apsp(const std::string& args) const { return run_apsp(args, env()); }
};

TEST_F(CliCompare, AMismatchIsRefusedNamingEveryDifferingField) {
  RunRecord a = bench_record("20261127-100000-aaaa", 10, 0.003);
  RunRecord b = bench_record("20261127-100100-bbbb", 10, 0.003);
  b.n = 1024;
  b.threads_asked = 2;  // the history used to store --threads 0 as the resolved 2
  write_history({a, b});
  const RunResult refused = apsp("runs compare " + a.id + " " + b.id);
  EXPECT_EQ(refused.status, exit_status::kUsage) << refused.output;
  EXPECT_EQ(lines_of(refused.output).size(), 1u) << refused.output;
  EXPECT_NE(refused.output.find("threads asked (0 vs 2), n (512 vs 1024)"), std::string::npos) << refused.output;
  EXPECT_NE(refused.output.find("--allow-mismatch"), std::string::npos) << refused.output;

  const RunResult allowed = apsp("runs compare --allow-mismatch " + a.id + " " + b.id);
  EXPECT_EQ(allowed.status, 0) << allowed.output;
  EXPECT_NE(allowed.output.find("differs: threads asked (0 vs 2), n (512 vs 1024)"), std::string::npos)
      << allowed.output;

  // runs list --baseline: no percentage between two configurations
  const RunResult list = apsp("runs list --baseline " + a.id);
  ASSERT_EQ(list.status, 0) << list.output;
  EXPECT_NE(list.output.find("differs: threads asked, n"), std::string::npos) << list.output;
  EXPECT_EQ(list.output.find('%'), std::string::npos) << list.output;
}

TEST_F(CliCompare, CompareGivesMediansRatiosIntervalsAndVerdicts) {
  const RunRecord a = bench_record("20261127-100000-aaaa", 10, 0.003);
  const RunRecord b = bench_record("20261127-100100-bbbb", 11, 0.003);
  write_history({a, b});
  const RunResult compare = apsp("runs compare " + a.id + " " + b.id);
  ASSERT_EQ(compare.status, 0) << compare.output;
  std::string independent, pivot;
  for (const std::string& line : lines_of(compare.output)) {
    if (line.rfind("independent ", 0) == 0) independent = line;
    if (line.rfind("pivot ", 0) == 0) pivot = line;
  }
  EXPECT_NE(independent.find(" 1.100 "), std::string::npos) << compare.output;
  EXPECT_NE(independent.find(" .. "), std::string::npos) << compare.output;
  EXPECT_NE(independent.find("slower"), std::string::npos) << compare.output;
  EXPECT_NE(pivot.find("same"), std::string::npos) << compare.output;
}

TEST_F(CliCompare, GateExitStatusForPassRegressionAndUnsure) {
  const RunRecord base = bench_record("20261127-100000-aaaa", 10, 0.003);
  const RunRecord same = bench_record("20261127-100100-bbbb", 10.05, 0.003, 7);
  const RunRecord slow = bench_record("20261127-100200-cccc", 11, 0.003);    // 10 % slower, quiet
  const RunRecord noisy = bench_record("20261127-100300-dddd", 10.6, 0.3);   // 6 % slower, noisy
  const RunRecord few = bench_record("20261127-100400-eeee", 20, 0.003, 2);  // twice as slow, 2 repeats
  write_history({base, same, slow, noisy, few});

  const RunResult pass = apsp("runs gate --baseline " + base.id + " --candidate " + same.id);
  EXPECT_EQ(pass.status, 0) << pass.output;
  EXPECT_NE(pass.output.find("pass: 1 configuration"), std::string::npos) << pass.output;

  const RunResult regression = apsp("runs gate --baseline " + base.id + " --candidate " + slow.id);
  EXPECT_EQ(regression.status, exit_status::kRegression) << regression.output;
  EXPECT_NE(regression.output.find("confirmed regression"), std::string::npos) << regression.output;
  EXPECT_NE(regression.output.find("cpu-blocked B=64 i32 gpus=1 threads=0 (auto: 2) n=512"), std::string::npos)
      << regression.output;
  EXPECT_NE(regression.output.find("independent 1.100"), std::string::npos) << regression.output;
  // within a larger allowance it passes, and says it was slower
  const RunResult allowed = apsp("runs gate --baseline " + base.id + " --candidate " + slow.id + " --max-regress 15%");
  EXPECT_EQ(allowed.status, 0) << allowed.output;
  EXPECT_NE(allowed.output.find("slower"), std::string::npos) << allowed.output;

  for (const RunRecord* unsure : {&noisy, &few}) {
    const RunResult r = apsp("runs gate --baseline " + base.id + " --candidate " + unsure->id);
    EXPECT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("unsure"), std::string::npos) << r.output;
  }

  // without --candidate: the history's newest run of the baseline's configuration (here the 2-repeat one)
  const RunResult newest = apsp("runs gate --baseline " + base.id);
  EXPECT_EQ(newest.status, 0) << newest.output;
  EXPECT_NE(newest.output.find(few.id), std::string::npos) << newest.output;

  EXPECT_EQ(apsp("runs gate --baseline " + base.id + " --max-regress lots").status, exit_status::kUsage);
}

TEST_F(CliCompare, GateJudgesTheTotalsAndNamesThePhase) {
  const RunRecord base = bench_record("20261127-100000-aaaa", 10, 0.003);
  // The pivot phase (1 ms of 13) 50 % slower: the compute time is 4 % slower, within the 5 % allowed.
  RunRecord pivot = bench_record("20261127-100100-bbbb", 10, 0.003);
  for (double& ms : pivot.phases[0].samples_ms) ms *= 1.5;
  pivot.phases[0].ms *= 1.5;
  // A lost overlap (look-ahead off on a GPU): the phases as before, the wall time 10 % longer.
  RunRecord overlap = bench_record("20261127-100200-cccc", 10, 0.003);
  for (double& ms : overlap.wall_samples_ms) ms *= 1.1;
  overlap.wall_ms *= 1.1;
  write_history({base, pivot, overlap});

  const RunResult phase_only = apsp("runs gate --baseline " + base.id + " --candidate " + pivot.id);
  EXPECT_EQ(phase_only.status, 0) << phase_only.output;
  EXPECT_NE(phase_only.output.find("phase pivot 1.500"), std::string::npos) << phase_only.output;
  const RunResult wall = apsp("runs gate --baseline " + base.id + " --candidate " + overlap.id);
  EXPECT_EQ(wall.status, exit_status::kRegression) << wall.output;
  EXPECT_NE(wall.output.find(": wall 1.100"), std::string::npos) << wall.output;
}

TEST_F(CliCompare, GateAndCompareWarnWhenTheMachinesLoadDiffered) {
  RunRecord base = bench_record("20261127-100000-aaaa", 10, 0.003);
  RunRecord cand = bench_record("20261127-110000-bbbb", 10, 0.003);
  base.load_avg = 0.25;
  cand.load_avg = 1.75;
  write_history({base, cand});
  const RunResult gate = apsp("runs gate --baseline " + base.id + " --candidate " + cand.id);
  EXPECT_EQ(gate.status, 0) << gate.output;  // a warning, not a verdict: the load is not the code
  EXPECT_NE(gate.output.find("warning: cpu-blocked B=64"), std::string::npos) << gate.output;
  EXPECT_NE(gate.output.find("the load differed: 0.25 at A's start, 1.75 at B's"), std::string::npos) << gate.output;
  const RunResult compare = apsp("runs compare " + base.id + " " + cand.id);
  EXPECT_EQ(compare.status, 0) << compare.output;
  EXPECT_NE(compare.output.find("warning: the load differed"), std::string::npos) << compare.output;
  cand.load_avg = 0.5;
  write_history({base, cand});
  EXPECT_EQ(apsp("runs gate --baseline " + base.id + " --candidate " + cand.id).output.find("warning"),
            std::string::npos);
}

TEST_F(CliCompare, GateReadsBaselineFilesAndMatchesConfigurationsByKey) {
  RunRecord base64 = bench_record("20261127-100000-aaaa", 10, 0.003);
  RunRecord base128 = bench_record("20261127-100000-aaab", 8, 0.003);
  base128.block = 128;
  RunRecord base_only = bench_record("20261127-100000-aaac", 8, 0.003);
  base_only.dtype = "i16";
  write_runs(path("baseline.jsonl"), {base64, base128, base_only});
  RunRecord cand64 = bench_record("20261127-110000-bbbb", 10, 0.003);
  RunRecord cand128 = bench_record("20261127-110000-bbbc", 9, 0.003);  // 12.5 % slower
  cand128.block = 128;
  write_runs(path("candidate.jsonl"), {cand128, cand64});
  const RunResult gate =
      apsp("runs gate --baseline " + path("baseline.jsonl") + " --candidate " + path("candidate.jsonl"));
  EXPECT_EQ(gate.status, exit_status::kRegression) << gate.output;
  EXPECT_NE(gate.output.find("B=128"), std::string::npos) << gate.output;
  EXPECT_NE(gate.output.find("only in the baseline (not compared): cpu-blocked B=64 i16"), std::string::npos)
      << gate.output;
  // The same runs as apsp bench --json files (Google Benchmark's layout) judge the same way.
  std::ofstream(path("baseline.json")) << bench_json({base64, base128, base_only}, export_context(base64));
  std::ofstream(path("candidate.json")) << bench_json({cand128, cand64}, export_context(cand64));
  const RunResult json_gate =
      apsp("runs gate --baseline " + path("baseline.json") + " --candidate " + path("candidate.json"));
  EXPECT_EQ(json_gate.status, exit_status::kRegression) << json_gate.output;
  EXPECT_NE(json_gate.output.find("B=128"), std::string::npos) << json_gate.output;

  // a single configuration on each side that differs: refused like compare
  RunRecord other = cand64;
  other.n = 1024;
  write_runs(path("other.jsonl"), {other});
  write_runs(path("one.jsonl"), {base64});
  const RunResult mismatch = apsp("runs gate --baseline " + path("one.jsonl") + " --candidate " + path("other.jsonl"));
  EXPECT_EQ(mismatch.status, exit_status::kUsage) << mismatch.output;
  EXPECT_NE(mismatch.output.find("n (512 vs 1024)"), std::string::npos) << mismatch.output;
  // a baseline file that holds no runs names the file
  std::ofstream(path("empty.jsonl")) << "not a record\n";
  const RunResult empty = apsp("runs gate --baseline " + path("empty.jsonl"));
  EXPECT_EQ(empty.status, exit_status::kUsage) << empty.output;
  EXPECT_NE(empty.output.find("empty.jsonl"), std::string::npos) << empty.output;
}

TEST_F(CliCompare, ShowPrintsPhaseRangesAndThreadsAskedAndResolved) {
  const RunRecord r = bench_record("20261127-100000-aaaa", 10, 0.01);
  write_history({r});
  const RunResult show = apsp("runs show last");
  ASSERT_EQ(show.status, 0) << show.output;
  EXPECT_NE(show.output.find("threads 0 (auto: 2)"), std::string::npos) << show.output;
  const RunPhaseTotal& p = r.phases[2];
  const auto [lo, hi] = std::minmax_element(p.samples_ms.begin(), p.samples_ms.end());
  EXPECT_NE(show.output.find(format_duration_ms(*lo) + " .. " + format_duration_ms(*hi)), std::string::npos)
      << show.output;
}

}  // namespace
}  // namespace apsp::test
