// The happy paths of every subcommand, and the course cases through `apsp solve`.
#include <apsp/core/version.h>

#include <filesystem>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

class Cli : public TempDir {};

/// The leading "# key: value" lines of a CSV export (README "Export context").
std::size_t context_comment_count(const std::string& csv) {
  std::size_t count = 0;
  for (const std::string& line : lines_of(csv)) {
    if (line.rfind("# ", 0) != 0) break;
    ++count;
  }
  return count;
}

TEST_F(Cli, VersionIsTheProjectVersionAndItsBuild) {
  const RunResult r = run_apsp("--version");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.output, apsp::version_line("apsp") + "\n");
  EXPECT_EQ(r.output.rfind("apsp " + std::string(apsp::version()) + " (commit ", 0), 0u) << r.output;
  EXPECT_NE(r.output.find(std::string(apsp::build_type())), std::string::npos) << r.output;
  EXPECT_FALSE(apsp::version().empty());
}

TEST_F(Cli, VersionNamesTheCommitOfTheCheckout) {
  // The commit is read when the binary is built; a test run after a build sees the same checkout.
  const std::string head =
      shell_output("git -C '" APSP_SOURCE_DIR "' rev-parse --show-toplevel >/dev/null 2>&1 && git -C '" APSP_SOURCE_DIR
                   "' rev-parse --short HEAD 2>/dev/null");
  const RunResult r = run_apsp("--version");
  ASSERT_EQ(r.status, 0) << r.output;
  if (head.empty()) {
    EXPECT_NE(r.output.find("(commit unknown, "), std::string::npos) << r.output;
    GTEST_SKIP() << "the source tree is no git checkout";
  }
  const std::string hash = head.substr(0, head.find('\n'));
  const std::string marker = "(commit " + hash;
  const std::size_t at = r.output.find(marker);
  ASSERT_NE(at, std::string::npos) << r.output << " lacks " << hash << ": built from another commit? (rebuild)";
  const char after = r.output[at + marker.size()];
  EXPECT_TRUE(after == ',' || after == '-') << r.output;  // "8f05d61," or "8f05d61-dirty,"
}

TEST_F(Cli, GenRefusesASpecTogetherWithAModel) {
  // The spec used to win silently over --model.
  const RunResult both = run_apsp("gen --model ring --spec er:n=5 -o " + path("g.bin"));
  EXPECT_EQ(both.status, 2) << both.output;
  EXPECT_NE(both.output.find("--spec"), std::string::npos) << both.output;
  EXPECT_FALSE(std::filesystem::exists(path("g.bin")));
  const RunResult spec_only = run_apsp("gen --spec ring:n=5 -o " + path("g.bin"));
  EXPECT_EQ(spec_only.status, 0) << spec_only.output;
}

TEST_F(Cli, EveryCourseCasePassesWithEveryCpuBackend) {
  const std::filesystem::path dir = std::filesystem::path(APSP_TESTDATA_DIR) / "course-hw3";
  ASSERT_TRUE(std::filesystem::exists(dir)) << dir;
  int cases = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.find('.') == std::string::npos || name.ends_with(".sha256") || name.ends_with(".md")) continue;
    const std::string expected = read_text(entry.path().string() + ".out.sha256").substr(0, 64);
    for (const char* backend : {"cpu-naive", "cpu-blocked"})
      for (const char* block : {"7", "32"}) {
        const std::string out = path(name + ".out");
        const RunResult r = run_apsp("solve " + entry.path().string() + " -o " + out + " -q --backend " + backend +
                                     " --block " + block);
        ASSERT_EQ(r.status, 0) << name << ": " << r.output;
        EXPECT_EQ(sha256_of(out), expected) << name << " with " << backend << " block " << block;
      }
    ++cases;
  }
  EXPECT_GE(cases, 17);
}

TEST_F(Cli, GenSolveVerifyRoundTrip) {
  ASSERT_EQ(run_apsp("gen --model er --n 120 --p 0.05 --seed 7 --weights 1:100 -o " + path("g.bin")).status, 0);
  ASSERT_EQ(run_apsp("gen --spec er:n=120,p=0.05,seed=7,w=1:100 -o " + path("g2.bin")).status, 0);
  EXPECT_EQ(sha256_of(path("g.bin")), sha256_of(path("g2.bin"))) << "--spec and options must build the same graph";
  ASSERT_EQ(run_apsp("solve " + path("g.bin") + " -o " + path("a.bin") + " --backend cpu-naive").status, 0);
  ASSERT_EQ(run_apsp("solve " + path("g.bin") + " -o " + path("b.npy") + " --backend cpu-blocked --block 16").status, 0);
  const RunResult same = run_apsp("verify " + path("a.bin") + " " + path("b.npy"));
  EXPECT_EQ(same.status, 0) << same.output;
  // Same graph from --gen gives the same distances.
  ASSERT_EQ(run_apsp("solve --gen er:n=120,p=0.05,seed=7,w=1:100 -o " + path("c.bin")).status, 0);
  EXPECT_EQ(sha256_of(path("a.bin")), sha256_of(path("c.bin")));
}

