// The timing CSV: the documented header and one row per sample, written by io/ (profile/ only holds samples).
#include <apsp/io/timings_csv.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "io_test_support.h"

namespace apsp {
namespace {

TEST(TimingsCsv, HeaderAndOneRowPerSample) {
  ProfileLog log;
  PhaseSample s;
  s.round = 2;
  s.phase = Phase::PivotRowCol;
  s.device = 1;
  s.ms = 0.5;
  s.updates = 1000;
  s.bytes = 2'000'000;
  s.k_steps = 32;
  log.add(s);
  s.round = -1;
  s.phase = Phase::Upload;
  log.add(s);
  EXPECT_EQ(timings_csv_row("cpu-blocked", 32, log.samples()[0]),
            "cpu-blocked,32,2,rowcol,1,0.500000,1000,2000000,32,4.000,2e+06");

  apsp_test::TempDir dir;
  const std::string path = dir.file("t.csv");
  write_timings_csv(path, "cpu-blocked", 32, log);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), std::string(timings_csv_header()) + "\n" + timings_csv_row("cpu-blocked", 32, log.samples()[0]) +
                            "\n" + timings_csv_row("cpu-blocked", 32, log.samples()[1]) + "\n");
  EXPECT_EQ(timings_csv_header(), "backend,block,round,phase,device,ms,updates,bytes,k_steps,gb_per_s,updates_per_s");
}

}  // namespace
}  // namespace apsp
