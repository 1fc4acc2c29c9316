// The run history: records round-trip through JSON lines, appends never rewrite, a corrupt line is skipped
// with file:line, ids are unique and sortable, comparisons divide the right figures.
#include <apsp/core/errors.h>
#include <apsp/core/fault_injection.h>
#include <apsp/history/run_compare.h>
#include <apsp/history/run_facts.h>
#include <apsp/history/runs_file.h>
#include <apsp/profile/profile.h>
#include <apsp/report/export_context.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "io_test_support.h"

namespace apsp {
namespace {

ProfileLog two_round_log() {
  ProfileLog log;
  for (int round = 0; round < 2; ++round) {
    for (Phase p : {Phase::Pivot, Phase::PivotRowCol, Phase::Independent}) {
      PhaseSample s;
      s.round = round;
      s.phase = p;
      s.ms = p == Phase::Independent ? 3.0 : 0.5;
      s.updates = 1000;
      s.bytes = 4000;
      s.k_steps = 16;
      log.add(s);
    }
  }
  PhaseSample upload;
  upload.round = -1;
  upload.phase = Phase::Upload;
  upload.ms = 0.125;
  upload.bytes = 1 << 20;
  log.add(upload);
  return log;
}

RunRecord sample_record(double wall_ms) {
  RunDescription what;
  what.source = "solve";
  what.backend = "cpu-blocked";
  what.block = 16;
  what.dtype = "i32";
  what.threads = 2;
  what.n = 32;
  what.graph = "ring:n=32";
  return make_run_record(what, two_round_log(), wall_ms);
}

std::string read_all(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(RunHistory, RecordCarriesPhaseTotalsAndRounds) {
  const RunRecord r = sample_record(9.5);
  EXPECT_EQ(r.source, "solve");
  EXPECT_EQ(r.threads, 2);
  ASSERT_NE(r.phase("independent"), nullptr);
  EXPECT_DOUBLE_EQ(r.phase("independent")->ms, 6.0);
  EXPECT_EQ(r.phase("independent")->updates, 2000u);
  EXPECT_DOUBLE_EQ(r.phase("upload")->ms, 0.125);
  EXPECT_DOUBLE_EQ(r.compute_ms(), 8.0);  // the upload is not compute
  EXPECT_EQ(r.round_ms, (std::vector<double>{4.0, 4.0}));
  EXPECT_DOUBLE_EQ(r.wall_ms, 9.5);
  EXPECT_EQ(r.repeats, 1);
  EXPECT_FALSE(r.version.empty());
  EXPECT_EQ(r.date.size(), 20u);  // 2026-11-22T23:05:12Z
}

TEST(RunHistory, JsonLineRoundTrips) {
  RunRecord r = sample_record(9.5);
  r.devices.push_back({"Test GPU", 132, 1980000, 13000});
  r.graph_hash = "fnv1a64:0123456789abcdef";
  set_wall_times(r, {12, 10, 11});
  const std::string line = to_json_line(r);
  EXPECT_EQ(line.find('\n'), std::string::npos);
  const RunRecord back = parse_run_record(line);
  EXPECT_EQ(back.id, r.id);
  EXPECT_EQ(back.devices.size(), 1u);
  EXPECT_EQ(back.devices[0].sm_count, 132);
  EXPECT_EQ(back.devices[0].driver_version, 13000);
  EXPECT_EQ(back.graph_hash, r.graph_hash);
  EXPECT_EQ(back.phases.size(), r.phases.size());
  EXPECT_DOUBLE_EQ(back.wall_ms, 11);
  EXPECT_DOUBLE_EQ(back.wall_min_ms, 10);
  EXPECT_DOUBLE_EQ(back.wall_max_ms, 12);
  EXPECT_EQ(back.repeats, 3);
  EXPECT_EQ(back.round_ms, r.round_ms);
  EXPECT_THROW(parse_run_record("{\"backend\":\"x\"}"), Error);
  EXPECT_THROW(parse_run_record("{not json"), Error);
}

TEST(RunHistory, ASparseRunKeepsItsEdgesRelaxedAndADenseOneWritesNone) {
  RunRecord r = sample_record(9.5);
  EXPECT_EQ(to_json_line(r).find("\"edges\""), std::string::npos);  // 0: not a sparse run, not written
  r.edges = 123456789012;
  EXPECT_NE(to_json_line(r).find("\"edges\":123456789012,"), std::string::npos) << to_json_line(r);
  EXPECT_EQ(parse_run_record(to_json_line(r)).edges, 123456789012);
}

// The file's format itself: a line in the order runs.jsonl has always been written (no graph_hash for a
// generator) reads back and is written again byte for byte; times are kept to 0.1 us.
TEST(RunHistory, JsonLineFormatIsStable) {
  const std::string line =
      R"({"id":"20261122-230512-3fa9","version":"0.1.0","date":"2026-11-22T23:05:12Z","source":"bench",)"
      R"("commit":"8f05d61-dirty","build":"Release","host":"h","cpu_model":"c","threads":2,"threads_asked":0,)"
      R"("isa":"avx2","devices":[{"name":"G","sm_count":132,"sm_clock_khz":1980000,)"
      R"("driver_version":13000}],"backend":"cuda-tuned","block":64,"gpus":1,"dtype":"i32","n":1024,)"
      R"("graph":"er:n=1024","phase2":"split","phases":[{"phase":"pivot","ms":1.25,"bytes":100,"updates":200,)"
      R"("samples_ms":[1.5,1.25,1.0]}],"wall_ms":3.5,"repeats":3,"wall_min_ms":3.0,"wall_max_ms":4.0,)"
      R"("wall_samples_ms":[4.0,3.5,3.0],"round_ms":[1.25,2.25]})";
  const RunRecord r = parse_run_record(line);
  EXPECT_EQ(r.graph_hash, "");
  EXPECT_EQ(r.phases.at(0).updates, 200u);
  EXPECT_EQ(r.phases.at(0).samples_ms.size(), 3u);
  EXPECT_EQ(r.wall_samples_ms, (std::vector<double>{4.0, 3.5, 3.0}));
  EXPECT_EQ(r.threads_asked, 0);
  EXPECT_EQ(to_json_line(r), line);
  // A line written before repeats and the run's key were kept still reads, with "not recorded" defaults.
  const RunRecord old = parse_run_record(
      R"({"id":"20261122-230512-3fa9","threads":2,"phases":[{"phase":"pivot","ms":1.25}],"wall_ms":3.5})");
  EXPECT_EQ(old.threads_asked, -1);
  EXPECT_TRUE(old.phases.at(0).samples_ms.empty());
  EXPECT_TRUE(old.wall_samples_ms.empty());
  RunRecord fine = r;
  fine.wall_ms = 3.123456789;
  fine.round_ms = {0.000049};
  const RunRecord back = parse_run_record(to_json_line(fine));
  EXPECT_DOUBLE_EQ(back.wall_ms, 3.1235);
  EXPECT_DOUBLE_EQ(back.round_ms.at(0), 0.0);
}

TEST(RunHistory, TheRunContextRoundTrips) {
  RunRecord r = sample_record(9.5);
  EXPECT_EQ(r.threads_asked, 2);
  EXPECT_FALSE(r.isa.empty());  // collected by make_run_record
  EXPECT_FALSE(r.build.empty());
  RunContext context = run_context_of(r);
  context.threads_asked = 0;
  context.threads = 2;
  context.env = {{"APSP_CPU_ISA", "generic"}, {"OMP_NUM_THREADS", "2"}};
  context.cpu_mhz = 2596.1;
  context.load_avg = 0.0;  // an idle machine: recorded, not "unknown"
  context.driver = "580.65.06";
  context.cuda_runtime = 13000;
  context.gpu_clocks = {GpuClockRange{1, 1500, 1980, 2619, 2619}};
  context.sources = "0:8";
  apply_run_context(r, context);
  const RunRecord back = parse_run_record(to_json_line(r));
  EXPECT_EQ(back.threads_asked, 0);
  EXPECT_EQ(back.threads, 2);
  EXPECT_EQ(back.env, context.env);
  EXPECT_DOUBLE_EQ(back.cpu_mhz, 2596.1);
  EXPECT_DOUBLE_EQ(back.load_avg, 0.0);
  EXPECT_EQ(back.driver, "580.65.06");
  EXPECT_EQ(back.cuda_runtime, 13000);
  ASSERT_EQ(back.gpu_clocks.size(), 1u);
  EXPECT_EQ(back.gpu_clocks[0].device, 1);
  EXPECT_EQ(back.gpu_clocks[0].sm_min_mhz, 1500);
  EXPECT_EQ(back.gpu_clocks[0].mem_max_mhz, 2619);
  EXPECT_EQ(back.sources, "0:8");
  EXPECT_EQ(back.isa, r.isa);
  // An environment value that is not text (a hand edit) skips the line like any other wrong type.
  EXPECT_THROW(parse_run_record(R"({"id":"20261122-230512-3fa9","env":{"OMP_NUM_THREADS":2}})"), Error);
}

TEST(RunHistory, IdsAreUniqueAndSortByTime) {
  std::set<std::string> ids;
  for (int i = 0; i < 200; ++i) ids.insert(new_run_id());
  EXPECT_EQ(ids.size(), 200u);
  const std::string id = *ids.begin();
  ASSERT_EQ(id.size(), 20u) << id;  // YYYYMMDD-HHMMSS-xxxx
  EXPECT_EQ(id[8], '-');
  EXPECT_EQ(id[15], '-');
}

TEST(RunHistory, AppendKeepsEveryLineAndSkipsACorruptOne) {
  apsp_test::TempDir dir;
  const std::filesystem::path path = dir.path() / "sub" / "runs.jsonl";
  const RunRecord a = sample_record(10);
  append_run(path, a);
  {
    std::ofstream out(path, std::ios::app);
    out << "{\"id\": \"truncated\", \"phases\": [\n";  // a line cut short by a crash
  }
  const RunRecord b = sample_record(20);
  append_run(path, b);
  const std::string before = read_all(path.string());
  const RunsFile file = read_runs(path);
  ASSERT_EQ(file.runs.size(), 2u);
  EXPECT_EQ(file.runs[0].id, a.id);
  EXPECT_EQ(file.runs[1].id, b.id);
  ASSERT_EQ(file.warnings.size(), 1u);
  EXPECT_NE(file.warnings[0].find(path.string() + ":2:"), std::string::npos) << file.warnings[0];
  EXPECT_EQ(read_all(path.string()), before);  // reading never rewrites
  EXPECT_TRUE(read_runs(dir.path() / "missing.jsonl").runs.empty());
}

TEST(RunHistory, AppendOnAFullDiskLeavesNoPartialLine) {
  apsp_test::TempDir dir;
  const std::filesystem::path path = dir.path() / "runs.jsonl";
  const RunRecord a = sample_record(10);
  append_run(path, a);
  const std::string after_a = read_all(path.string());
  set_faults("history_write");  // the disk fills up halfway through the next line
  try {
    append_run(path, sample_record(20));
    ADD_FAILURE() << "a cut-short append must throw";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(path.string() + ": cannot append"), std::string::npos) << e.what();
  }
  set_faults("");
  EXPECT_EQ(read_all(path.string()), after_a) << "the cut-short line must be taken back";
  const RunRecord c = sample_record(30);
  append_run(path, c);
  const RunsFile file = read_runs(path);
  ASSERT_EQ(file.runs.size(), 2u);
  EXPECT_EQ(file.runs[0].id, a.id);
  EXPECT_EQ(file.runs[1].id, c.id);
  EXPECT_TRUE(file.warnings.empty()) << file.warnings.front();
}

TEST(RunHistory, ARecordGluedToAPartialLineIsStillRead) {
  apsp_test::TempDir dir;
  const std::filesystem::path path = dir.path() / "runs.jsonl";
  const RunRecord a = sample_record(10), c = sample_record(30), d = sample_record(40);
  const std::string partial = to_json_line(sample_record(20)).substr(0, 90);  // no newline: a write cut short
  apsp_test::write_bytes(path.string(),
                         to_json_line(a) + "\n" + partial + to_json_line(c) + "\n" + "not json at all\n" + to_json_line(d) + "\n");
  const RunsFile file = read_runs(path);
  ASSERT_EQ(file.runs.size(), 3u);
  EXPECT_EQ(file.runs[0].id, a.id);
  EXPECT_EQ(file.runs[1].id, c.id);
  EXPECT_EQ(file.runs[1].wall_ms, 30);
  EXPECT_EQ(file.runs[2].id, d.id);
  ASSERT_EQ(file.warnings.size(), 2u);  // the partial record and the line of text, each skipped up to its newline
  EXPECT_NE(file.warnings[0].find(path.string() + ":2:"), std::string::npos) << file.warnings[0];
  EXPECT_NE(file.warnings[1].find(path.string() + ":3:"), std::string::npos) << file.warnings[1];
}

TEST(RunHistory, EveryNumberIsCheckedAndABadOneSkipsItsRecord) {
  // Each would reach a plain float-to-int cast (undefined behaviour; 1e300 read as -2147483648) or is no count.
  for (const char* bad : {R"({"id":"x","n":1e300})", R"({"id":"x","n":2147483648})", R"({"id":"x","n":-2147483649})",
                          R"({"id":"x","n":1.5})", R"({"id":"x","threads":-1e19})", R"({"id":"x","block":"16"})",
                          R"({"id":"x","devices":[{"sm_count":1e10}]})", R"({"id":"x","phases":[{"bytes":-1}]})",
                          R"({"id":"x","phases":[{"updates":1e20}]})", R"({"id":"x","wall_ms":1e999})",
                          R"({"id":"x","round_ms":[1,1e999]})", R"({"id":"x","round_ms":[1,"2"]})"}) {
    SCOPED_TRACE(bad);
    EXPECT_THROW(parse_run_record(bad), Error);
  }
  // Integral values written as reals, and the extremes of each type, are read.
  const RunRecord r = parse_run_record(
      R"({"id":"x","n":-2147483648,"block":16.0,"gpus":2e0,"phases":[{"phase":"full","ms":1.5,"bytes":18446744073709551615,"updates":1e18}],"round_ms":[0.5]})");
  EXPECT_EQ(r.n, -2147483648);
  EXPECT_EQ(r.block, 16);
  EXPECT_EQ(r.gpus, 2);
  ASSERT_EQ(r.phases.size(), 1u);
  EXPECT_EQ(r.phases[0].bytes, 18446744073709551615ull);
  EXPECT_EQ(r.phases[0].updates, 1000000000000000000ull);

  apsp_test::TempDir dir;
  const std::filesystem::path path = dir.path() / "runs.jsonl";
  const RunRecord a = sample_record(10);
  apsp_test::write_bytes(path.string(), R"({"id":"bad","n":1e300})" "\n" + to_json_line(a) + "\n");
  const RunsFile file = read_runs(path);
  ASSERT_EQ(file.runs.size(), 1u);
  EXPECT_EQ(file.runs[0].id, a.id);
  ASSERT_EQ(file.warnings.size(), 1u);
  EXPECT_NE(file.warnings[0].find(path.string() + ":1: skipped"), std::string::npos) << file.warnings[0];
  EXPECT_NE(file.warnings[0].find("'n'"), std::string::npos) << file.warnings[0];
}

TEST(RunHistory, FindByIdPrefixOrLast) {
  std::vector<RunRecord> runs{sample_record(1), sample_record(2)};
  runs[0].id = "20261122-230512-aaaa";
  runs[1].id = "20261122-230513-bbbb";
  EXPECT_EQ(&find_run(runs, "20261122-230512-aaaa"), &runs[0]);
  EXPECT_EQ(&find_run(runs, "20261122-230513"), &runs[1]);
  EXPECT_EQ(&find_run(runs, "last"), &runs[1]);
  EXPECT_THROW(find_run(runs, "20261122-2305"), UsageError);  // ambiguous
  EXPECT_THROW(find_run(runs, "nope"), UsageError);
}

TEST(RunHistory, CompareGivesRatiosBOverA) {
  RunRecord a = sample_record(10);
  RunRecord b = sample_record(15);
  b.phases[2].ms = 12.0;  // independent: 6 -> 12
  b.phases[2].samples_ms = {12.0};
  const std::vector<ComparisonRow> rows = compare_runs(a, b);
  auto row = [&](const std::string& what) {
    for (const ComparisonRow& r : rows)
      if (r.what == what) return r;
    ADD_FAILURE() << "no row " << what;
    return ComparisonRow{};
  };
  EXPECT_DOUBLE_EQ(row("independent").ratio, 2.0);
  EXPECT_DOUBLE_EQ(row("pivot").ratio, 1.0);
  EXPECT_DOUBLE_EQ(row("compute").a_ms, 8.0);
  EXPECT_DOUBLE_EQ(row("compute").b_ms, 14.0);
  EXPECT_DOUBLE_EQ(row("wall").ratio, 1.5);
  EXPECT_EQ(rows.back().what, "wall");
  // ±% compares the compute time (8 -> 14 ms), not the wall time (10 -> 15 ms).
  EXPECT_DOUBLE_EQ(percent_change(a, b), 75.0);
  EXPECT_EQ(format_percent_change(a, b), "+75.0 %");
  EXPECT_EQ(format_percent_change(b, a), "-42.9 %");
  RunRecord no_phases = a;
  no_phases.phases.clear();
  EXPECT_DOUBLE_EQ(percent_change(no_phases, b), 50.0);  // no compute time: the wall time
}

TEST(RunHistory, PathFollowsXdgDataHomeAndTheOptOut) {
  apsp_test::TempDir dir;
  const char* old_data = std::getenv("XDG_DATA_HOME");
  const std::string saved = old_data ? old_data : "";
  ::setenv("XDG_DATA_HOME", dir.path().c_str(), 1);
  EXPECT_EQ(runs_file_path(), dir.path() / "apsp-studio" / "runs.jsonl");
  ::setenv("APSP_HISTORY", "off", 1);
  EXPECT_FALSE(history_enabled_by_environment());
  EXPECT_EQ(try_append_run(sample_record(1), true), "");
  EXPECT_FALSE(std::filesystem::exists(runs_file_path()));
  ::unsetenv("APSP_HISTORY");
  EXPECT_TRUE(history_enabled_by_environment());
  EXPECT_EQ(try_append_run(sample_record(1), false), "");  // --no-history
  EXPECT_FALSE(std::filesystem::exists(runs_file_path()));
  EXPECT_EQ(try_append_run(sample_record(1), true), "");
  EXPECT_EQ(read_runs(runs_file_path()).runs.size(), 1u);
  if (old_data)
    ::setenv("XDG_DATA_HOME", saved.c_str(), 1);
  else
    ::unsetenv("XDG_DATA_HOME");
}

TEST(RunHistory, ExportContextNamesTheDevice) {
  RunRecord r = sample_record(1);
  r.cpu_model = "Test CPU";
  EXPECT_EQ(export_context(r).device, "cpu: Test CPU");
  EXPECT_EQ(export_context(r).run_id, r.id);
  EXPECT_EQ(export_context(r).n, 32);
  EXPECT_EQ(export_context(r).threads, 2);
  r.devices = {{"Test GPU", 132, 1980000, 13000}, {"Test GPU", 132, 1980000, 13000}};
  EXPECT_EQ(export_context(r).device, "Test GPU x 2");
}

TEST(RunHistory, FileFingerprintIsFnv1a64OfTheBytes) {
  apsp_test::TempDir dir;
  const std::string path = dir.file("g.txt");
  apsp_test::write_bytes(path, "a");
  EXPECT_EQ(file_fingerprint(path), "fnv1a64:af63dc4c8601ec8c");  // FNV-1a 64 of "a" (published test vector)
  EXPECT_EQ(file_fingerprint(dir.file("missing")), "");
}

}  // namespace
}  // namespace apsp
