// `apsp verify` reads back everything `apsp solve` writes: the S x n rows of `--sources` (.npy, .csv), compared
// with the same rows of the whole matrix given the same list, and the n = 0 matrix of an empty graph.
#include <filesystem>
#include <fstream>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

class CliVerify : public TempDir {
 protected:
  void SetUp() override {
    TempDir::SetUp();
    ASSERT_EQ(run_apsp("gen --spec er:n=12,p=0.3,seed=3 -o " + path("g.el")).status, 0);
  }
  RunResult solve(const std::string& extra, const std::string& out) const {
    return run_apsp("solve " + path("g.el") + " -q --no-history " + extra + " -o " + path(out));
  }
};

TEST_F(CliVerify, RowsOfChosenSourcesAreComparedWithTheWholeMatrix) {
  ASSERT_EQ(solve("", "full.npy").status, 0);
  ASSERT_EQ(solve("", "full.csv").status, 0);
  ASSERT_EQ(solve("--sources 7,2,9", "rows.npy").status, 0);
  ASSERT_EQ(solve("--sources 7,2,9", "rows.csv").status, 0);
  ASSERT_EQ(solve("--sources 3:5", "range.csv").status, 0);

  // Two files of the same rows: compared as they are.
  const RunResult same = run_apsp("verify " + path("rows.npy") + " " + path("rows.csv"));
  EXPECT_EQ(same.status, 0) << same.output;
  EXPECT_NE(same.output.find("equal: 3 rows of n = 12"), std::string::npos) << same.output;
  // Against the whole matrix: those rows, in the order of the list, either side.
  for (const std::string& pair : {path("full.npy") + " " + path("rows.csv"), path("rows.npy") + " " + path("full.csv")}) {
    const RunResult r = run_apsp("verify " + pair + " --sources 7,2,9");
    EXPECT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("equal: 3 rows of n = 12 (sources 7,2,9), 36 distances"), std::string::npos) << r.output;
  }
  EXPECT_EQ(run_apsp("verify " + path("full.csv") + " " + path("range.csv") + " --sources 3:5").status, 0);
  // The wrong list is a difference, named by the source vertex.
  const RunResult wrong = run_apsp("verify " + path("full.npy") + " " + path("rows.npy") + " --sources 2,7,9");
  EXPECT_EQ(wrong.status, 1) << wrong.output;
  EXPECT_NE(wrong.output.find("differ: first difference at (2, "), std::string::npos) << wrong.output;
  // Without the list the rows cannot be matched: one line, exit 2.
  const RunResult unnamed = run_apsp("verify " + path("full.npy") + " " + path("rows.npy"));
  EXPECT_EQ(unnamed.status, 2) << unnamed.output;
  EXPECT_NE(unnamed.output.find("--sources"), std::string::npos) << unnamed.output;
  // A list of another length than the file's rows.
  EXPECT_EQ(run_apsp("verify " + path("full.npy") + " " + path("rows.npy") + " --sources 1,2").status, 2);
}

TEST_F(CliVerify, AChangedRowIsADifference) {
  ASSERT_EQ(solve("--sources 4,5", "rows.csv").status, 0);
  ASSERT_EQ(solve("", "full.csv").status, 0);
  std::string text = read_text(path("rows.csv"));
  text.replace(text.find('\n') + 1, 1, "77777");  // the first value of the second row (source 5)
  std::ofstream(path("edited.csv"), std::ios::trunc) << text;
  const RunResult r = run_apsp("verify " + path("full.csv") + " " + path("edited.csv") + " --sources 4,5");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("differ: first difference at (5, 0)"), std::string::npos) << r.output;
}

TEST_F(CliVerify, TheEmptyGraphsMatrixIsRead) {
  std::ofstream(path("empty.el")) << "# n=0\n";
  for (const std::string ext : {".npy", ".bin", ".csv"}) {
    SCOPED_TRACE(ext);
    ASSERT_EQ(run_apsp("solve " + path("empty.el") + " -q --no-history -o " + path("e" + ext)).status, 0);
    const RunResult r = run_apsp("verify " + path("e" + ext) + " " + path("e.npy"));
    EXPECT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("equal: n = 0, 0 distances"), std::string::npos) << r.output;
  }
}

}  // namespace
}  // namespace apsp::test
