// apsp with the sparse solvers: the course cases by SHA-256, --sources and the shapes of distance files, the
// flags' exact bounds and one-line refusals, a negative cycle (exit 3), memory refused before allocating (exit 4).
#include <apsp/device/device_info.h>

#include <filesystem>
#include <sstream>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

class CliSparse : public TempDir {};

/// The single line a failed run prints, or "" when it printed more (or nothing).
std::string only_line(const std::string& output) {
  if (output.empty() || output.find('\n') != output.size() - 1) return "";
  return output;
}

TEST_F(CliSparse, EveryCourseCasePassesWithCpuDijkstra) {
  const std::filesystem::path dir = std::filesystem::path(APSP_TESTDATA_DIR) / "course-hw3";
  ASSERT_TRUE(std::filesystem::exists(dir)) << dir;
  int cases = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.find('.') == std::string::npos || name.ends_with(".sha256") || name.ends_with(".md")) continue;
    const std::string expected = read_text(entry.path().string() + ".out.sha256").substr(0, 64);
    const std::string out = path(name + ".out");
    const RunResult r =
        run_apsp("solve " + entry.path().string() + " -o " + out + " -q --backend cpu-dijkstra --out-format bin");
    ASSERT_EQ(r.status, 0) << name << ": " << r.output;
    EXPECT_EQ(sha256_of(out), expected) << name;
    ++cases;
  }
  EXPECT_GE(cases, 17);
}

TEST_F(CliSparse, SourcesGiveTheSameRowsWithDenseAndSparseBackends) {
  const std::string gen = "--gen gnm:n=300,m=1500,seed=4,w=0:40,neg=1 ";
  for (const char* sources : {"0:17", "299,5,0", "all"}) {
    SCOPED_TRACE(sources);
    const RunResult dense =
        run_apsp("solve " + gen + "--backend cpu-blocked --sources " + sources + " -q -o " + path("fw.npy"));
    ASSERT_EQ(dense.status, 0) << dense.output;
    const RunResult sparse =
        run_apsp("solve " + gen + "--backend cpu-dijkstra --sources " + sources + " -o " + path("dj.npy"));
    ASSERT_EQ(sparse.status, 0) << sparse.output;
    EXPECT_NE(sparse.output.find("Johnson"), std::string::npos) << sparse.output;
    EXPECT_EQ(sha256_of(path("fw.npy")), sha256_of(path("dj.npy")));
  }
  ASSERT_EQ(run_apsp("solve " + gen + "--backend cpu-dijkstra --sources 0:2 -o " + path("two.csv")).status, 0);
  const std::string csv = read_text(path("two.csv"));
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 2);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), ','), 2 * 299);
  const std::string npy = read_text(path("dj.npy"));
  EXPECT_NE(npy.find("'shape': (300, 300)"), std::string::npos);
}

TEST_F(CliSparse, CourseBinaryTakesOnlyTheWholeMatrix) {
  for (const char* backend : {"cpu-dijkstra", "cpu-blocked"}) {
    SCOPED_TRACE(backend);
    const std::string out = path(std::string(backend) + ".bin");
    const RunResult r =
        run_apsp("solve --gen ring:n=20 --backend " + std::string(backend) + " --sources 0:5 -o " + out);
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_NE(only_line(r.output).find("course binary"), std::string::npos) << r.output;
    EXPECT_FALSE(std::filesystem::exists(out));
    EXPECT_EQ(
        run_apsp("solve --gen ring:n=20 --backend " + std::string(backend) + " --sources 0:20 -q -o " + out).status, 0);
  }
}

TEST_F(CliSparse, FlagsAreBoundedWithOneLineErrors) {
  const std::string solve = "solve --gen ring:n=10 -o " + path("d.npy") + " ";
  struct Bad {
    std::string args;
    std::string mentions;
  };
  const Bad bad[] = {
      {"--backend cpu-dijkstra --sources 0:11", "--sources"},
      {"--backend cpu-dijkstra --sources 10", "--sources"},
      {"--backend cpu-dijkstra --sources 3:3", "--sources"},
      {"--backend cpu-dijkstra --sources 1,1", "--sources"},
      {"--backend cpu-dijkstra --sources x", "--sources"},
      {"--backend cpu-blocked --sources -2", "--sources"},
      {"--backend cuda-dijkstra --threads-per-block 16", "--threads-per-block"},
      {"--backend cuda-dijkstra --threads-per-block 1056", "--threads-per-block"},
      {"--backend cuda-dijkstra --concurrent 0", "--concurrent"},
      {"--backend cuda-dijkstra --concurrent 65", "--concurrent"},
      {"--backend cpu-dijkstra --concurrent 2", "cuda-dijkstra"},
      // cuda-batched-bf's knobs.
      {"--backend cpu-dijkstra --batch 64", "--batch"},
      {"--backend cuda-dijkstra --chunk 64", "--chunk"},
      {"--backend cuda-batched-bf --chunk 48", "--chunk"},
      {"--backend cuda-batched-bf --batch -1", "--batch"},
      {"--backend cuda-batched-bf --concurrent 2", "cuda-dijkstra"},
      {"--backend cpu-dijkstra --threads-per-block 64", "cuda-batched-bf"},
      {"--backend cpu-dijkstra --paths", "--paths"},
      {"--backend cpu-dijkstra --dtype i16", "--dtype"},
      {"--backend cpu-dijkstra --timings-csv " + path("t.csv"), "--timings-csv"},
  };
  for (const Bad& b : bad) {
    SCOPED_TRACE(b.args);
    const RunResult r = run_apsp(solve + b.args);
    EXPECT_EQ(r.status, 2) << r.output;
    EXPECT_NE(only_line(r.output).find(b.mentions), std::string::npos) << r.output;
  }
  EXPECT_EQ(run_apsp(solve + "--backend cpu-dijkstra --sources 9 -q").status, 0);
  EXPECT_EQ(run_apsp(solve + "--backend cpu-dijkstra --sources 0:10 -q").status, 0);
}

