// apsp solve's dense pipeline: the result streamed to its file byte for byte as write_distances writes it (every
// format, i32/i16, INF, negative weights, n = 0/1, --sources), a failing write leaves the old file, and the phases
// (read, build, upload, compute, download, write, end to end) on -v, in the run history and `apsp runs show`.
#include <apsp/core/distance_matrix.h>
#include <apsp/graph/graph.h>
#include <apsp/graph/sources.h>
#include <apsp/history/runs_file.h>
#include <apsp/io/distance_io.h>
#include <apsp/io/graph_io.h>
#include <apsp/solve/registry.h>
#include <apsp/solve/solver.h>

#include <fstream>
#include <iterator>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// The result the old path wrote: the whole matrix from a CPU solve, through write_distances.
DistanceMatrix reference_result(const std::string& graph_path, DType dtype) {
  const Graph g = read_graph(graph_path).graph;
  SolverOptions options;
  options.block = 8;
  options.dtype = dtype;
  options.threads = 1;
  const std::unique_ptr<Solver> solver = create_solver("cpu-naive", options);
  solve_all(*solver, to_distance_matrix(g, options.block, dtype));
  DistanceMatrix result;
  solver->read(result);
  return result;
}

class CliPipeline : public TempDir {
 protected:
  std::string history_env() const { return "XDG_DATA_HOME='" + path("data") + "'"; }
};

TEST_F(CliPipeline, StreamedOutputEqualsWriteDistancesForEveryFormatAndDtype) {
  // Negative weights (no negative cycle: a DAG), unreachable pairs, and the edge cases n = 0 and n = 1.
  std::ofstream(path("neg.el")) << "# n=40\n0 1 -5\n1 2 7\n2 3 -2\n0 5 30\n5 39 -4\n10 11 3\n";
  std::ofstream(path("one.el")) << "# n=1\n";
  std::ofstream(path("empty.el")) << "# n=0\n";
  ASSERT_EQ(run_apsp("gen --spec er:n=150,p=0.03,seed=4,w=1:90 -o " + path("er.bin")).status, 0);
  for (const std::string graph : {"neg.el", "one.el", "empty.el", "er.bin"})
    for (const std::string dtype : {"i32", "i16"}) {
      const DistanceMatrix want = reference_result(path(graph), dtype == "i32" ? DType::I32 : DType::I16);
      for (const std::string ext : {".bin", ".npy", ".csv"}) {
        const std::string reference = path("ref" + ext), out = path("out" + ext);
        write_distances(reference, want);
        for (const std::string backend : {"cpu-naive", "cpu-blocked"}) {
          const RunResult r = run_apsp("solve " + path(graph) + " --dtype " + dtype + " --backend " + backend +
                                       " --block 8 -q --no-history -o " + out);
          ASSERT_EQ(r.status, 0) << graph << " " << dtype << ext << ": " << r.output;
          EXPECT_EQ(file_bytes(out), file_bytes(reference)) << graph << " " << dtype << " " << backend << ext;
        }
      }
      // --sources: a run of consecutive rows and rows out of order.
      if (want.n() < 40) continue;
      SourceDistances rows;
      rows.n = want.n();
      rows.sources = {3, 4, 5, 0, 39, 1};
      for (std::int32_t s : rows.sources)
        for (int j = 0; j < want.n(); ++j) rows.values.push_back(want.get(s, j));
      for (const std::string ext : {".npy", ".csv"}) {
        write_distances(path("ref-rows" + ext), rows);
        const RunResult r = run_apsp("solve " + path(graph) + " --dtype " + dtype +
                                     " --backend cpu-blocked --block 8 -q --no-history --sources 3,4,5,0,39,1 -o " +
                                     path("rows" + ext));
        ASSERT_EQ(r.status, 0) << r.output;
        EXPECT_EQ(file_bytes(path("rows" + ext)), file_bytes(path("ref-rows" + ext))) << graph << " " << dtype << ext;
      }
    }
}

TEST_F(CliPipeline, AWriteThatFailsPartWayLeavesTheOldFile) {
  std::ofstream(path("d.npy")) << "the user's distances";
  // The .npy header is the first write, the rows the second: the disk fills up between them.
  const RunResult r = run_apsp("solve --gen er:n=64,p=0.1,seed=1 --block 16 -q --no-history -o " + path("d.npy"),
                               "APSP_FAULT=export_write:2");
  EXPECT_NE(r.status, 0) << r.output;
  EXPECT_NE(r.output.find(path("d.npy")), std::string::npos) << r.output;
  EXPECT_EQ(file_bytes(path("d.npy")), "the user's distances");
}

TEST_F(CliPipeline, VerboseSaysEveryPhaseAndTheSummaryTheEndToEndTime) {
  const RunResult r = run_apsp("solve --gen er:n=96,p=0.1,seed=3 --block 16 -v --no-history -o " + path("d.bin"));
  ASSERT_EQ(r.status, 0) << r.output;
  std::string phases;
  for (const std::string& line : lines_of(r.output))
    if (line.rfind("phases: ", 0) == 0) phases = line;
  ASSERT_FALSE(phases.empty()) << r.output;
  std::size_t at = 0;
  for (const char* phase : {"read ", "set-up ", "build ", "upload ", "compute ", "download ", "write ", "end to end "}) {
    const std::size_t found = phases.find(phase, at);
    EXPECT_NE(found, std::string::npos) << phase << " in " << phases;
    if (found != std::string::npos) at = found;
  }
  // The rate is the compute's; the end-to-end wall stands beside it.
  EXPECT_NE(r.output.find("updates/s (end to end "), std::string::npos) << r.output;
}

TEST_F(CliPipeline, TheHistoryAndRunsShowKeepThePhases) {
  ASSERT_EQ(run_apsp("solve --gen ring:n=48 --block 16 -q -o " + path("a.csv"), history_env()).status, 0);
  ASSERT_EQ(run_apsp("solve --gen ring:n=48 --block 16 -q", history_env()).status, 0);  // nothing written
  const std::vector<RunRecord> runs = read_runs(path("data") + "/apsp-studio/runs.jsonl").runs;
  ASSERT_EQ(runs.size(), 2u);
  std::vector<std::string> names;
  for (const RunStage& s : runs[0].stages) names.push_back(s.stage);
  ASSERT_EQ(names, (std::vector<std::string>{"read", "set-up", "build", "upload", "compute", "download", "write", "end to end"}));
  ASSERT_EQ(runs[1].stages.size(), 8u);
  const RunStage& wall = runs[0].stages.back();
  EXPECT_GE(wall.ms, runs[0].stages[4].ms);  // end to end holds the compute
  EXPECT_EQ(runs[1].stages[6].ms, 0);         // no file: no write
  const RunResult show = run_apsp("runs show " + runs[0].id, history_env());
  ASSERT_EQ(show.status, 0) << show.output;
  EXPECT_NE(show.output.find("phases:    read "), std::string::npos) << show.output;
  const RunResult compare = run_apsp("runs compare " + runs[0].id + " " + runs[1].id, history_env());
  EXPECT_NE(compare.output.find("phases: read "), std::string::npos) << compare.output;
}

}  // namespace
}  // namespace apsp::test
