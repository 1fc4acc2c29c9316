// apsp solve --trace: the timeline file, one complete slice per (round, phase) of a CPU solve, named processes.
#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

class CliTrace : public TempDir {};

TEST_F(CliTrace, SolveWritesOneSlicePerRoundAndPhase) {
  const RunResult r = run_apsp("solve --gen er:n=100,p=0.1,seed=1 -q -o " + path("d.bin") +
                               " --backend cpu-blocked --block 32 --trace " + path("t.json"));
  ASSERT_EQ(r.status, 0) << r.output;
  const nlohmann::json doc = nlohmann::json::parse(read_text(path("t.json")));
  int slices = 0, uploads = 0;
  double upload_start_us = -1, upload_end_us = -1, build_end_us = -1, first_compute_us = 1e300, last_compute_end_us = 0;
  std::vector<std::string> host;  // read, build (graph -> matrix), download + write, in time order
  bool cpu_named = false;
  for (const nlohmann::json& e : doc.at("traceEvents")) {
    if (e.at("ph") == "X") {
      EXPECT_GE(e.at("ts").get<double>(), 0.0);
      EXPECT_EQ(e.at("pid"), 0);
      if (e.at("cat") == "compute") {
        ++slices;
        first_compute_us = std::min(first_compute_us, e.at("ts").get<double>());
        last_compute_end_us = std::max(last_compute_end_us, e.at("ts").get<double>() + e.at("dur").get<double>());
      } else if (e.at("cat") == "host") {
        host.push_back(e.at("name"));
        if (host.back() == "read (graph)") {
          EXPECT_EQ(e.at("ts").get<double>(), 0.0);  // the trace starts with it
        }
        if (host.back() == "build (graph -> matrix)") build_end_us = e.at("ts").get<double>() + e.at("dur").get<double>();
        if (host.back() == "download + write (streamed)") {
          EXPECT_GE(e.at("ts").get<double>(), last_compute_end_us - 1e-3);
        }
      } else if (e.at("args").at("phase") == "upload") {
        // The copy into the solver, the CPU's upload: at the solver's time reference, before round 0.
        ++uploads;
        EXPECT_GT(e.at("args").at("bytes").get<double>(), 0.0);
        upload_start_us = e.at("ts").get<double>();
        upload_end_us = upload_start_us + e.at("dur").get<double>();
      }
    } else if (e.at("ph") == "M" && e.at("name") == "process_name") {
      cpu_named = e.at("args").at("name") == "CPU";
    }
  }
  EXPECT_EQ(slices, 4 * 3);  // ceil(100 / 32) rounds x 3 phases
  EXPECT_EQ(uploads, 1);
  EXPECT_EQ(host, (std::vector<std::string>{"read (graph)", "build (graph -> matrix)", "download + write (streamed)"}));
  EXPECT_NEAR(upload_start_us, build_end_us, 1e-3);  // the host build ends as the upload begins
  EXPECT_GE(first_compute_us, upload_end_us - 1e-3);
  EXPECT_TRUE(cpu_named);
  EXPECT_EQ(doc.at("otherData").at("backend"), "cpu-blocked");
}

TEST_F(CliTrace, VerboseSolveGivesEachTimeAndSaysWhatItsRateCounts) {
  const RunResult r = run_apsp("solve --gen er:n=100,p=0.1,seed=1 --backend cpu-blocked --block 32 -v --no-history");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("phases: read "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(", upload "), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find(", upload 0 "), std::string::npos) << r.output;  // measured on the CPU
  EXPECT_NE(r.output.find("the rate counts the compute only"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(": compute "), std::string::npos) << r.output;
}

TEST_F(CliTrace, AnUnwritableTraceIsOneLineAndAFailure) {
  std::filesystem::create_directory(path("dir"));
  const RunResult r = run_apsp("solve --gen ring:n=8 -q -o " + path("d.bin") + " --trace " + path("dir"));
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("dir"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace apsp::test