TEST_F(CliSparse, NegativeCycleExitsThreeWithTheCycle) {
  const RunResult r = run_apsp("solve --gen classroom:name=negcycle4 --backend cpu-dijkstra -o " + path("d.npy"));
  EXPECT_EQ(r.status, 3) << r.output;
  EXPECT_NE(r.output.find("negative cycle: 0 1 2 0"), std::string::npos) << r.output;
  EXPECT_FALSE(std::filesystem::exists(path("d.npy")));
}

TEST_F(CliSparse, MemoryIsRefusedBeforeAllocating) {
  // All 2e9 rows of a 2e9-vertex graph: refused right after n is known, before any edge or row exists.
  const RunResult r = run_apsp("solve --gen gnm:n=2000000000,m=0 --backend cpu-dijkstra -o " + path("d.npy"));
  EXPECT_EQ(r.status, 4) << r.output;
  EXPECT_NE(only_line(r.output).find("CSR graph"), std::string::npos) << r.output;
}

TEST_F(CliSparse, LargeGraphFromFewSourcesNeedsNoMatrix) {
  // 1M vertices: its matrix would be 4 TB; the CSR path solves 4 rows.
  const RunResult r =
      run_apsp("solve --gen grid:rows=1000,cols=1000,seed=2 --backend cpu-dijkstra --sources 0:4 -o " + path("d.npy"));
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(std::filesystem::file_size(path("d.npy")), 128u + 4u * 4u * 1000000u);
}

TEST_F(CliSparse, InfoAndBenchListTheSparseSolvers) {
  const RunResult info = run_apsp("info --backends");
  EXPECT_EQ(info.status, 0);
  // Columns: name, availability, description (aligned to the widest name: the spaces between vary).
  std::istringstream lines(info.output);
  std::string line, name, availability, kind;
  while (std::getline(lines, line) && line.rfind("cpu-dijkstra ", 0) != 0) {
  }
  std::istringstream(line) >> name >> availability >> kind;
  EXPECT_EQ(availability + " " + kind, "available [sparse]") << info.output;
  EXPECT_NE(info.output.find("cuda-dijkstra"), std::string::npos) << info.output;
  const RunResult bench = run_apsp(
      "bench --backend cpu-blocked,cpu-dijkstra --n 128 --graph gnm:m=600,seed=1 --repeat 1 --warmup 0 --sources 0:32 "
      "--csv " +
      path("b.csv"));
  EXPECT_EQ(bench.status, 0) << bench.output;
  EXPECT_NE(bench.output.find("cpu-dijkstra"), std::string::npos) << bench.output;
  EXPECT_NE(bench.output.find("32 sources"), std::string::npos) << bench.output;
  const std::string csv = read_text(path("b.csv"));
  EXPECT_NE(csv.find(",repeats,warmup,sources,threads_per_block,concurrent,batch,chunk,edges_per_s,sources_per_s,"
                     "threads,threads_resolved,run_id,"),
            std::string::npos)
      << csv;
  EXPECT_NE(csv.find("cpu-dijkstra,1,128,,i32,"), std::string::npos) << csv;  // no block size: an empty cell
  EXPECT_NE(csv.find(",32,,,,,"), std::string::npos) << csv;                   // 32 sources, no GPU knobs
  EXPECT_NE(csv.find(",128,,,,,"), std::string::npos) << csv;                  // cpu-blocked solves all 128 rows
  for (const char* gpu_solver : {"cuda-dijkstra", "cuda-batched-bf"}) {
    const RunResult unavailable = run_apsp("bench --backend " + std::string(gpu_solver) + " --n 64 --graph ring");
    if (cuda_device_count() == 0) {
      EXPECT_EQ(unavailable.status, 2) << unavailable.output;
      EXPECT_NE(only_line(unavailable.output).find(gpu_solver), std::string::npos) << unavailable.output;
    } else {
      EXPECT_EQ(unavailable.status, 0) << unavailable.output;
    }
  }
}

