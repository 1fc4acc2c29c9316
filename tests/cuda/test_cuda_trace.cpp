// The timeline export on GPUs (label gpu): every (round, phase, device) of a CUDA run as one slice on the
// common time axis from the devices' reference events, the upload as a copy slice, multi-GPU broadcasts on
// the communication track, and slices of one stream never overlapping.
#include <apsp/graph/generators.h>
#include <apsp/report/trace.h>
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>

#include "cuda_test_support.h"
#include "solve/cuda/multi_gpu_solver.h"

namespace apsp {
namespace {

using nlohmann::json;

DistanceMatrix initial_for(int n, int block) {
  const Graph g = generate(GeneratorSpec::parse("er:n=" + std::to_string(n) + ",p=0.1,seed=5,w=1:50"));
  return to_distance_matrix(g, block, DType::I32);
}

json trace_of(Solver& s) {
  s.step(Granularity::ToEnd);
  s.collect_timings(true);
  return json::parse(trace_json(s.profile().samples(), trace_context_for(s.name(), s.options(), s.n())));
}

/// Checks the fields of every complete event and returns (round, phase, device) -> slices.
std::map<std::tuple<int, std::string, int>, int> slices_by_key(const json& doc) {
  std::map<std::tuple<int, std::string, int>, int> keys;
  std::map<std::pair<int, int>, std::vector<std::pair<double, double>>> tracks;
  for (const json& e : doc.at("traceEvents")) {
    if (e.at("ph") != "X") continue;
    for (const char* field : {"ts", "dur", "pid", "tid", "args"}) EXPECT_TRUE(e.contains(field)) << field;
    EXPECT_GE(e.at("ts").get<double>(), 0.0);
    EXPECT_GE(e.at("dur").get<double>(), 0.0);
    const json& a = e.at("args");
    ++keys[{a.at("round").get<int>(), a.at("phase").get<std::string>(), a.at("device").get<int>()}];
    tracks[{e.at("pid").get<int>(), e.at("tid").get<int>()}].emplace_back(e.at("ts").get<double>(),
                                                                          e.at("dur").get<double>());
  }
  // One stream runs its work in order: its slices (between events on that stream) do not overlap. The slack
  // covers the events' resolution (about 0.5 us).
  for (auto& [track, slices] : tracks) {
    std::sort(slices.begin(), slices.end());
    for (std::size_t i = 1; i < slices.size(); ++i)
      EXPECT_GE(slices[i].first + 2.0, slices[i - 1].first + slices[i - 1].second)
          << "pid " << track.first << " tid " << track.second << " slice " << i;
  }
  return keys;
}

TEST(CudaTrace, EveryRoundPhaseAndTheUploadAreSlicesOnOneAxis) {
  APSP_REQUIRE_GPU();
  for (const char* backend : {"cuda-blocked", "cuda-tuned"}) {
    const int block = 64, n = 300;
    auto s = test::make_loaded(backend, initial_for(n, block), block, DType::I32);
    const json doc = trace_of(*s);
    const auto keys = slices_by_key(doc);
    const int rounds = (n + block - 1) / block;
    for (int r = 0; r < rounds; ++r)
      for (const char* p : {"pivot", "rowcol", "independent"}) {
        const auto it = keys.find({r, p, 0});
        ASSERT_NE(it, keys.end()) << backend << " round " << r << " " << p;
        EXPECT_EQ(it->second, 1) << backend << " round " << r << " " << p;
      }
    EXPECT_EQ(keys.count({-1, "upload", 0}), 1u) << backend;
    bool gpu_named = false;
    for (const json& e : doc.at("traceEvents"))
      if (e.at("ph") == "M" && e.at("name") == "process_name")
        gpu_named = e.at("args").at("name").get<std::string>().rfind("GPU 0", 0) == 0;
    EXPECT_TRUE(gpu_named) << backend;
  }
}

TEST(CudaTrace, MultiGpuBroadcastsAreOnTheCommunicationTrack) {
  APSP_REQUIRE_GPU();
  // Two bands on device 0 through the peer path: the band logic and its samples without a second GPU.
  SolverOptions o;
  o.block = 64;
  o.gpus = 2;
  auto s = cuda::make_multi_gpu_solver(o, cuda::MultiGpuConfig{{0, 0}, "peer"});
  s->reset(initial_for(512, 64));
  const json doc = trace_of(*s);
  int comm = 0, compute = 0;
  for (const json& e : doc.at("traceEvents")) {
    if (e.at("ph") != "X") continue;
    if (e.at("cat") == "comm") {
      ++comm;
      EXPECT_EQ(e.at("tid"), static_cast<int>(Track::Comm));
      EXPECT_GT(e.at("args").at("bytes").get<std::uint64_t>(), 0u);
    }
    if (e.at("cat") == "compute") ++compute;
  }
  EXPECT_GT(comm, 0);
  EXPECT_GT(compute, 0);
}

}  // namespace
}  // namespace apsp
