// apsp solve --trace: the timeline file, one complete slice per (round, phase) of a CPU solve, named processes.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

class CliTrace : public TempDir {};

TEST_F(CliTrace, SolveWritesOneSlicePerRoundAndPhase) {
  const RunResult r = run_apsp("solve --gen er:n=100,p=0.1,seed=1 -q -o " + path("d.bin") +
                               " --backend cpu-blocked --block 32 --trace " + path("t.json"));
  ASSERT_EQ(r.status, 0) << r.output;
  const nlohmann::json doc = nlohmann::json::parse(read_text(path("t.json")));
  int slices = 0;
  bool cpu_named = false;
  for (const nlohmann::json& e : doc.at("traceEvents")) {
    if (e.at("ph") == "X") {
      ++slices;
      EXPECT_GE(e.at("ts").get<double>(), 0.0);
      EXPECT_EQ(e.at("pid"), 0);
    } else if (e.at("ph") == "M" && e.at("name") == "process_name") {
      cpu_named = e.at("args").at("name") == "CPU";
    }
  }
  EXPECT_EQ(slices, 4 * 3);  // ceil(100 / 32) rounds x 3 phases
  EXPECT_TRUE(cpu_named);
  EXPECT_EQ(doc.at("otherData").at("backend"), "cpu-blocked");
}

TEST_F(CliTrace, AnUnwritableTraceIsOneLineAndAFailure) {
  std::filesystem::create_directory(path("dir"));
  const RunResult r = run_apsp("solve --gen ring:n=8 -q -o " + path("d.bin") + " --trace " + path("dir"));
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("dir"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace apsp::test