TEST_F(CliSparse, AutoIsTheDefaultAndSaysWhichAndWhy) {
  // A ring of 2000 (out-degree 1) is a sparse solver's, a graph with 30 % of the edges Floyd–Warshall's; the same
  // distances either way; --paths keeps Floyd–Warshall and says so; without -v nothing extra is printed.
  const RunResult ring = run_apsp("solve --gen ring:n=2000,seed=2 -v -o " + path("auto.npy"));
  ASSERT_EQ(ring.status, 0) << ring.output;
  EXPECT_NE(ring.output.find("auto: cpu-dijkstra (sparse), n = 2000, m = 2000 (average out-degree 1.0)"),
            std::string::npos)
      << ring.output;
  ASSERT_EQ(run_apsp("solve --gen ring:n=2000,seed=2 --backend cpu-blocked -q -o " + path("fw.npy")).status, 0);
  EXPECT_EQ(sha256_of(path("auto.npy")), sha256_of(path("fw.npy")));
  const RunResult dense = run_apsp("solve --gen er:n=300,p=0.3,seed=1 -v");
  ASSERT_EQ(dense.status, 0) << dense.output;
  EXPECT_NE(dense.output.find("auto: cpu-blocked (Floyd–Warshall), n = 300"), std::string::npos) << dense.output;
  EXPECT_NE(dense.output.find("modeled cpu-blocked"), std::string::npos) << dense.output;
  const RunResult paths = run_apsp("solve --gen ring:n=200 -v --path 0:3");
  ASSERT_EQ(paths.status, 0) << paths.output;
  EXPECT_NE(paths.output.find("since --paths / --path needs it"), std::string::npos) << paths.output;
  EXPECT_NE(paths.output.find("path 0 -> 3"), std::string::npos) << paths.output;
  EXPECT_EQ(run_apsp("solve --gen ring:n=200 -q -o " + path("q.npy")).output, "");
}

TEST_F(CliSparse, RatesAreEdgesAndSourcesPerSecondNotDenseUpdates) {
  // The solve's own rates (the count itself is checked against a plain search in the engine's sweep test).
  const RunResult s = run_apsp("solve --gen ring:n=20 --backend cpu-dijkstra --sources 0:4 -o " + path("d.npy"));
  ASSERT_EQ(s.status, 0) << s.output;
  EXPECT_NE(s.output.find(" edges/s, "), std::string::npos) << s.output;
  EXPECT_NE(s.output.find(" sources/s"), std::string::npos) << s.output;
  EXPECT_EQ(s.output.find("updates/s"), std::string::npos) << s.output;
  const std::string history = "XDG_DATA_HOME='" + path("data") + "'";
  const RunResult b = run_apsp("bench --backend cpu-dijkstra --n 64 --graph gnm:m=300,seed=3 --sources 0:8 --repeat 1 "
                               "--warmup 0 --threads 1 --csv " + path("b.csv"), history);
  ASSERT_EQ(b.status, 0) << b.output;
  // The history keeps the edges relaxed; runs show gives the rate from them, no min-plus updates.
  const RunResult shown = run_apsp("runs show last", history);
  ASSERT_EQ(shown.status, 0) << shown.output;
  EXPECT_NE(shown.output.find("\nrate:      "), std::string::npos) << shown.output;
  EXPECT_NE(shown.output.find(" edges/s ("), std::string::npos) << shown.output;
  const std::size_t row = b.output.find("cpu-dijkstra", b.output.find("backend"));
  ASSERT_NE(row, std::string::npos) << b.output;
  const std::string line = b.output.substr(row, b.output.find('\n', row) - row);
  EXPECT_NE(line.find("8 sources, "), std::string::npos) << line;
  EXPECT_NE(line.find(" edges/s, "), std::string::npos) << line;
  EXPECT_NE(line.find(" sources/s"), std::string::npos) << line;
  const std::string csv = read_text(path("b.csv"));
  EXPECT_NE(csv.find(",edges_per_s,sources_per_s,threads,threads_resolved,run_id,"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\ncpu-dijkstra,1,64,,i32,"), std::string::npos) << csv;  // no block: an empty cell
  // updates_per_s, the eighth cell, is empty: no n^3 or S n^2 figure for a sparse solver.
  const std::size_t at = csv.find("\ncpu-dijkstra,");
  std::size_t comma = at;
  for (int i = 0; i < 7; ++i) comma = csv.find(',', comma + 1);
  EXPECT_EQ(csv[comma + 1], ',') << csv;
}

}  // namespace
}  // namespace apsp::test
