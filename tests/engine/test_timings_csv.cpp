// The timing CSV: context comments, the documented header, one row per (round, phase, device) with k-steps
// merged, numbers in one format.
#include <apsp/report/timings_csv.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "io_test_support.h"

namespace apsp {
namespace {

ExportContext sample_context() {
  ExportContext c;
  c.version = "9.9.9";
  c.run_id = "20261122-230512-3fa9";
  c.backend = "cpu-blocked";
  c.block = 32;
  c.n = 100;
  c.dtype = "i32";
  c.threads = 4;
  c.gpus = 1;
  c.graph = "er:n=100,p=0.1";
  c.device = "cpu: Test CPU";
  return c;
}

TEST(TimingsCsv, RowFormatIsFixedDecimalsAndIntegers) {
  PhaseSample s;
  s.round = 2;
  s.phase = Phase::PivotRowCol;
  s.device = 1;
  s.ms = 0.5;
  s.updates = 1'830'000'000;
  s.bytes = 2'000'000;
  s.k_steps = 32;
  // No exponent anywhere: 1.83e9 updates in 0.5 ms is 3.66e12 updates/s, written out.
  EXPECT_EQ(timings_csv_row("cpu-blocked", 32, s),
            "cpu-blocked,32,2,rowcol,1,0.500000,1830000000,2000000,32,4.000,3660000000000.000");
  EXPECT_EQ(timings_csv_header(), "backend,block,round,phase,device,ms,updates,bytes,k_steps,gb_per_s,updates_per_s");
}

TEST(TimingsCsv, ATransferOutsideTheRoundsHasAnEmptyRoundNotMinusOne) {
  PhaseSample s;
  s.round = -1;
  s.phase = Phase::Upload;
  s.ms = 2;
  EXPECT_EQ(timings_csv_row("cuda-tuned", 64, s).rfind("cuda-tuned,64,,upload,0,2.000000,", 0), 0u)
      << timings_csv_row("cuda-tuned", 64, s);
}

TEST(TimingsCsv, ContextCommentsThenHeaderThenRows) {
  ProfileLog log;
  PhaseSample s;
  s.round = 0;
  s.phase = Phase::Pivot;
  s.ms = 1;
  s.k_steps = 32;
  log.add(s);
  s.round = -1;
  s.phase = Phase::Upload;
  log.add(s);
  apsp_test::TempDir dir;
  const std::string path = dir.file("t.csv");
  write_timings_csv(path, sample_context(), log);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  const std::string expected_comments =
      "# version: 9.9.9\n# run_id: 20261122-230512-3fa9\n# backend: cpu-blocked\n# block: 32\n# n: 100\n"
      "# dtype: i32\n# threads: 4\n# gpus: 1\n# graph: \"er:n=100,p=0.1\"\n# device: cpu: Test CPU\n";
  EXPECT_EQ(text.str(), expected_comments + std::string(timings_csv_header()) + "\n" +
                            timings_csv_row("cpu-blocked", 32, log.samples()[0]) + "\n" +
                            timings_csv_row("cpu-blocked", 32, log.samples()[1]) + "\n");
}

TEST(TimingsCsv, KStepsMergeIntoOneRowPerRoundPhaseDevice) {
  ProfileLog log;
  for (int device = 0; device < 2; ++device) {
    for (int k = 0; k < 4; ++k) {
      PhaseSample s;
      s.round = 0;
      s.phase = Phase::Independent;
      s.device = device;
      s.ms = 0.25;
      s.updates = 100;
      s.bytes = 1000;
      s.k_steps = 1;
      log.add(s);
    }
  }
  PhaseSample next;
  next.round = 1;
  next.phase = Phase::Pivot;
  next.k_steps = 8;
  log.add(next);
  const std::vector<PhaseSample> rows = merge_k_steps(log.samples());
  ASSERT_EQ(rows.size(), 3u);
  for (int device = 0; device < 2; ++device) {
    EXPECT_EQ(rows[device].device, device);
    EXPECT_DOUBLE_EQ(rows[device].ms, 1.0);
    EXPECT_EQ(rows[device].updates, 400u);
    EXPECT_EQ(rows[device].bytes, 4000u);
    EXPECT_EQ(rows[device].k_steps, 4u);
  }
  EXPECT_EQ(rows[2].round, 1);
  const std::string text = timings_csv_text(sample_context(), log);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 10 + 1 + 3) << text;
}

TEST(TimingsCsv, ContextValuesStayOnOneLine) {
  ExportContext c = sample_context();
  c.graph = "a\nb";
  EXPECT_NE(csv_context_comments(c).find("# graph: a b\n"), std::string::npos);
}

}  // namespace
}  // namespace apsp
