// The benchmark JSON (apsp bench --json, apsp runs show --json): Google Benchmark's layout with every timed run,
// aggregates that follow from the runs, a reader that gives back the records written, and one line naming the
// file and the JSON path for anything it cannot read.
#include <apsp/core/errors.h>
#include <apsp/history/bench_json.h>
#include <apsp/history/run_facts.h>
#include <apsp/report/bench_json_writer.h>
#include <apsp/report/export_context.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace apsp {
namespace {

RunPhaseTotal phase(const char* name, std::vector<double> samples, std::uint64_t bytes) {
  RunPhaseTotal p;
  p.phase = name;
  p.samples_ms = samples;
  std::sort(samples.begin(), samples.end());
  const std::size_t m = samples.size() / 2;
  p.ms = samples.size() % 2 ? samples[m] : 0.5 * (samples[m - 1] + samples[m]);
  p.bytes = bytes;
  p.updates = 1000;
  return p;
}

/// A CPU run of five repeats (the slowest last, as in a warming machine) with an upload timed once.
RunRecord cpu_record() {
  RunRecord r;
  r.id = "20261127-101500-0a1b";
  r.version = "0.1.0";
  r.date = "2026-11-27T10:15:00Z";
  r.host = "bench-host";
  r.source = "bench";
  r.commit = "59f1620";
  r.build = "Release";
  r.cpu_model = "Test CPU";
  r.threads = 2;
  r.threads_asked = 0;
  r.isa = "avx2";
  r.backend = "cpu-blocked";
  r.block = 64;
  r.dtype = "i16";
  r.n = 1024;
  r.graph = "er:n=1024,p=0.05,seed=1,w=1:100";
  r.phases = {phase("pivot", {0.25, 0.5, 0.375, 0.25, 1.5}, 4096),
              phase("rowcol", {1.5, 1.25, 2, 1.75, 4}, 8192),
              phase("independent", {10, 9.5, 11, 10.25, 20}, 65536),
              phase("upload", {0.125}, 1 << 20)};
  set_wall_times(r, {12.0625, 11.5, 13.25, 12.5, 25.125});
  r.round_ms = {0.5, 0.75, 0.625};
  return r;
}

/// A GPU run of four repeats (an even count: the median is the mean of the middle two).
RunRecord gpu_record() {
  RunRecord r = cpu_record();
  r.id = "20261127-101501-0a1c";
  r.backend = "cuda-tuned";
  r.dtype = "i32";
  r.n = 8192;
  r.threads_asked = -1;
  r.devices = {{"NVIDIA H100", 132, 1980000, 13000}};
  r.phase2 = "split";
  r.phases = {phase("pivot", {1, 1.25, 1.125, 1.5}, 1), phase("full", {100, 101.5, 99.25, 100.75}, 2)};
  set_wall_times(r, {102.5, 103.75, 101.25, 104});
  return r;
}

ExportContext sweep_context() {
  return ExportContextBuilder().many_runs().dtype("i16,i32").threads(0).graph("er:p=0.05").device("cpu: Test CPU").build();
}

std::string document_of(const std::vector<RunRecord>& records) { return bench_json(records, sweep_context()); }

TEST(BenchJson, RoundTripGivesBackTheRecordsWithEveryRepeat) {
  const std::vector<RunRecord> records = {cpu_record(), gpu_record()};
  const std::vector<RunRecord> back = parse_bench_json(document_of(records), "b.json");
  ASSERT_EQ(back.size(), records.size());
  for (std::size_t i = 0; i < records.size(); ++i) EXPECT_EQ(to_json_line(back[i]), to_json_line(records[i])) << i;
  EXPECT_EQ(back[0].wall_samples_ms.size(), 5u);
  EXPECT_EQ(back[0].phase("independent")->samples_ms.size(), 5u);
  EXPECT_EQ(back[0].phase("upload")->samples_ms.size(), 1u);
}

TEST(BenchJson, GoogleBenchmarkLayout) {
  const nlohmann::json doc = nlohmann::json::parse(document_of({cpu_record(), gpu_record()}));
  const nlohmann::json& context = doc.at("context");
  for (const char* key : {"date", "host_name", "executable", "num_cpus", "mhz_per_cpu", "load_avg", "library_build_type"})
    EXPECT_TRUE(context.contains(key)) << key;
  EXPECT_EQ(context.at("date"), "2026-11-27T10:15:00Z");
  EXPECT_EQ(context.at("host_name"), "bench-host");
  EXPECT_EQ(context.at("apsp").at("dtype"), "i16,i32");
  const nlohmann::json& entries = doc.at("benchmarks");
  // 5 runs + 6 aggregates, then 4 runs + 6 aggregates.
  ASSERT_EQ(entries.size(), 21u);
  const nlohmann::json& first = entries.at(0);
  EXPECT_EQ(first.at("name"), "cpu-blocked/B:64/threads:2/i16/n:1024");
  EXPECT_EQ(first.at("run_name"), first.at("name"));
  EXPECT_EQ(first.at("run_type"), "iteration");
  EXPECT_EQ(first.at("family_index"), 0);
  EXPECT_EQ(first.at("repetitions"), 5);
  EXPECT_EQ(first.at("repetition_index"), 0);
  EXPECT_EQ(first.at("iterations"), 1);
  EXPECT_EQ(first.at("time_unit"), "ms");
  EXPECT_DOUBLE_EQ(first.at("real_time").get<double>(), 12.0625);
  EXPECT_DOUBLE_EQ(first.at("cpu_time").get<double>(), 12.0625);
  EXPECT_DOUBLE_EQ(first.at("independent_ms").get<double>(), 10);
  EXPECT_DOUBLE_EQ(first.at("upload_ms").get<double>(), 0.125);
  EXPECT_FALSE(entries.at(1).contains("upload_ms"));  // timed once
  EXPECT_EQ(first.at("apsp").at("id"), "20261127-101500-0a1b");
  EXPECT_EQ(first.at("apsp").at("isa"), "avx2");
  EXPECT_FALSE(first.at("apsp").contains("wall_samples_ms"));
  std::vector<std::string> aggregates;
  for (const nlohmann::json& e : entries)
    if (e.at("run_type") == "aggregate" && e.at("family_index") == 0) aggregates.push_back(e.at("aggregate_name"));
  EXPECT_EQ(aggregates, (std::vector<std::string>{"mean", "median", "stddev", "cv", "min", "max"}));
  EXPECT_EQ(entries.at(5).at("name"), "cpu-blocked/B:64/threads:2/i16/n:1024_mean");
  EXPECT_EQ(entries.at(8).at("aggregate_unit"), "percentage");  // cv
  EXPECT_EQ(entries.at(11).at("name"), "cuda-tuned/B:64/gpus:1/i32/n:8192");
}

/// Median, min and max of each configuration recomputed from its iteration entries equal its aggregate entries.
TEST(BenchJson, AggregatesAreTheStatisticsOfTheRuns) {
  const nlohmann::json doc = nlohmann::json::parse(document_of({cpu_record(), gpu_record()}));
  std::map<std::pair<int, std::string>, std::vector<double>> runs;  // (family, field) -> values in order
  for (const nlohmann::json& e : doc.at("benchmarks")) {
    if (e.at("run_type") != "iteration") continue;
    for (const auto& [key, value] : e.items())
      if (key == "real_time" || (key.size() > 3 && key.substr(key.size() - 3) == "_ms"))
        runs[{e.at("family_index").get<int>(), key}].push_back(value.get<double>());
  }
  int checked = 0;
  for (const nlohmann::json& e : doc.at("benchmarks")) {
    if (e.at("run_type") != "aggregate") continue;
    const std::string name = e.at("aggregate_name");
    for (const auto& [key, value] : e.items()) {
      const auto it = runs.find({e.at("family_index").get<int>(), key});
      if (it == runs.end()) continue;
      std::vector<double> v = it->second;
      std::sort(v.begin(), v.end());
      const std::size_t m = v.size() / 2;
      double expected = 0;
      if (name == "median") expected = v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
      else if (name == "min") expected = v.front();
      else if (name == "max") expected = v.back();
      else continue;
      EXPECT_DOUBLE_EQ(value.get<double>(), expected) << e.at("name") << " " << key;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 3 * (5 + 3));  // median, min, max of real_time and each phase of both runs
  const nlohmann::json& median_cpu = doc.at("benchmarks").at(6);
  ASSERT_EQ(median_cpu.at("aggregate_name"), "median");
  EXPECT_DOUBLE_EQ(median_cpu.at("real_time").get<double>(), 12.5);  // not the last run's 25.125
}

TEST(BenchJson, RecordWithoutRepeatsIsOneRunOfItsMedian) {
  RunRecord r = cpu_record();
  r.wall_samples_ms.clear();
  for (RunPhaseTotal& p : r.phases) p.samples_ms.clear();
  const nlohmann::json doc = nlohmann::json::parse(document_of({r}));
  ASSERT_EQ(doc.at("benchmarks").size(), 1u);  // no aggregates over one run
  EXPECT_DOUBLE_EQ(doc.at("benchmarks").at(0).at("real_time").get<double>(), r.wall_ms);
  const std::vector<RunRecord> back = parse_bench_json(doc.dump(), "old.json");
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].repeats, 1);
  EXPECT_DOUBLE_EQ(back[0].wall_ms, r.wall_ms);
}

