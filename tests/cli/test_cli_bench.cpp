// `apsp bench` as a sweep: every combination of the lists present (run or skipped with a reason), min / median /
// max and spread columns, the best row of each n marked, LIST errors as one line (exit 2), charts and their CSV.
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

class CliBench : public TempDir {};

/// The header and the rows; the leading `# key: value` context comments are skipped (README "Export context").
std::vector<std::vector<std::string>> csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("#", 0) == 0) continue;
    std::vector<std::string> fields;
    std::istringstream l(line);
    std::string f;
    while (std::getline(l, f, ',')) fields.push_back(f);
    rows.push_back(fields);
  }
  return rows;
}

int column(const std::vector<std::string>& header, const std::string& name) {
  const auto it = std::find(header.begin(), header.end(), name);
  return it == header.end() ? -1 : static_cast<int>(it - header.begin());
}

int count_lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

TEST_F(CliBench, EveryCombinationIsARowAndTheBestOfEachNIsMarked) {
  const RunResult r = run_apsp(
      "bench --backend cpu-naive,cpu-blocked --block 8,16 --dtype i32,i16 --n 40,48 --repeat 2 "
      "--warmup 1 --threads 1 --csv " +
      path("s.csv"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("block 8,16"), std::string::npos) << r.output;  // the header names the lists
  EXPECT_NE(r.output.find("dtype i32,i16"), std::string::npos) << r.output;
  for (const char* col : {" min ", " median ", " max ", " spread "})
    EXPECT_NE(r.output.find(col), std::string::npos) << col;
  const auto rows = csv_rows(read_text(path("s.csv")));
  ASSERT_EQ(rows.size(), 1u + 2 * 2 * 2 * 2 * 2) << r.output;
  const auto& h = rows[0];
  const int backend = column(h, "backend"), block = column(h, "block"), dtype = column(h, "dtype"), n = column(h, "n");
  const int best = column(h, "best"), min = column(h, "min_ms"), med = column(h, "median_ms"),
            max = column(h, "max_ms"), spread = column(h, "spread_pct"), repeat = column(h, "repeat");
  ASSERT_GE(std::min({backend, block, dtype, n, best, min, med, max, spread, repeat}), 0) << read_text(path("s.csv"));
  for (const char* b : {"cpu-naive", "cpu-blocked"})
    for (const char* bs : {"8", "16"})
      for (const char* d : {"i32", "i16"})
        for (const char* size : {"40", "48"}) {
          const auto found = std::count_if(rows.begin() + 1, rows.end(), [&](const std::vector<std::string>& row) {
            return row[backend] == b && row[block] == bs && row[dtype] == d && row[n] == size;
          });
          EXPECT_EQ(found, 2) << b << " B=" << bs << " " << d << " n=" << size;  // a row per timed run
        }
  std::map<std::string, int> best_per_n;
  std::map<std::string, double> lowest_per_n;
  for (auto it = rows.begin() + 1; it != rows.end(); ++it) {
    const auto& row = *it;
    EXPECT_LE(std::stod(row[min]), std::stod(row[med]));
    EXPECT_LE(std::stod(row[med]), std::stod(row[max]));
    const double expected_spread = 100 * (std::stod(row[max]) - std::stod(row[min])) / std::stod(row[med]);
    // The CSV rounds times to 0.1 µs (%.4f ms) and the spread to 0.01 %: allow for that at these tiny sizes.
    EXPECT_NEAR(std::stod(row[spread]), expected_spread,
                0.01 + 100 * 2e-4 / std::stod(row[med]) + 1e-3 * expected_spread);
    best_per_n[row[n]] += row[best] == "1" && row[repeat] == "1";  // once per configuration
    const double m = std::stod(row[med]);
    if (!lowest_per_n.count(row[n]) || m < lowest_per_n[row[n]]) lowest_per_n[row[n]] = m;
  }
  EXPECT_EQ(best_per_n["40"], 1);
  EXPECT_EQ(best_per_n["48"], 1);
  for (auto it = rows.begin() + 1; it != rows.end(); ++it) {
    if ((*it)[best] == "1") {
      EXPECT_EQ(std::stod((*it)[med]), lowest_per_n[(*it)[n]]);
    }
  }
  // In the table: two rows start with the marker, and the legend says what it means.
  int marked = 0;
  std::istringstream out(r.output);
  for (std::string line; std::getline(out, line);) marked += line.rfind("* cpu-", 0) == 0;
  EXPECT_EQ(marked, 2) << r.output;
  EXPECT_NE(r.output.find("* the best (lowest median) of its n"), std::string::npos);
}

TEST_F(CliBench, InvalidCombinationsAreSkippedWithTheirReason) {
  const RunResult r =
      run_apsp("bench --backend cpu-blocked --block 8 --gpus 1,2 --n 32 --repeat 1 --warmup 0 --csv " + path("s.csv"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("skipped cpu-blocked B=8 x2 i32 n=32: cpu-blocked runs on one device"), std::string::npos)
      << r.output;
  EXPECT_EQ(csv_rows(read_text(path("s.csv"))).size(), 2u);
  // Nothing left to run: one line, exit 2.
  const RunResult none = run_apsp("bench --backend cpu-blocked --block 8 --gpus 2 --n 32 --repeat 1 --warmup 0");
  EXPECT_EQ(none.status, 2) << none.output;
  EXPECT_NE(none.output.find("nothing to run"), std::string::npos) << none.output;
}

TEST_F(CliBench, ListErrorsAreOneLineAndExitTwo) {
  const std::string base = "bench --backend cpu-blocked --n 16 --repeat 1 --warmup 0 ";
  for (const auto& [args, flag] :
       std::vector<std::pair<std::string, std::string>>{{"--block 8,x", "--block"},
                                                        {"--block 8,,0", "--block"},
                                                        {"--block ,", "--block"},
                                                        {"--dtype i32,f64", "--dtype"},
                                                        {"--dtype ,", "--dtype"},
                                                        {"--gpus 1,0", "--gpus"},
                                                        {"--n 16,-3", "--n"},
                                                        {"--chart-kind block,pie", "--chart-kind"}}) {
    const RunResult r = run_apsp(base + args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.output;
    EXPECT_EQ(count_lines(r.output), 1) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(flag), std::string::npos) << args << "\n" << r.output;
  }
}

TEST_F(CliBench, ChartsAsPngAndTheirDataAsCsv) {
#if !APSP_CLI_HAVE_CHARTS
  // An apsp built without Dear ImGui and stb (the sanitizer pass) refuses with one line instead.
  const RunResult refused = run_apsp("bench --backend cpu-blocked --n 16 --repeat 1 --warmup 0 --chart " + path("c.png"));
  EXPECT_EQ(refused.status, 2) << refused.output;
  EXPECT_NE(refused.output.find("--chart: this apsp was built without charts"), std::string::npos) << refused.output;
  GTEST_SKIP() << "apsp built without charts";
#endif
  const RunResult r =
      run_apsp("bench --backend cpu-blocked --block 8,16 --n 32,40 --repeat 1 --warmup 0 --threads 1 --chart " +
               path("c.png") + " --chart-csv " + path("c.csv"));
  ASSERT_EQ(r.status, 0) << r.output;
  const std::string png = read_text(path("c.png"));
  ASSERT_GT(png.size(), 1000u);
  EXPECT_EQ(png.substr(1, 3), "PNG");
  const std::string csv = read_text(path("c.csv"));
  EXPECT_EQ(csv.rfind("# version: ", 0), 0u) << csv;  // the sweep's context, as in the results CSV
  EXPECT_NE(csv.find("\n# graph: \"er:p=0.05,seed=1,w=1:100\"\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\nchart,series,x,y\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\"Time against block size, phases stacked: cpu-blocked i32, n = 40\",phase 3 (independent),16,"),
            std::string::npos)
      << csv;
  EXPECT_NE(csv.find("Time against n"), std::string::npos);
  EXPECT_NE(csv.find("GB/s per phase against block size"), std::string::npos);
}

/// Recomputes, with python's csv module (the '#' context lines skipped, as docs/formats.md says), each
/// configuration's median / min / max of the wall time and of every phase from its rows' raw repeats.
constexpr const char* kRecomputeScript = R"(import csv, statistics, sys
with open(sys.argv[1], newline='') as f:
    rows = list(csv.DictReader(line for line in f if not line.startswith('#')))
groups = {}
for row in rows:
    assert not any(v.startswith('-') for v in row.values()), row  # no -1 for 'not applicable'
    groups.setdefault((row['backend'], row['block'], row['dtype'], row['n'], row['gpus']), []).append(row)
checked = 0
for key, runs in groups.items():
    assert [int(r['repeat']) for r in runs] == list(range(1, len(runs) + 1)), key
    assert all(int(r['repeats']) == len(runs) for r in runs), key
    pairs = [('run_wall_ms', 'median_ms', 'min_ms', 'max_ms')]
    pairs += [('run_ms_' + p, 'upload_ms' if p == 'upload' else 'ms_' + p, 'ms_' + p + '_min', 'ms_' + p + '_max')
              for p in ('upload', 'pivot', 'rowcol', 'independent', 'full')]
    for raw, med, lo, hi in pairs:
        if runs[0][raw] == '':
            assert all(r[raw] == '' and r[med] == '' for r in runs), (key, raw)
            continue
        xs = [float(r[raw]) for r in runs]
        for r in runs:
            for col, want in ((med, statistics.median(xs)), (lo, min(xs)), (hi, max(xs))):
                assert abs(float(r[col]) - want) <= 2e-4, (key, col, r[col], want)
        checked += 1
try:
    import pandas
    assert len(pandas.read_csv(sys.argv[1], comment='#')) == len(rows)
except ImportError:
    pass
print('checked', len(groups), 'configurations', checked, 'series')
)";

TEST_F(CliBench, EveryTimedRunIsARowAndTheAggregatesRecomputeFromThem) {
  if (std::system("python3 -c 'import csv, statistics' >/dev/null 2>&1") != 0) GTEST_SKIP() << "no python3";
  const RunResult r = run_apsp("bench --backend cpu-naive,cpu-blocked --block 8,16 --n 40 --repeat 4 --warmup 0 "
                               "--threads 1 --no-history --csv " + path("s.csv"));
  ASSERT_EQ(r.status, 0) << r.output;
  std::ofstream(path("recompute.py")) << kRecomputeScript;
  RunResult check;
  if (FILE* pipe = popen(("python3 " + path("recompute.py") + " " + path("s.csv") + " 2>&1").c_str(), "r")) {
    char buf[4096];
    for (std::size_t got; (got = std::fread(buf, 1, sizeof buf, pipe)) > 0;) check.output.append(buf, got);
    const int raw = pclose(pipe);
    check.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  }
  EXPECT_EQ(check.status, 0) << check.output << read_text(path("s.csv"));
  EXPECT_NE(check.output.find("checked 4 configurations"), std::string::npos) << check.output;
  EXPECT_EQ(csv_rows(read_text(path("s.csv"))).size(), 1u + 4 * 4);  // header + a row per timed run
}

}  // namespace
TEST_F(CliBench, TheHeaderNamesTheBlocksThatRanNotTheUnusedDefault) {
  // Every variant pins its block: the header says those, never the --block default 64.
  const RunResult r = run_apsp("bench --backend cpu-blocked:8,cpu-naive:16 --n 16 --repeat 1 --warmup 0 --no-history");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("apsp bench: block 8,16,"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("block 64"), std::string::npos) << r.output;
}

}  // namespace apsp::test
