// Every CUDA variant, block size and dtype against cpu-blocked: random graphs (n from 1 to a few hundred and
// around multiples of the block), negative edges, INF-heavy sparse graphs, int16, negative cycles, and the
// course cases by SHA-256 of the course output file.
#include <apsp/core/errors.h>
#include <apsp/io/graph_io.h>

#include "cuda_test_support.h"
#include "sha256.h"

#include <filesystem>
#include <fstream>
#include <set>
#include <tuple>

namespace apsp {
namespace {

using test::first_difference;

struct Case {
  std::string backend;
  int block;
  DType dtype;
};

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  std::string s = info.param.backend + "_B" + std::to_string(info.param.block) + "_" +
                  std::string(to_string(info.param.dtype));
  for (char& c : s)
    if (c == '-') c = '_';
  return s;
}

std::vector<Case> all_cases() {
  std::vector<Case> out;
  for (const std::string& b : test::cuda_backends())
    for (int block : test::blocks_of(b))
      for (DType t : {DType::I32, DType::I16}) out.push_back({b, block, t});
  return out;
}

void PrintTo(const Case& c, std::ostream* os) {
  *os << c.backend << " B=" << c.block << " " << to_string(c.dtype);
}

class CudaVsCpu : public ::testing::TestWithParam<Case> {};

/// n values for a block: small ones, and around multiples of the block.
std::vector<int> sizes_for(int block) {
  std::set<int> s{1, 2, 3, 5, 17, 100, 200};
  for (int m : {1, 2, 3})
    for (int d : {-1, 0, 1})
      if (m * block + d >= 1 && m * block + d <= 400) s.insert(m * block + d);
  return {s.begin(), s.end()};
}

void expect_same_as_cpu(const Case& c, const Graph& g, const std::string& what) {
  const DistanceMatrix initial = to_distance_matrix(g, 1, c.dtype);
  std::vector<std::int64_t> expected;
  try {
    expected = test::solve_with("cpu-blocked", initial, c.block, c.dtype);
  } catch (const RangeError&) {
    // int16 cannot hold this graph safely: the GPU must refuse it the same way, never answer.
    EXPECT_THROW(test::solve_with(c.backend, initial, c.block, c.dtype), RangeError) << what << " n=" << g.n;
    return;
  }
  const auto got = test::solve_with(c.backend, initial, c.block, c.dtype);
  EXPECT_EQ(first_difference(got, expected, g.n), "") << what << " n=" << g.n;
}

TEST_P(CudaVsCpu, RandomDenseAndNegativeGraphs) {
  APSP_REQUIRE_GPU();
  const Case c = GetParam();
  for (int n : sizes_for(c.block)) {
    test::RandomGraphOptions o;
    o.density = 0.15;
    expect_same_as_cpu(c, test::random_graph(n, 1000 + n, o), "dense");
    o.negative = true;
    o.potential = 15;
    expect_same_as_cpu(c, test::random_graph(n, 2000 + n, o), "negative edges");
  }
}

TEST_P(CudaVsCpu, SparseInfHeavyGraphs) {
  APSP_REQUIRE_GPU();
  const Case c = GetParam();
  for (int n : sizes_for(c.block)) {
    test::RandomGraphOptions o;
    o.density = 1.5 / std::max(1, n);
    o.split = true;
    o.negative = true;
    o.parallel_edges = false;
    expect_same_as_cpu(c, test::random_graph(n, 3000 + n, o), "sparse split");
  }
}

TEST_P(CudaVsCpu, ZeroWeightsAndTies) {
  APSP_REQUIRE_GPU();
  const Case c = GetParam();
  test::RandomGraphOptions o;
  o.density = 0.3;
  o.w_lo = 0;
  o.w_hi = 1;
  expect_same_as_cpu(c, test::random_graph(2 * c.block + 3, 77, o), "weights 0..1");
}

TEST_P(CudaVsCpu, NegativeCycleIsReportedWithItsVertices) {
  APSP_REQUIRE_GPU();
  const Case c = GetParam();
  test::RandomGraphOptions o;
  o.density = 0.05;
  Graph g = test::random_graph(std::max(3 * c.block + 5, 60), 99, o);
  // A cycle 10 -> 40 -> (n-2) -> 10 of total weight -1, spread over several blocks.
  const int n = g.n;
  g.edges.push_back({10, 40, 3});
  g.edges.push_back({40, n - 2, -2});
  g.edges.push_back({n - 2, 10, -2});
  auto s = test::make_loaded(c.backend, to_distance_matrix(g, c.block, c.dtype), c.block, c.dtype);
  test::expect_negative_cycle_reported(*s, g);
}

INSTANTIATE_TEST_SUITE_P(AllVariants, CudaVsCpu, ::testing::ValuesIn(all_cases()), case_name);

// ---- course cases ---------------------------------------------------------------------------------------------

std::string course_output_sha256(const DistanceMatrix& m) {
  const std::vector<std::int32_t> dense = m.to_dense();
  test::Sha256 h;
  h.update(dense.data(), dense.size() * sizeof(std::int32_t));  // little-endian int32, like the course files
  return h.hex();
}

std::string read_expected(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::string s;
  in >> s;
  return s;
}

class CudaCourseCases : public ::testing::TestWithParam<Case> {};

TEST_P(CudaCourseCases, OutputsMatchTheExpectedDigests) {
  APSP_REQUIRE_GPU();
  const Case c = GetParam();
  const std::filesystem::path dir = std::filesystem::path(APSP_TESTDATA_DIR) / "course-hw3";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << dir << " not present";
  int cases = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name == "README.md" || name.ends_with(".sha256")) continue;
    SCOPED_TRACE(name);
    const Graph g = read_graph(entry.path().string()).graph;
    DistanceMatrix initial = to_distance_matrix(g, c.block, c.dtype);
    auto s = test::make_loaded(c.backend, initial, c.block, c.dtype);
    s->step(Granularity::ToEnd);
    DistanceMatrix out;
    s->read(out);
    EXPECT_EQ(course_output_sha256(out), read_expected(entry.path().string() + ".out.sha256"));
    ++cases;
  }
  EXPECT_GE(cases, 17);
}

std::vector<Case> course_cases() {
  std::vector<Case> out;
  for (const std::string& b : test::cuda_backends())
    for (int block : test::blocks_of(b)) out.push_back({b, block, DType::I32});
  out.push_back({"cuda-tuned", 64, DType::I16});
  return out;
}

INSTANTIATE_TEST_SUITE_P(AllVariants, CudaCourseCases, ::testing::ValuesIn(course_cases()), case_name);

}  // namespace
}  // namespace apsp