TEST(BenchJson, ReadsOtherTimeUnits) {
  nlohmann::json doc = nlohmann::json::parse(document_of({cpu_record()}));
  doc["benchmarks"][0]["real_time"] = 12062.5;
  doc["benchmarks"][0]["time_unit"] = "us";
  const std::vector<RunRecord> back = parse_bench_json(doc.dump(), "b.json");
  EXPECT_DOUBLE_EQ(back.at(0).wall_samples_ms.at(0), 12.0625);
}

/// The message a reader gives for @p text, "" when it reads.
std::string error_of(const std::string& text) {
  try {
    parse_bench_json(text, "baseline.json");
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "baseline.json");
    return e.what();
  }
  return "";
}

TEST(BenchJson, BadInputIsOneLineNamingFileAndPath) {
  const nlohmann::json good = nlohmann::json::parse(document_of({cpu_record(), gpu_record()}));
  auto edited = [&good](auto edit) {
    nlohmann::json doc = good;
    edit(doc);
    return error_of(doc.dump());
  };
  EXPECT_EQ(edited([](nlohmann::json& d) { d["benchmarks"][3]["real_time"] = "fast"; }),
            "baseline.json: benchmarks[3].real_time: not a number");
  EXPECT_EQ(edited([](nlohmann::json& d) { d["benchmarks"][2]["real_time"] = -1; }),
            "baseline.json: benchmarks[2].real_time: negative");
  EXPECT_EQ(edited([](nlohmann::json& d) { d["benchmarks"][1].erase("real_time"); }),
            "baseline.json: benchmarks[1].real_time: missing");
  EXPECT_EQ(edited([](nlohmann::json& d) { d["benchmarks"][1]["time_unit"] = "fortnight"; }),
            "baseline.json: benchmarks[1].time_unit: not ns, us, ms or s");
  EXPECT_EQ(edited([](nlohmann::json& d) { d["benchmarks"][0]["pivot_ms"] = nullptr; }),
            "baseline.json: benchmarks[0].pivot_ms: not a number");
  EXPECT_EQ(edited([](nlohmann::json& d) { d["benchmarks"][0].erase("apsp"); }),
            "baseline.json: benchmarks[0].apsp: missing");
  EXPECT_EQ(edited([](nlohmann::json& d) { d["benchmarks"][0]["apsp"].erase("id"); }),
            "baseline.json: benchmarks[0].apsp: no id");
  EXPECT_EQ(edited([](nlohmann::json& d) { d["benchmarks"][2]["apsp"]["id"] = "other"; }),
            "baseline.json: benchmarks[2].apsp.id: not the id of the other runs of family_index 0 "
            "('20261127-101500-0a1b')");
  EXPECT_EQ(edited([](nlohmann::json& d) { d["benchmarks"][2]["repetition_index"] = 1; }),
            "baseline.json: benchmarks[2].repetition_index: 1 appears twice in family_index 0");
  EXPECT_EQ(edited([](nlohmann::json& d) { d["benchmarks"][4]["family_index"] = 1.5; }),
            "baseline.json: benchmarks[4].family_index: not an integer");
  EXPECT_EQ(edited([](nlohmann::json& d) { d["benchmarks"][0]["run_type"] = "warmup"; }),
            "baseline.json: benchmarks[0].run_type: neither \"iteration\" nor \"aggregate\"");
  EXPECT_EQ(edited([](nlohmann::json& d) { d["benchmarks"][0] = 7; }), "baseline.json: benchmarks[0]: not an object");
  EXPECT_EQ(edited([](nlohmann::json& d) { d["benchmarks"] = nlohmann::json::array(); }),
            "baseline.json: benchmarks: no iteration entries (no timed runs)");
  EXPECT_EQ(edited([](nlohmann::json& d) { d.erase("benchmarks"); }), "baseline.json: benchmarks: missing");
  EXPECT_EQ(error_of("{\"benchmarks\": [1, 2"), "baseline.json: not JSON (it ends before the document does)");
  EXPECT_EQ(error_of("{\"benchmarks\": x}"), "baseline.json: byte 15: not JSON");
  EXPECT_EQ(error_of("[]"), "baseline.json: not a benchmark JSON document (no object at the top)");
}

TEST(BenchJson, AggregateEntriesAreNotRead) {
  // A file edited by hand or by another tool: the aggregates are recomputed from the runs, never trusted.
  nlohmann::json doc = nlohmann::json::parse(document_of({cpu_record()}));
  for (nlohmann::json& e : doc["benchmarks"])
    if (e["run_type"] == "aggregate") e["real_time"] = "ignored";
  EXPECT_DOUBLE_EQ(parse_bench_json(doc.dump(), "b.json").at(0).wall_ms, 12.5);
}

}  // namespace
}  // namespace apsp
