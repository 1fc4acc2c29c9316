// The sweep (apsp/bench/sweep.h): the plan, the statistics, ratios, efficiency and the best per n without running
// a solver, then a small real sweep on the CPU backends (progress, cancel, failures).
#include <apsp/bench/sweep.h>
#include <apsp/bench/sweep_text.h>
#include <apsp/core/errors.h>
#include <apsp/core/format.h>
#include <apsp/graph/csr.h>
#include <apsp/graph/generators.h>
#include <apsp/graph/graph.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>

namespace apsp::bench {
namespace {

std::vector<BackendInfo> fake_backends() {
  BackendInfo cpu{"cpu-blocked", "", false, true, "", {}, true, false};
  BackendInfo naive{"cpu-naive", "", false, true, "", {}, true, false};
  BackendInfo tuned{"cuda-tuned", "", true, true, "", {32, 64, 128}, true, true};
  BackendInfo blocked{"cuda-blocked", "", true, false, "no CUDA device", {8, 16, 32, 64}, false, false};
  return {naive, cpu, blocked, tuned};
}

SweepResult result(const std::string& backend, int block, int gpus, DType dtype, int n, double median) {
  SweepResult r;
  r.config = {backend, block, gpus, dtype, n};
  r.time = time_stats({median});
  return r;
}

bool has_skip(const SweepPlan& plan, const SweepConfig& c, const std::string& reason_part) {
  return std::any_of(plan.skipped.begin(), plan.skipped.end(), [&](const SkippedConfig& s) {
    return s.config == c && s.reason.find(reason_part) != std::string::npos;
  });
}

TEST(SweepPlan, EveryCombinationIsRunOrSkippedWithItsReason) {
  SweepSpec spec;
  spec.backends = {"cpu-blocked", "cuda-tuned", "cuda-blocked"};
  spec.blocks = {16, 64};
  spec.gpus = {1, 2, 4};
  spec.dtypes = {DType::I32, DType::I16};
  spec.sizes = {256, 512};
  const SweepPlan plan = plan_sweep(spec, fake_backends(), 2);
  EXPECT_EQ(plan.runs.size() + plan.skipped.size(), 3u * 2 * 3 * 2 * 2);
  // cpu-blocked: any block, one device.
  EXPECT_NE(std::find(plan.runs.begin(), plan.runs.end(), SweepConfig{"cpu-blocked", 16, 1, DType::I16, 256}),
            plan.runs.end());
  EXPECT_TRUE(has_skip(plan, {"cpu-blocked", 16, 2, DType::I32, 256}, "runs on one device"));
  // cuda-tuned: B = 16 not offered, 4 GPUs not here, 2 GPUs fine.
  EXPECT_TRUE(has_skip(plan, {"cuda-tuned", 16, 1, DType::I32, 512}, "offers B = 32, 64, 128"));
  EXPECT_TRUE(has_skip(plan, {"cuda-tuned", 64, 4, DType::I32, 512}, "only 2 CUDA devices here"));
  EXPECT_NE(std::find(plan.runs.begin(), plan.runs.end(), SweepConfig{"cuda-tuned", 64, 2, DType::I16, 512}),
            plan.runs.end());
  // An unavailable backend: every combination skipped with its reason.
  EXPECT_TRUE(has_skip(plan, {"cuda-blocked", 64, 1, DType::I32, 256}, "no CUDA device"));
  EXPECT_EQ(std::count_if(plan.runs.begin(), plan.runs.end(),
                          [](const SweepConfig& c) { return c.backend == "cuda-blocked"; }),
            0);
  // Order: n outermost, then backend, dtype, block, GPUs.
  EXPECT_EQ(plan.runs.front(), (SweepConfig{"cpu-blocked", 16, 1, DType::I32, 256}));
  EXPECT_EQ(plan.runs.back().n, 512);
}

TEST(SweepPlan, Int16UnsupportedAndPinnedBlocks) {
  std::vector<BackendInfo> backends = fake_backends();
  backends[1].supports_i16 = false;
  SweepSpec spec;
  spec.backends = {"cpu-blocked", "cuda-tuned:128"};
  spec.blocks = {8, 16};
  spec.dtypes = {DType::I16};
  spec.sizes = {100};
  const SweepPlan plan = plan_sweep(spec, backends, 1);
  EXPECT_TRUE(has_skip(plan, {"cpu-blocked", 8, 1, DType::I16, 100}, "no int16 mode"));
  ASSERT_EQ(plan.runs.size(), 1u);  // the pinned block replaces the list
  EXPECT_EQ(plan.runs[0], (SweepConfig{"cuda-tuned", 128, 1, DType::I16, 100}));
}

TEST(SweepPlan, BadSpecsAreUsageErrors) {
  SweepSpec spec;
  spec.backends = {"cpu-fast"};
  EXPECT_THROW(plan_sweep(spec, fake_backends(), 0), UsageError);
  spec.backends = {"cpu-blocked:x"};
  EXPECT_THROW(plan_sweep(spec, fake_backends(), 0), UsageError);
  spec.backends = {"cpu-blocked"};
  spec.blocks.clear();
  EXPECT_THROW(plan_sweep(spec, fake_backends(), 0), UsageError);
  spec.blocks = {8};
  spec.repeat = 0;
  EXPECT_THROW(plan_sweep(spec, fake_backends(), 0), UsageError);
}

TEST(SweepPlan, SparseSolversSpanTheirKnobsNotTheBlocks) {
  const std::vector<SparseBackendInfo> sparse = {{"cpu-dijkstra", "", false, true, "", false, false, false},
                                                 {"cuda-dijkstra", "", true, true, "", true, true, false},
                                                 {"cuda-batched-bf", "", true, true, "", true, false, true}};
  SweepSpec spec;
  spec.backends = {"cpu-dijkstra", "cuda-dijkstra", "cpu-blocked", "cuda-batched-bf"};
  spec.batch = {0, 256};
  spec.chunk = {64, 128};
  spec.blocks = {8, 16};
  spec.gpus = {1, 2};
  spec.dtypes = {DType::I32, DType::I16};
  spec.sizes = {100};
  spec.sources = "0:10";
  spec.threads_per_block = {64, 96, 128};
  spec.concurrent = {1, 4};
  const SweepPlan plan = plan_sweep(spec, fake_backends(), 2, sparse);
  const auto runs_of = [&](const std::string& name) {
    return std::count_if(plan.runs.begin(), plan.runs.end(), [&](const SweepConfig& c) { return c.backend == name; });
  };
  EXPECT_EQ(runs_of("cpu-dijkstra"), 1);       // one configuration: no knobs, i32, one GPU
  EXPECT_EQ(runs_of("cuda-dijkstra"), 3 * 2);  // threads per block x concurrent
  EXPECT_EQ(runs_of("cpu-blocked"), 2 * 2);    // blocks x dtypes, unchanged
  EXPECT_EQ(runs_of("cuda-batched-bf"), 3 * 2 * 2);  // threads per block x batch x chunk, not concurrent
  SweepConfig c{"cuda-dijkstra", 0, 1, DType::I32, 100};
  c.sources = 10;
  c.threads_per_block = 96;
  c.concurrent = 4;
  EXPECT_NE(std::find(plan.runs.begin(), plan.runs.end(), c), plan.runs.end());
  EXPECT_EQ(describe(c), "cuda-dijkstra tpb=96 K=4 S=10 n=100");
  SweepConfig b{"cuda-batched-bf", 0, 1, DType::I32, 100};
  b.sources = 10;
  b.threads_per_block = 64;
  b.chunk = 128;
  EXPECT_NE(std::find(plan.runs.begin(), plan.runs.end(), b), plan.runs.end());
  EXPECT_EQ(describe(b), "cuda-batched-bf tpb=64 batch=auto chunk=128 S=10 n=100");
  c.dtype = DType::I16;
  EXPECT_TRUE(has_skip(plan, c, "no int16 mode"));
  c.dtype = DType::I32;
  c.gpus = 2;
  EXPECT_TRUE(has_skip(plan, c, "runs on one device"));
  spec.sources = "0:200";  // beyond n
  EXPECT_THROW(plan_sweep(spec, fake_backends(), 2, sparse), UsageError);
  spec.sources = "all";
  spec.backends = {"cpu-dijkstra:64"};  // a sparse solver has no block to pin
  EXPECT_THROW(plan_sweep(spec, fake_backends(), 2, sparse), UsageError);
}

TEST(SweepRun, SparseRowsAreTimedOnTheCsrAndCountTheirRows) {
  SweepSpec spec;
  spec.backends = {"cpu-blocked", "cpu-dijkstra"};
  spec.blocks = {16};
  spec.sizes = {64};
  spec.graph = "gnm:m=300,seed=3";
  spec.sources = "0:16";
  spec.warmup = 0;
  spec.repeat = 2;
  spec.threads = {1};
  const SweepReport report = run_sweep(spec);
  ASSERT_EQ(report.results.size(), 2u);
  const SweepResult& sparse = report.results[1];
  EXPECT_EQ(sparse.config.backend, "cpu-dijkstra");
  EXPECT_EQ(sparse.config.sources, 16);
  EXPECT_EQ(sparse.time.samples_ms.size(), 2u);
  EXPECT_FALSE(report.results[0].config.sparse());
  const std::string csv = sweep_results_csv(report, {});
  EXPECT_NE(csv.find("cpu-dijkstra,1,64,,i32,"), std::string::npos) << csv;  // no block
  EXPECT_NE(csv.find(",16,,,,,"), std::string::npos) << csv;  // 16 rows, no launch knobs
  EXPECT_NE(csv.find(",64,,,,,,"), std::string::npos) << csv;  // cpu-blocked solves all 64
}

/// Out-edges of every vertex reachable from @p s (a plain search, independent of the solvers).
std::int64_t reachable_out_edges(const CsrGraph& g, std::int32_t s) {
  std::vector<bool> seen(static_cast<std::size_t>(g.n), false);
  std::vector<std::int32_t> stack{s};
  seen[static_cast<std::size_t>(s)] = true;
  std::int64_t edges = 0;
  while (!stack.empty()) {
    const std::int32_t u = stack.back();
    stack.pop_back();
    for (std::int32_t e = g.offsets[static_cast<std::size_t>(u)]; e < g.offsets[static_cast<std::size_t>(u) + 1]; ++e) {
      ++edges;
      const auto v = static_cast<std::size_t>(g.targets[static_cast<std::size_t>(e)]);
      if (!seen[v]) {
        seen[v] = true;
        stack.push_back(static_cast<std::int32_t>(v));
      }
    }
  }
  return edges;
}

TEST(SweepRun, SparseRatesAreEdgesAndSourcesPerSecondNeverDenseUpdates) {
  SweepSpec spec;
  spec.backends = {"cpu-blocked", "cpu-dijkstra"};
  spec.blocks = {16};
  spec.sizes = {64};
  spec.graph = "gnm:m=150,seed=5";  // sparse enough that some sources miss some vertices
  spec.sources = "0:16";
  spec.warmup = 0;
  spec.repeat = 2;
  spec.threads = {1};
  const SweepReport report = run_sweep(spec);
  ASSERT_EQ(report.results.size(), 2u);
  const SweepResult& dense = report.results[0];
  const SweepResult& sparse = report.results[1];
  ASSERT_TRUE(sparse.config.sparse());
  GeneratorSpec g = GeneratorSpec::parse(spec.graph);
  g.params["n"] = "64";
  const CsrGraph csr = to_csr(generate(g));
  std::int64_t expected = 0;
  for (std::int32_t s = 0; s < 16; ++s) expected += reachable_out_edges(csr, s);
  ASSERT_LT(expected, 16 * csr.m());  // the count is of reached vertices, not S x m
  EXPECT_EQ(sparse.edges, expected);
  const double seconds = sparse.time.median_ms * 1e-3;
  EXPECT_NEAR(sparse.edges_per_s, static_cast<double>(expected) / seconds, 1e-9 * sparse.edges_per_s);
  EXPECT_NEAR(sparse.sources_per_s, 16 / seconds, 1e-9 * sparse.sources_per_s);
  EXPECT_EQ(sparse.updates_per_s, 0);  // no S n^2 "Floyd–Warshall equivalent"
  EXPECT_EQ(sparse.peak_pct, -1);
  ASSERT_EQ(sparse.phases.size(), 1u);
  EXPECT_EQ(sparse.phases[0].updates, 0u);  // the run history keeps no min-plus updates for it either
  EXPECT_GT(dense.updates_per_s, 0);
  EXPECT_EQ(dense.edges_per_s, 0);
  EXPECT_EQ(dense.sources_per_s, 0);
  // The CSV: the sparse row's updates_per_s empty, its two rates filled; the dense row's rates empty.
  const std::string csv = sweep_results_csv(report, {"a", "b"});
  const auto cells_of = [](const std::string& line) {
    std::vector<std::string> cells;
    for (std::size_t at = 0;;) {
      const std::size_t comma = line.find(',', at);
      cells.push_back(line.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
      if (comma == std::string::npos) return cells;
      at = comma + 1;
    }
  };
  const auto line_from = [&](const std::string& start) {
    const std::size_t at = csv.find("\n" + start);
    return at == std::string::npos ? std::string() : csv.substr(at + 1, csv.find('\n', at + 1) - at - 1);
  };
  const std::vector<std::string> header = cells_of(line_from("backend,"));
  const auto column = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  const std::vector<std::string> sparse_row = cells_of(line_from("cpu-dijkstra,"));
  const std::vector<std::string> dense_row = cells_of(line_from("cpu-blocked,"));
  ASSERT_EQ(sparse_row.size(), header.size()) << csv;
  ASSERT_EQ(dense_row.size(), header.size()) << csv;
  EXPECT_EQ(sparse_row[column("updates_per_s")], "") << csv;
  EXPECT_NEAR(std::stod(sparse_row[column("edges_per_s")]), sparse.edges_per_s, 1e-3) << csv;
  EXPECT_NEAR(std::stod(sparse_row[column("sources_per_s")]), sparse.sources_per_s, 1e-3) << csv;
  EXPECT_EQ(sparse_row[column("run_id")], "b");
  EXPECT_EQ(dense_row[column("edges_per_s")], "") << csv;
  EXPECT_EQ(dense_row[column("sources_per_s")], "") << csv;
  EXPECT_EQ(dense_row[column("run_id")], "a");
  // One thread asked and run with, on both rows.
  for (const auto* row : {&sparse_row, &dense_row}) {
    EXPECT_EQ((*row)[column("threads")], "1") << csv;
    EXPECT_EQ((*row)[column("threads_resolved")], "1") << csv;
  }
}

TEST(SweepRun, EveryPhaseKeepsEachTimedRunAndReportsTheirMedian) {
  SweepSpec spec;
  spec.backends = {"cpu-blocked", "cpu-dijkstra"};
  spec.blocks = {16};
  spec.sizes = {64};
  spec.graph = "gnm:m=300,seed=3";
  spec.sources = "0:16";
  spec.warmup = 0;
  spec.repeat = 3;
  spec.threads = {1};
  const SweepReport report = run_sweep(spec);
  ASSERT_EQ(report.results.size(), 2u);
  for (const SweepResult& r : report.results) {
    ASSERT_FALSE(r.phases.empty()) << describe(r.config);
    double compute = 0, phase12 = 0;
    for (const PhaseFigures& p : r.phases) {
      ASSERT_EQ(p.samples_ms.size(), 3u) << describe(r.config) << " " << to_string(p.phase);
      std::vector<double> sorted = p.samples_ms;
      std::sort(sorted.begin(), sorted.end());
      EXPECT_DOUBLE_EQ(p.ms, sorted[1]) << describe(r.config) << " " << to_string(p.phase);
      EXPECT_DOUBLE_EQ(r.phase_ms(p.phase), sorted[1]);
      if (is_compute(p.phase)) compute += p.ms;
      if (p.phase == Phase::Pivot || p.phase == Phase::PivotRowCol) phase12 += p.ms;
    }
    if (!r.config.sparse()) {
      EXPECT_NEAR(r.phase12_share, phase12 / compute, 1e-12);
    }
  }
}

TEST(SweepStats, MinMedianMaxAndSpread) {
  const TimeStats s = time_stats({10.0, 12.0, 11.0, 9.0});
  EXPECT_DOUBLE_EQ(s.min_ms, 9.0);
  EXPECT_DOUBLE_EQ(s.max_ms, 12.0);
  EXPECT_DOUBLE_EQ(s.median_ms, 10.5);
  EXPECT_NEAR(s.spread_pct, 100.0 * 3 / 10.5, 1e-9);
  EXPECT_TRUE(s.noisy());
  EXPECT_EQ(s.samples_ms, (std::vector<double>{10.0, 12.0, 11.0, 9.0}));  // in run order
  const TimeStats quiet = time_stats({100.0, 101.0, 102.0});
  EXPECT_DOUBLE_EQ(quiet.median_ms, 101.0);
  EXPECT_FALSE(quiet.noisy());  // 1.98 %
  EXPECT_DOUBLE_EQ(time_stats({5.0}).spread_pct, 0.0);
  EXPECT_THROW(time_stats({}), UsageError);
  // bench --repeat 2: the spread is reported, the noisy flag needs kNoisyMinRuns runs (the rule of measure.h).
  const TimeStats two = time_stats({10.0, 20.0});
  EXPECT_GT(two.spread_pct, kNoisySpreadPct);
  EXPECT_FALSE(two.noisy());
}

TEST(SweepStats, BestPerNAndRatios) {
  std::vector<SweepResult> rs = {
      result("cpu-naive", 64, 1, DType::I32, 100, 50), result("cpu-blocked", 8, 1, DType::I32, 100, 10),
      result("cpu-blocked", 16, 1, DType::I32, 100, 8), result("cpu-naive", 64, 1, DType::I32, 200, 400),
      result("cpu-blocked", 16, 1, DType::I32, 200, 40)};
  rs[4].best = true;
  mark_best(rs);
  EXPECT_FALSE(rs[0].best);
  EXPECT_FALSE(rs[1].best);
  EXPECT_TRUE(rs[2].best);
  EXPECT_FALSE(rs[3].best);
  EXPECT_TRUE(rs[4].best);
  fill_ratios_and_scaling(rs);
  EXPECT_DOUBLE_EQ(rs[0].ratio, 1.0);
  EXPECT_DOUBLE_EQ(rs[2].ratio, 50.0 / 8);
  EXPECT_DOUBLE_EQ(rs[4].ratio, 10.0);                                                  // to the first row of its own n
  for (const SweepResult& r : rs) EXPECT_EQ(r.efficiency, -1.0) << describe(r.config);  // nothing scaled
}

// (Moved from the CLI's bench_scaling test: the arithmetic now lives in the sweep.)
TEST(SweepStats, EfficiencyIsOneGpuTimeOverGpusTimesTime) {
  std::vector<SweepResult> rs = {
      result("cuda-tuned", 128, 1, DType::I32, 32768, 2400.0),
      result("cuda-tuned", 128, 2, DType::I32, 32768, 1250.0),
      result("cuda-tuned", 128, 4, DType::I32, 32768, 600.0),
      result("cuda-tuned", 64, 2, DType::I32, 32768, 1300.0),     // no one-GPU row with block 64
      result("cuda-tuned", 128, 2, DType::I16, 32768, 700.0),     // no one-GPU row with this dtype
      result("cuda-tuned", 128, 2, DType::I32, 49152, 4000.0),    // no one-GPU row at this n
      result("cpu-blocked", 128, 1, DType::I32, 32768, 90000.0),  // nothing to scale against
  };
  fill_ratios_and_scaling(rs);
  EXPECT_DOUBLE_EQ(rs[0].efficiency, 1.0);
  EXPECT_DOUBLE_EQ(rs[1].efficiency, 2400.0 / (2 * 1250.0));
  EXPECT_DOUBLE_EQ(rs[2].efficiency, 1.0);
  EXPECT_EQ(rs[3].efficiency, -1.0);
  EXPECT_EQ(rs[4].efficiency, -1.0);
  EXPECT_EQ(rs[5].efficiency, -1.0);
  EXPECT_EQ(rs[6].efficiency, -1.0);
}

TEST(SweepStats, RemainingTime) {
  EXPECT_DOUBLE_EQ(estimate_remaining_s(2.0, 1.0, 4.0), 6.0);
  EXPECT_EQ(estimate_remaining_s(0.0, 0.0, 4.0), -1.0);
  EXPECT_DOUBLE_EQ(estimate_remaining_s(2.0, 4.0, 4.0), 0.0);
}

TEST(Format, DurationsInTheUnitThatSuitsThem) {
  EXPECT_EQ(format_duration_ms(0.036), "36.0 \xC2\xB5s");
  EXPECT_EQ(format_duration_ms(0.0004), "0.40 \xC2\xB5s");
  EXPECT_EQ(format_duration_ms(8.4213), "8.42 ms");
  EXPECT_EQ(format_duration_ms(323.84), "324 ms");
  EXPECT_EQ(format_duration_ms(0.99999), "1.00 ms");
  EXPECT_EQ(format_duration_ms(1234.5), "1.23 s");
  EXPECT_EQ(format_duration_ms(999.97), "1.00 s");
  EXPECT_EQ(format_duration_ms(0), "0 ms");
  EXPECT_EQ(format_duration_ms(-1), "-");
}

TEST(SweepRun, SmallCpuSweepMeasuresEveryPlannedConfiguration) {
  SweepSpec spec;
  spec.backends = {"cpu-naive", "cpu-blocked"};
  spec.blocks = {8, 16};
  spec.gpus = {1, 2};
  spec.sizes = {48, 64};
  spec.warmup = 1;
  spec.repeat = 2;
  spec.threads = {1};
  std::vector<SweepProgress> seen;
  int results = 0;
  SweepCallbacks cb;
  cb.progress = [&](const SweepProgress& p) { seen.push_back(p); };
  cb.result = [&](const SweepResult&) { ++results; };
  const SweepReport report = run_sweep(spec, cb);
  EXPECT_FALSE(report.cancelled);
  ASSERT_EQ(report.results.size(), 2u * 2 * 2);  // n x backend x block, one GPU
  EXPECT_EQ(report.skipped.size(), 2u * 2 * 2);  // the two-GPU halves
  EXPECT_EQ(results, 8);
  // Each n: the lowest median is best; any other best row is tied with it (mark_best's rule).
  for (int n : {48, 64}) {
    const SweepResult* leader = nullptr;
    for (const SweepResult& r : report.results)
      if (r.config.n == n && (!leader || r.time.median_ms < leader->time.median_ms)) leader = &r;
    ASSERT_TRUE(leader);
    EXPECT_TRUE(leader->best);
    for (const SweepResult& r : report.results)
      if (r.config.n == n && r.best && &r != leader) {
        EXPECT_TRUE(r.tied && leader->tied) << describe(r.config);
      }
  }
  for (const SweepResult& r : report.results) {
    EXPECT_EQ(r.time.samples_ms.size(), 2u);
    EXPECT_LE(r.time.min_ms, r.time.median_ms);
    EXPECT_LE(r.time.median_ms, r.time.max_ms);
    EXPECT_GT(r.updates_per_s, 0);
    EXPECT_EQ(r.peak_pct, -1);
    if (r.config.backend == "cpu-blocked") {
      EXPECT_GT(r.phase_ms(Phase::Independent), 0) << describe(r.config);
      EXPECT_GT(r.gb_per_s(Phase::Independent), 0);
    } else {
      EXPECT_GT(r.phase_ms(Phase::Full), 0);
    }
  }
  ASSERT_FALSE(seen.empty());
  EXPECT_EQ(seen.back().runs_done, 8 * 3);
  EXPECT_EQ(seen.back().runs_total, 8 * 3);
  EXPECT_EQ(seen.back().eta_s, 0.0);
  for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_GE(seen[i].runs_done, seen[i - 1].runs_done);
}

TEST(SweepRun, CancelStopsBetweenSolvesAndKeepsWhatIsDone) {
  SweepSpec spec;
  spec.backends = {"cpu-blocked"};
  spec.blocks = {8, 16, 32};
  spec.sizes = {64};
  spec.repeat = 1;
  spec.warmup = 0;
  std::atomic<bool> cancel{false};
  SweepCallbacks cb;
  cb.cancel = &cancel;
  cb.result = [&](const SweepResult&) { cancel = true; };  // stop after the first configuration
  const SweepReport report = run_sweep(spec, cb);
  EXPECT_TRUE(report.cancelled);
  ASSERT_EQ(report.results.size(), 1u);
  EXPECT_TRUE(report.results[0].best);
}

TEST(SweepRun, AFailingConfigurationIsRecordedAndTheSweepGoesOn) {
  SweepSpec spec;
  spec.backends = {"cpu-blocked"};
  spec.blocks = {8};
  spec.dtypes = {DType::I16, DType::I32};
  spec.sizes = {40};
  spec.graph = "path:w=1000:1000";  // distances up to 39000: out of int16's range
  spec.repeat = 1;
  spec.warmup = 0;
  const SweepReport report = run_sweep(spec);
  ASSERT_EQ(report.results.size(), 1u);
  EXPECT_EQ(report.results[0].config.dtype, DType::I32);
  ASSERT_EQ(report.skipped.size(), 1u);
  EXPECT_EQ(report.skipped[0].reason.rfind("failed: ", 0), 0u) << report.skipped[0].reason;
  EXPECT_TRUE(report.first_failure);
}

TEST(SweepText, SpecParsesEveryKeyAndKeepsTheGraphsCommas) {
  const SweepSpec s = parse_sweep_spec(
      "backend=cpu-blocked,cuda-tuned:128;block=8,16,32;gpus=1,2;dtype=i32,i16;n=256,512;repeat=5;warmup=2;threads=1;"
      "graph=er:p=0.1,seed=3,w=1:9");
  EXPECT_EQ(s.backends, (std::vector<std::string>{"cpu-blocked", "cuda-tuned:128"}));
  EXPECT_EQ(s.blocks, (std::vector<int>{8, 16, 32}));
  EXPECT_EQ(s.gpus, (std::vector<int>{1, 2}));
  EXPECT_EQ(s.dtypes, (std::vector<DType>{DType::I32, DType::I16}));
  EXPECT_EQ(s.sizes, (std::vector<int>{256, 512}));
  EXPECT_EQ(s.repeat, 5);
  EXPECT_EQ(s.warmup, 2);
  EXPECT_EQ(s.threads, std::vector<int>{1});
  EXPECT_EQ(s.graph, "er:p=0.1,seed=3,w=1:9");
  const SweepSpec d = parse_sweep_spec("n=64");  // the rest keeps the defaults
  EXPECT_EQ(d.backends, SweepSpec{}.backends);
  EXPECT_EQ(d.repeat, SweepSpec{}.repeat);
  for (const char* bad : {"colour=red", "block=8,x", "block=", "n", "dtype=f64", "repeat=0", "gpus=1,,2", "block=5000"})
    EXPECT_THROW(parse_sweep_spec(bad), UsageError) << bad;
}

TEST(SweepText, ResultsCsvKeepsTheOldColumnsFirst) {
  SweepReport report;
  report.spec.repeat = 3;
  report.results = {result("cpu-blocked", 16, 1, DType::I16, 100, 8)};
  report.results[0].best = true;
  const std::string csv = sweep_results_csv(report, {"20261122-235959-abcd"});
  EXPECT_EQ(csv.rfind("# version: ", 0), 0u) << csv;  // the context first (README "Export context")
  EXPECT_NE(csv.find("\n# graph: "), std::string::npos) << csv;
  EXPECT_NE(csv.find("\nbackend,gpus,n,block,dtype,median_ms,min_ms,updates_per_s,peak_pct,gbps_pivot,gbps_rowcol,"
                     "gbps_independent,gbps_full,phase12_share,non_p3_share,upload_ms,ratio_to_first,parallel_efficiency,"
                     "max_ms,spread_pct,best,noisy,"),
            std::string::npos)
      << csv;
  EXPECT_NE(csv.find(",20261122-235959-abcd,"), std::string::npos) << csv;  // the run id
  EXPECT_EQ(csv.find("e+"), std::string::npos) << csv;                       // no exponents
  EXPECT_NE(csv.find("\ncpu-blocked,1,100,16,i16,8.0000,8.0000,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",8.0000,0.00,best,0,"), std::string::npos) << csv;  // max, spread, best, noisy
}

}  // namespace
}  // namespace apsp::bench
