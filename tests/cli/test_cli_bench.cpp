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
  std::map<std::string, int> best_per_n, tied_per_n;
  std::map<std::string, double> lowest_per_n;
  for (auto it = rows.begin() + 1; it != rows.end(); ++it) {
    const auto& row = *it;
    EXPECT_LE(std::stod(row[min]), std::stod(row[med]));
    EXPECT_LE(std::stod(row[med]), std::stod(row[max]));
    const double expected_spread = 100 * (std::stod(row[max]) - std::stod(row[min])) / std::stod(row[med]);
    // The CSV rounds times to 0.1 µs (%.4f ms) and the spread to 0.01 %: allow for that at these tiny sizes.
    EXPECT_NEAR(std::stod(row[spread]), expected_spread,
                0.01 + 100 * 2e-4 / std::stod(row[med]) + 1e-3 * expected_spread);
    if (row[repeat] == "1") {  // once per configuration (a row per timed run)
      best_per_n[row[n]] += row[best] == "best";
      tied_per_n[row[n]] += row[best] == "tied";
    }
    EXPECT_TRUE(row[best].empty() || row[best] == "best" || row[best] == "tied") << row[best];
    const double m = std::stod(row[med]);
    if (!lowest_per_n.count(row[n]) || m < lowest_per_n[row[n]]) lowest_per_n[row[n]] = m;
  }
  // Each n: one best row, or two or more tied for it (min..max intervals overlapping, mark_best's rule).
  for (const char* size : {"40", "48"})
    EXPECT_TRUE((best_per_n[size] == 1 && tied_per_n[size] == 0) || (best_per_n[size] == 0 && tied_per_n[size] >= 2))
        << size << ": " << best_per_n[size] << " best, " << tied_per_n[size] << " tied";
  for (auto it = rows.begin() + 1; it != rows.end(); ++it) {
    if ((*it)[best] == "best") {
      EXPECT_EQ(std::stod((*it)[med]), lowest_per_n[(*it)[n]]);
    }
  }
  // In the table: as many rows start with a marker as the CSV names, and the legend says what they mean.
  int marked = 0;
  std::istringstream out(r.output);
  for (std::string line; std::getline(out, line);)
    marked += line.rfind("* cpu-", 0) == 0 || line.rfind("= cpu-", 0) == 0;
  EXPECT_EQ(marked, best_per_n["40"] + best_per_n["48"] + tied_per_n["40"] + tied_per_n["48"]) << r.output;
  EXPECT_NE(r.output.find("* the best (lowest median) of its n"), std::string::npos);
  EXPECT_NE(r.output.find("\nbest n=40: "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\nbest n=48: "), std::string::npos) << r.output;
}

TEST_F(CliBench, ThreadsAreASweepAxis) {
  const RunResult r = run_apsp(
      "bench --backend cpu-blocked --block 8 --n 32 --repeat 1 --warmup 0 --threads 1,2 "
      "--no-history --csv " +
      path("t.csv"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("threads 1,2"), std::string::npos) << r.output;  // the header names the list
  const auto rows = csv_rows(read_text(path("t.csv")));
  ASSERT_EQ(rows.size(), 3u) << read_text(path("t.csv"));
  const int threads = column(rows[0], "threads"), resolved = column(rows[0], "threads_resolved");
  ASSERT_GE(std::min(threads, resolved), 0) << read_text(path("t.csv"));
  EXPECT_EQ(rows[1][threads], "1");
  EXPECT_EQ(rows[1][resolved], "1");
  EXPECT_EQ(rows[2][threads], "2");
  EXPECT_EQ(rows[2][resolved], "2");
  // Each item is checked as --threads 1 is: one line, exit 2.
  for (const char* bad : {"1,x", "1,-1", "1,100000", ","}) {
    const RunResult b =
        run_apsp(std::string("bench --backend cpu-blocked --n 16 --repeat 1 --warmup 0 --threads ") + bad);
    EXPECT_EQ(b.status, 2) << bad << "\n" << b.output;
    EXPECT_EQ(count_lines(b.output), 1) << bad << "\n" << b.output;
    EXPECT_NE(b.output.find("--threads"), std::string::npos) << bad << "\n" << b.output;
  }
}

TEST_F(CliBench, MinTimeRepeatsAConfigurationUntilItsRunsAddUp) {
  // n = 16 takes microseconds: an hour is never reached, so the cap of 100 timed runs ends it.
  const RunResult r = run_apsp(
      "bench --backend cpu-blocked --block 8 --n 16 --repeat 2 --warmup 0 --threads 1 "
      "--min-time 3600 --no-history --csv " +
      path("m.csv"));
  ASSERT_EQ(r.status, 0) << r.output;
  const auto rows = csv_rows(read_text(path("m.csv")));
  ASSERT_EQ(rows.size(), 1u + 100);  // the header and a row per timed run
  EXPECT_EQ(rows[1][column(rows[0], "repeats")], "100") << read_text(path("m.csv"));
  EXPECT_EQ(rows[100][column(rows[0], "repeat")], "100") << read_text(path("m.csv"));
  const RunResult plain = run_apsp(
      "bench --backend cpu-blocked --block 8 --n 16 --repeat 2 --warmup 0 --threads 1 "
      "--no-history --csv " +
      path("p.csv"));
  ASSERT_EQ(plain.status, 0) << plain.output;
  const auto plain_rows = csv_rows(read_text(path("p.csv")));
  EXPECT_EQ(plain_rows[1][column(plain_rows[0], "repeats")], "2");
  const RunResult bad = run_apsp("bench --backend cpu-blocked --n 16 --min-time -1");
  EXPECT_EQ(bad.status, 2) << bad.output;
  EXPECT_NE(bad.output.find("--min-time"), std::string::npos) << bad.output;
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
