// cuda-dijkstra against cpu-dijkstra (and so, through the engine tests, against cpu-blocked): random graphs with
// zero and negative weights (Johnson), parallel edges, self loops, disconnected parts, n not a multiple of the
// block size, every --threads-per-block / --concurrent corner; a negative cycle; a million vertices from 1024
// sources. Skips without a CUDA device (label gpu).
#include <apsp/core/errors.h>
#include <apsp/graph/generators.h>
#include <apsp/solve/sparse_registry.h>

#include "cuda_test_support.h"
#include "sparse_test_support.h"

namespace apsp {
namespace {

using test::first_difference;
using test::random_graph;
using test::RandomGraphOptions;
using test::sparse_rows;

SparseSolverOptions knobs(int threads_per_block, int concurrent) {
  SparseSolverOptions o;
  o.threads_per_block = threads_per_block;
  o.concurrent = concurrent;
  return o;
}

TEST(CudaDijkstra, EqualsCpuDijkstraOnRandomGraphs) {
  APSP_REQUIRE_GPU();
  std::uint64_t seed = 100;
  for (int n : {1, 2, 31, 97, 517, 1000}) {  // none a multiple of 64 or 96 except by accident: partial blocks
    for (int variant = 0; variant < 4; ++variant) {
      RandomGraphOptions o;
      o.density = variant == 3 ? 0.3 : 5.0 / n;
      o.negative = variant >= 1;  // Johnson on the GPU path
      o.split = variant == 2;     // disconnected halves: unreachable entries stay INF
      const Graph g = random_graph(n, seed++, o);
      SCOPED_TRACE("n = " + std::to_string(n) + ", variant " + std::to_string(variant));
      // Every source of the small graphs; of the larger ones the first 64 and the last (GPU time is scarce).
      const std::vector<std::int32_t> sources = SourceSpec::parse(n <= 100 ? std::string("all") : "0:64").resolve(n);
      std::vector<std::int32_t> rows = sources;
      if (n > 100) rows.push_back(n - 1);
      const SourceDistances expected = sparse_rows("cpu-dijkstra", g, rows);
      for (const auto& [tpb, k] : {std::pair{96, 4}, std::pair{32, 1}, std::pair{1024, 64}, std::pair{64, 7}})
        EXPECT_EQ(first_difference(sparse_rows("cuda-dijkstra", g, rows, knobs(tpb, k)), expected), "")
            << tpb << " x " << k;
    }
  }
}

TEST(CudaDijkstra, SubsetsAndZeroWeights) {
  APSP_REQUIRE_GPU();
  RandomGraphOptions o;
  o.density = 0.02;
  o.w_lo = 0;
  o.w_hi = 2;  // many zero-weight edges: several settling rounds at the same threshold
  const Graph g = random_graph(700, 9, o);
  for (const char* spec : {"0:1", "699", "5:300", "699,0,350,1"}) {
    SCOPED_TRACE(spec);
    const std::vector<std::int32_t> sources = SourceSpec::parse(spec).resolve(g.n);
    EXPECT_EQ(first_difference(sparse_rows("cuda-dijkstra", g, sources), sparse_rows("cpu-dijkstra", g, sources)), "");
  }
}

TEST(CudaDijkstra, NegativeCycleIsReported) {
  APSP_REQUIRE_GPU();
  const Graph g = generate(GeneratorSpec::parse("classroom:name=negcycle4"));
  try {
    sparse_rows("cuda-dijkstra", g, {3});
    FAIL() << "expected NegativeCycleError";
  } catch (const NegativeCycleError& e) {
    EXPECT_EQ(e.cycle(), (std::vector<std::int32_t>{0, 1, 2}));
  }
}

TEST(CudaDijkstra, DistancesBeyondInt32AreARangeError) {
  APSP_REQUIRE_GPU();
  Graph g;
  g.n = 4;
  g.edges = {{0, 1, kInf32 / 2 + 5}, {1, 2, kInf32 / 2 + 5}, {2, 3, 1}};
  EXPECT_THROW(sparse_rows("cuda-dijkstra", g, {0}), RangeError);
  EXPECT_NO_THROW(sparse_rows("cuda-dijkstra", g, {1}));
}

TEST(CudaDijkstra, MillionVerticesFrom1024Sources) {
  APSP_REQUIRE_GPU();
  const Graph g = generate(GeneratorSpec::parse("gnm:n=1048576,m=8388608,seed=3,w=1:20"));
  const std::vector<std::int32_t> sources = SourceSpec::parse("0:1024").resolve(g.n);
  const SourceDistances expected = sparse_rows("cpu-dijkstra", g, sources);
  EXPECT_EQ(first_difference(sparse_rows("cuda-dijkstra", g, sources), expected), "");
}

}  // namespace
}  // namespace apsp
