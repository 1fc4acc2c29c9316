// SparseSolverOptions::on_rows_done, the progress hook the studio draws the growing S x n rows from: called on
// the calling thread with a finished prefix that never shrinks, whose rows already hold their final values, and
// last with every row. Runs every registered sparse solver that can run here (GPU ones skip without a device).
#include <apsp/core/errors.h>
#include <apsp/graph/generators.h>
#include <apsp/solve/sparse_registry.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "sparse_test_support.h"

namespace apsp {
namespace {

TEST(SparseProgress, HookReportsAGrowingFinishedPrefix) {
  const Graph g = generate(GeneratorSpec::parse("gnm:n=3000,m=15000,seed=9,w=0:50"));
  const CsrGraph csr = to_csr(g);
  std::vector<std::int32_t> sources;
  for (std::int32_t s = 0; s < 600; ++s) sources.push_back((s * 7) % g.n);
  for (const SparseBackendInfo& info : list_sparse_backends()) {
    if (!info.available) continue;
    SCOPED_TRACE(info.name);
    const SourceDistances expected = test::sparse_rows("cpu-dijkstra", g, sources);
    SparseSolverOptions options;
    options.threads = 2;
    const std::thread::id caller = std::this_thread::get_id();
    std::vector<std::int64_t> reported;
    bool rows_final = true, same_thread = true;
    options.on_rows_done = [&](const SourceDistances& partial, std::int64_t rows_done) {
      same_thread = same_thread && std::this_thread::get_id() == caller;
      const std::int64_t from = reported.empty() ? 0 : reported.back();
      for (std::int64_t r = from; r < rows_done; ++r)
        rows_final = rows_final && std::equal(partial.row(r), partial.row(r) + partial.n, expected.row(r));
      reported.push_back(rows_done);
    };
    // Slow enough batches that a CPU solve closes several (its batches close about every 50 ms).
    const SourceDistances got = create_sparse_solver(info.name, options)->solve(csr, sources);
    EXPECT_EQ(test::first_difference(got, expected), "");
    ASSERT_FALSE(reported.empty());
    EXPECT_EQ(reported.back(), static_cast<std::int64_t>(sources.size()));
    for (std::size_t i = 1; i < reported.size(); ++i) EXPECT_GT(reported[i], reported[i - 1]);
    EXPECT_TRUE(rows_final) << "a reported row differed from its final value";
    EXPECT_TRUE(same_thread) << "the hook ran on another thread";
  }
}

TEST(SparseProgress, StopKeepsThePrefixReported) {
  const Graph g = generate(GeneratorSpec::parse("gnm:n=20000,m=100000,seed=2,w=1:9"));
  const CsrGraph csr = to_csr(g);
  std::vector<std::int32_t> sources(2000);
  for (std::int32_t s = 0; s < 2000; ++s) sources[static_cast<std::size_t>(s)] = s;
  SparseSolverOptions options;
  options.threads = 1;
  std::int64_t last = 0;
  int polls = 0;
  options.should_stop = [&] { return ++polls >= 2; };
  options.on_rows_done = [&](const SourceDistances&, std::int64_t rows_done) { last = rows_done; };
  EXPECT_THROW(create_sparse_solver("cpu-dijkstra", options)->solve(csr, sources), Error);
  EXPECT_LT(last, 2000);
}

}  // namespace
}  // namespace apsp
