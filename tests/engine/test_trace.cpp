// The timeline export (apsp/report/trace.h): valid Chrome trace JSON, one slice per (round, phase, device) of
// a CPU run, slices placed on the time axis in order and never overlapping within a track.
#include <apsp/graph/generators.h>
#include <apsp/report/trace.h>
#include <apsp/solve/registry.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <tuple>

namespace apsp {
namespace {

using nlohmann::json;

std::unique_ptr<Solver> solved(const std::string& backend, int n, int block) {
  SolverOptions o;
  o.block = block;
  auto s = create_solver(backend, o);
  const Graph g = generate(GeneratorSpec::parse("er:n=" + std::to_string(n) + ",p=0.2,seed=3,w=1:9"));
  s->reset(to_distance_matrix(g, block, DType::I32));
  s->step(Granularity::ToEnd);
  s->collect_timings(true);
  return s;
}

std::vector<json> complete_events(const json& doc) {
  std::vector<json> out;
  for (const json& e : doc.at("traceEvents"))
    if (e.at("ph") == "X") out.push_back(e);
  return out;
}

TEST(Trace, CpuBlockedHasOneCompleteSlicePerRoundPhaseAndValidFields) {
  auto s = solved("cpu-blocked", 40, 8);  // 5 rounds x 3 phases
  const json doc =
      json::parse(trace_json(s->profile().samples(), trace_context_for("cpu-blocked", s->options(), s->n())));
  ASSERT_TRUE(doc.at("traceEvents").is_array());
  const std::vector<json> slices = complete_events(doc);
  std::set<std::tuple<int, std::string, int>> keys;
  for (const json& e : slices) {
    for (const char* field : {"name", "cat", "ts", "dur", "pid", "tid", "args"})
      ASSERT_TRUE(e.contains(field)) << field;
    EXPECT_TRUE(e.at("ts").is_number());
    EXPECT_GE(e.at("ts").get<double>(), 0.0);
    EXPECT_GE(e.at("dur").get<double>(), 0.0);
    EXPECT_EQ(e.at("pid"), 0);
    EXPECT_EQ(e.at("tid"), 0);
    const json& a = e.at("args");
    EXPECT_TRUE(a.contains("bytes") && a.contains("updates"));
    keys.emplace(a.at("round").get<int>(), a.at("phase").get<std::string>(), a.at("device").get<int>());
  }
  EXPECT_EQ(slices.size(), 16u);
  EXPECT_EQ(keys.size(), 16u);  // every (round, phase, device) exactly once, and the copy into the solver
  EXPECT_TRUE(keys.count({-1, "upload", 0}));
  for (int r = 0; r < 5; ++r)
    for (const char* p : {"pivot", "rowcol", "independent"}) EXPECT_TRUE(keys.count({r, p, 0})) << r << " " << p;
  // The process and its thread are named.
  bool process_named = false, thread_named = false;
  for (const json& e : doc.at("traceEvents")) {
    if (e.at("ph") != "M") continue;
    if (e.at("name") == "process_name") process_named = e.at("args").at("name") == "CPU";
    if (e.at("name") == "thread_name") thread_named = e.at("args").at("name") == "main";
  }
  EXPECT_TRUE(process_named);
  EXPECT_TRUE(thread_named);
  EXPECT_EQ(doc.at("otherData").at("backend"), "cpu-blocked");
  EXPECT_EQ(doc.at("otherData").at("n"), 40);
}

TEST(Trace, CpuSlicesFollowEachOtherWithoutOverlapWithinATrack) {
  for (const char* backend : {"cpu-blocked", "cpu-naive"}) {
    auto s = solved(backend, 48, 16);
    const json doc = json::parse(trace_json(s->profile().samples(), trace_context_for(backend, s->options(), s->n())));
    std::map<std::pair<int, int>, std::vector<std::pair<double, double>>> tracks;
    for (const json& e : complete_events(doc))
      tracks[{e.at("pid").get<int>(), e.at("tid").get<int>()}].emplace_back(e.at("ts").get<double>(),
                                                                            e.at("dur").get<double>());
    ASSERT_FALSE(tracks.empty()) << backend;
    for (auto& [track, slices] : tracks) {
      // Samples are in issue order on the CPU: each starts after the previous one ended (1 ns slack for
      // the decimal round trip).
      for (std::size_t i = 1; i < slices.size(); ++i)
        EXPECT_GE(slices[i].first + 1e-3, slices[i - 1].first + slices[i - 1].second) << backend << " slice " << i;
    }
  }
}

TEST(Trace, SamplesWithoutAStartAreLeftOutAndGpuProcessesAreNamedByDevice) {
  std::vector<PhaseSample> samples(3);
  samples[0].start_us = 10;
  samples[0].ms = 0.5;
  samples[0].device = 1;
  samples[0].phase = Phase::Comm;
  samples[0].track = Track::Comm;
  samples[1].start_us = -1;  // unknown: not placed
  samples[2].start_us = 0;
  samples[2].ms = 0.25;
  samples[2].device = 0;
  samples[2].phase = Phase::Upload;
  TraceContext c;
  c.backend = "cuda-tuned";
  c.on_gpu = true;
  c.device_names = {{0, "NVIDIA H200"}, {1, "NVIDIA H200"}};
  const json doc = json::parse(trace_json(samples, c));
  const std::vector<json> slices = complete_events(doc);
  ASSERT_EQ(slices.size(), 2u);
  EXPECT_EQ(slices[0].at("pid"), 1);
  EXPECT_EQ(slices[0].at("tid"), static_cast<int>(Track::Comm));
  EXPECT_EQ(slices[0].at("cat"), "comm");
  EXPECT_DOUBLE_EQ(slices[0].at("dur").get<double>(), 500.0);
  EXPECT_EQ(slices[1].at("cat"), "copy");
  std::set<std::string> names;
  for (const json& e : doc.at("traceEvents"))
    if (e.at("ph") == "M" && (e.at("name") == "process_name" || e.at("name") == "thread_name"))
      names.insert(e.at("args").at("name").get<std::string>());
  EXPECT_TRUE(names.count("GPU 0 (NVIDIA H200)"));
  EXPECT_TRUE(names.count("GPU 1 (NVIDIA H200)"));
  EXPECT_TRUE(names.count("communication"));
  EXPECT_TRUE(names.count("main"));
}

TEST(Trace, HostSlicesBeforeTheReferenceShiftTheWholeAxis) {
  std::vector<PhaseSample> samples(2);
  samples[0].phase = Phase::Upload;
  samples[0].round = -1;
  samples[0].start_us = 0;
  samples[0].ms = 1;
  samples[1].phase = Phase::Independent;
  samples[1].start_us = 1500;
  samples[1].ms = 2;
  TraceContext c;
  c.backend = "cuda-tuned";
  c.on_gpu = true;
  c.host_slices.push_back({"load (graph -> matrix)", -3000, 3});
  const json doc = json::parse(trace_json(samples, c));
  const std::vector<json> slices = complete_events(doc);
  ASSERT_EQ(slices.size(), 3u);
  EXPECT_EQ(slices[0].at("cat"), "host");
  EXPECT_DOUBLE_EQ(slices[0].at("ts").get<double>(), 0.0);
  EXPECT_DOUBLE_EQ(slices[0].at("dur").get<double>(), 3000.0);
  EXPECT_DOUBLE_EQ(slices[1].at("ts").get<double>(), 3000.0);  // the upload, where the load ended
  EXPECT_DOUBLE_EQ(slices[2].at("ts").get<double>(), 4500.0);
  EXPECT_DOUBLE_EQ(doc.at("otherData").at("time_axis_shift_us").get<double>(), 3000.0);
  bool host_named = false;
  for (const json& e : doc.at("traceEvents"))
    if (e.at("ph") == "M" && e.at("name") == "process_name" && e.at("pid") == slices[0].at("pid"))
      host_named = e.at("args").at("name") == "host";
  EXPECT_TRUE(host_named);  // on a GPU run, beside the GPUs' processes
  EXPECT_NE(slices[0].at("pid"), slices[1].at("pid"));
}

TEST(Trace, WriteTraceReplacesTheFileWithTheSameText) {
  auto s = solved("cpu-blocked", 16, 8);
  const TraceContext c = trace_context_for("cpu-blocked", s->options(), s->n());
  const std::filesystem::path path = std::filesystem::temp_directory_path() / "apsp_trace_test.json";
  write_trace(path.string(), s->profile().samples(), c);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), trace_json(s->profile().samples(), c));
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace apsp