TEST_F(Cli, VerifyPrintsTheFirstDifference) {
  write_bytes(path("x.bin"), {0, 5, 7, 0});
  write_bytes(path("y.bin"), {0, 5, 6, 0});
  const RunResult r = run_apsp("verify " + path("x.bin") + " " + path("y.bin"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.output.find("(1, 0)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("7"), std::string::npos);
}

TEST_F(Cli, Int16AndPaths) {
  ASSERT_EQ(run_apsp("gen --model grid --rows 6 --cols 7 --seed 2 -o " + path("g.gr")).status, 0);
  ASSERT_EQ(run_apsp("solve " + path("g.gr") + " -o " + path("a.bin") + " --backend cpu-naive").status, 0);
  ASSERT_EQ(run_apsp("solve " + path("g.gr") + " -o " + path("b.bin") + " --dtype i16 --block 8").status, 0);
  EXPECT_EQ(run_apsp("verify " + path("a.bin") + " " + path("b.bin")).status, 0);
  const RunResult p = run_apsp("solve " + path("g.gr") + " -o " + path("c.bin") + " --path 0:41 --backend cpu-blocked");
  ASSERT_EQ(p.status, 0) << p.output;
  EXPECT_NE(p.output.find("path 0 -> 41"), std::string::npos) << p.output;
}

TEST_F(Cli, BenchPrintsRatiosAndWritesCsv) {
  const RunResult r = run_apsp("bench --backend cpu-naive,cpu-blocked --n 96,130 --block 32 --repeat 1 --warmup 0 --csv " +
                               path("b.csv"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("updates/s"), std::string::npos);
  EXPECT_NE(r.output.find("cpu-blocked"), std::string::npos);
  const std::string csv = read_text(path("b.csv"));
  EXPECT_EQ(csv.rfind("# version: ", 0), 0u) << csv;  // context comments first (README "Export context")
  EXPECT_NE(csv.find("\nbackend,gpus,n,block,dtype,median_ms"), std::string::npos) << csv;
  EXPECT_EQ(lines_of(csv).size() - context_comment_count(csv), 5u);  // header + 2 backends x 2 sizes
  // The sweep appended max, spread, best, ... after the columns earlier versions wrote (scripts read by position).
  EXPECT_NE(csv.find(",ratio_to_first,parallel_efficiency,max_ms,spread_pct,best,noisy,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",repeats,warmup,sources,threads_per_block,concurrent,batch,chunk,edges_per_s,sources_per_s,"
                     "threads,threads_resolved,run_id,"),
            std::string::npos)
      << csv;
  EXPECT_EQ(csv.find(",-1"), std::string::npos) << csv;  // no multi-GPU rows: no efficiency, an empty cell
  EXPECT_EQ(csv.find("e+"), std::string::npos) << csv;          // numbers in one format, no exponents
  EXPECT_NE(csv.find("cpu-naive,1,96,32,i32"), std::string::npos);
  // A per-variant block size: NAME:BLOCK.
  const RunResult b = run_apsp("bench --backend cpu-blocked:16,cpu-blocked:48 --n 100 --repeat 1 --warmup 0 --csv " + path("c.csv"));
  ASSERT_EQ(b.status, 0) << b.output;
  const std::string csv2 = read_text(path("c.csv"));
  EXPECT_NE(csv2.find("cpu-blocked,1,100,16,i32"), std::string::npos) << csv2;
  EXPECT_NE(csv2.find("cpu-blocked,1,100,48,i32"), std::string::npos) << csv2;
  EXPECT_EQ(run_apsp("bench --backend cpu-blocked:x --n 100").status, 2);
}

TEST_F(Cli, InfoDescribesAGraph) {
  ASSERT_EQ(run_apsp("gen --model ring --n 50 -o " + path("r.el")).status, 0);
  const RunResult r = run_apsp("info " + path("r.el"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("n = 50"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("m = 50"), std::string::npos);
  EXPECT_NE(r.output.find("as i32"), std::string::npos);
  const RunResult b = run_apsp("info --backends");
  EXPECT_EQ(b.status, 0);
  EXPECT_NE(b.output.find("cpu-blocked"), std::string::npos);
  EXPECT_NE(b.output.find("cuda-tuned"), std::string::npos);
}

TEST_F(Cli, GenHelpListsEveryModel) {
  const RunResult r = run_apsp("gen --help");
  EXPECT_EQ(r.status, 0);
  for (const char* m : {"er", "gnm", "grid", "ring", "path", "complete", "ba", "classroom"})
    EXPECT_NE(r.output.find(std::string("  ") + m + ":"), std::string::npos) << m;
}

TEST_F(Cli, TimingsCsvHasOneRowPerRoundAndPhase) {
  const RunResult r = run_apsp("solve --gen er:n=100,p=0.1,seed=1 -o " + path("d.bin") + " --block 32 --timings-csv " + path("t.csv"));
  ASSERT_EQ(r.status, 0) << r.output;
  const std::string csv = read_text(path("t.csv"));
  EXPECT_NE(csv.find("\nbackend,block,round,phase,device,ms,updates,bytes"), std::string::npos);
  // The header, the copy into the solver (the CPU's upload, round -1), 4 rounds x 3 phases.
  EXPECT_EQ(lines_of(csv).size() - context_comment_count(csv), 1u + 1 + 4 * 3);
  EXPECT_NE(csv.find("\ncpu-blocked,32,,upload,0,"), std::string::npos) << csv;
}

TEST_F(Cli, GraphSmallerThanTheBlockRunsAsOneBlockOfN) {
  // The effective block (block_size.h), as the studio computes it: a variable-block variant given B > n uses n.
  const RunResult r = run_apsp("solve --gen ring:n=10 --backend cpu-blocked --block 64 -o " + path("d.bin") +
                               " --timings-csv " + path("t.csv"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("block 10,"), std::string::npos) << r.output;
  const std::string csv = read_text(path("t.csv"));
  EXPECT_NE(csv.find("\ncpu-blocked,10,0,pivot,"), std::string::npos) << csv;
  EXPECT_EQ(run_apsp("solve --gen ring:n=10 --backend cuda-tuned --block 48 -o " + path("e.bin")).status, 2);
}

}  // namespace
}  // namespace apsp::test
