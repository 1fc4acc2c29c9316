// The initial matrix built on the device from the edge list equals the host-built one byte for byte: the band
// builder itself (bands anywhere in the matrix, padding rows and columns, both fill paths, more rows than a
// grid's y limit) on graphs read back from every file format, and each CUDA dense variant loaded with
// Solver::reset(const Graph&) against reset(to_distance_matrix(...)): device state, results, course digests.
#include <apsp/core/option_limits.h>
#include <apsp/device/stream.cuh>
#include <apsp/io/graph_io.h>
#include <apsp/io/graph_source.h>
#include <apsp/solve/range_policy.h>
#include <cuda_runtime.h>

#include "cuda_test_support.h"
#include "device/band_build.cuh"
#include "io_test_support.h"
#include "raw_state.h"
#include "sha256.h"
#include "solve/round_model.h"

#include <cstring>
#include <filesystem>
#include <fstream>

namespace apsp {
namespace {

/// Negative weights (no negative cycle needed: the builder does not solve), parallel edges whose lightest comes
/// last, first or in between, self loops of both signs, isolated vertices at the end.
Graph tricky_graph(int n, std::uint64_t seed) {
  test::RandomGraphOptions o;
  o.negative = true;
  o.density = 0.05;
  Graph g = test::random_graph(n - 3, seed, o);
  g.n = n;  // the last three vertices are isolated
  for (int u = 0; u + 7 < n - 3; u += 11) {
    g.edges.push_back({u, u + 7, 9});
    g.edges.push_back({u, u + 7, -2});
    g.edges.push_back({u, u + 7, 5});
    g.edges.push_back({u, u, u % 2 ? -3 : 4});  // a negative self loop lands on the diagonal, a positive one not
  }
  return g;
}

/// @p g written in every format a writer knows, read back the way the CLI reads files (load_graph), plus an
/// edge list with one-based ids: the builder's input from each format.
std::vector<std::pair<std::string, Graph>> through_every_format(const Graph& g, const apsp_test::TempDir& dir) {
  std::vector<std::pair<std::string, Graph>> out;
  GraphLoadOptions options;
  for (const char* name : {"g.bin", "g.gr", "g.mtx", "g.el", "g.txt", "g.csv"}) {
    const std::string path = dir.file(name);
    write_graph(path, g);
    out.emplace_back(name, load_graph(GraphSource::file(path), options).graph);
  }
  const std::string one_based = dir.file("one-based.el");
  {
    std::ofstream file(one_based);
    file << "# n=" << g.n << "\n";
    for (const Edge& e : g.edges) file << e.src + 1 << ' ' << e.dst + 1 << ' ' << e.weight << '\n';
  }
  GraphSource source = GraphSource::file(one_based);
  source.one_based = true;
  out.emplace_back("one-based.el", load_graph(source, options).graph);
  for (const auto& [name, read] : out) EXPECT_TRUE(apsp_test::same_edges(g, read)) << name;
  return out;
}

template <class T> std::vector<T> download(const void* data, std::size_t pitch_bytes, int rows, int cols) {
  std::vector<T> out(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols));
  EXPECT_EQ(cudaMemcpy2D(out.data(), static_cast<std::size_t>(cols) * sizeof(T), data, pitch_bytes,
                         static_cast<std::size_t>(cols) * sizeof(T), static_cast<std::size_t>(rows), cudaMemcpyDeviceToHost),
            cudaSuccess);
  return out;
}

/// The cell the host-built matrix has at (i, j), extended with isolated vertices beyond its padded side.
template <class T> T host_cell(const DistanceMatrix& host, int i, int j) {
  if (i < host.padded_n() && j < host.padded_n()) return host.row<T>(i)[j];
  return i == j ? T{0} : DistTraits<T>::inf;
}

/// Rows [row_begin, row_begin + rows) x columns [0, cols) built on the device, once into a pitched matrix (16-byte
/// aligned rows: the wide fill) and once into a tight buffer (rows cols elements apart: the element fill when
/// that is not a multiple of 16 bytes), both against the host-built matrix.
template <class T>
void expect_band_equals_host(const cuda::DeviceEdges& edges, const DistanceMatrix& host, int row_begin, int rows, int cols,
                             cudaStream_t s) {
  SCOPED_TRACE("band rows " + std::to_string(row_begin) + " + " + std::to_string(rows) + ", cols " + std::to_string(cols));
  cuda::DeviceMatrix pitched(rows, cols, sizeof(T), "band test");
  cuda::DeviceBuffer tight = cuda::DeviceBuffer::allocate(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols) * sizeof(T));
  // Garbage first: every cell must be written by the builder.
  ASSERT_EQ(cudaMemset2D(pitched.data(), pitched.pitch_bytes(), 0x5A, static_cast<std::size_t>(cols) * sizeof(T),
                         static_cast<std::size_t>(rows)),
            cudaSuccess);
  ASSERT_EQ(cudaMemset(tight.get(), 0xA5, static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols) * sizeof(T)), cudaSuccess);
  const cuda::MatrixView<T> tight_view{static_cast<T*>(tight.get()), static_cast<std::size_t>(cols), rows, cols};
  cuda::build_band_from_edges_async<T>(pitched.view<T>(), row_begin, edges.data(), edges.size(), s);
  cuda::build_band_from_edges_async<T>(tight_view, row_begin, edges.data(), edges.size(), s);
  ASSERT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  const std::vector<T> wide = download<T>(pitched.data(), pitched.pitch_bytes(), rows, cols);
  const std::vector<T> narrow = download<T>(tight.get(), static_cast<std::size_t>(cols) * sizeof(T), rows, cols);
  std::vector<T> expected(static_cast<std::size_t>(cols));
  for (int r = 0; r < rows; ++r) {
    const int i = row_begin + r;
    for (int j = 0; j < cols; ++j) expected[static_cast<std::size_t>(j)] = host_cell<T>(host, i, j);
    const std::size_t at = static_cast<std::size_t>(r) * static_cast<std::size_t>(cols);
    for (const std::vector<T>* got : {&wide, &narrow}) {
      if (std::memcmp(got->data() + at, expected.data(), static_cast<std::size_t>(cols) * sizeof(T)) == 0) continue;
      int j = 0;
      while ((*got)[at + static_cast<std::size_t>(j)] == expected[static_cast<std::size_t>(j)]) ++j;
      FAIL() << (got == &wide ? "pitched" : "tight") << " cell " << i << ", " << j << ": "
             << (*got)[at + static_cast<std::size_t>(j)] << ", host-built " << expected[static_cast<std::size_t>(j)];
    }
  }
}

template <class T> void expect_every_band_equals_host(const Graph& g, int block, cudaStream_t s) {
  const DistanceMatrix host = to_distance_matrix(g, block, DistTraits<T>::dtype);
  const cuda::DeviceEdges edges = cuda::DeviceEdges::upload(g, s);
  ASSERT_EQ(edges.size(), g.m());
  ASSERT_EQ(edges.bytes(), static_cast<std::uint64_t>(g.m()) * sizeof(Edge));
  const int padded = host.padded_n();
  // The padded side, and wider (cuda-tuned pads further): an odd width, so the last 16-byte chunk is partial.
  for (const int cols : {padded, padded + 37}) {
    const std::pair<int, int> bands[] = {{0, cols},               // the whole matrix
                                         {0, 1},                  // one row
                                         {5, block + 3},          // across a block boundary
                                         {g.n - 2, cols - g.n + 2},  // the last real rows and every padding row
                                         {g.n, cols - g.n}};      // padding rows only
    for (const auto& [row_begin, rows] : bands)
      if (row_begin >= 0 && rows > 0) expect_band_equals_host<T>(edges, host, row_begin, rows, cols, s);
  }
}

TEST(CudaBandBuild, BandsEqualTheHostBuiltMatrixForEveryFormat) {
  APSP_REQUIRE_GPU();
  const cuda::Stream stream = cuda::Stream::create();
  const apsp_test::TempDir dir;
  for (const int n : {37, 130, 257}) {  // none a multiple of the block: padding rows and columns
    const Graph g = tricky_graph(n, static_cast<std::uint64_t>(n));
    ASSERT_LT(g.weight_range().first, 0);
    for (const auto& [format, read] : through_every_format(g, dir)) {
      SCOPED_TRACE(format + " n " + std::to_string(n));
      expect_every_band_equals_host<std::int32_t>(read, 32, stream.get());
      expect_every_band_equals_host<std::int16_t>(read, 32, stream.get());
    }
  }
}

TEST(CudaBandBuild, NoEdgesAndOneVertex) {
  APSP_REQUIRE_GPU();
  const cuda::Stream stream = cuda::Stream::create();
  Graph empty;
  empty.n = 5;
  EXPECT_TRUE(cuda::DeviceEdges::upload(empty, stream.get()).empty());
  expect_every_band_equals_host<std::int32_t>(empty, 4, stream.get());
  expect_every_band_equals_host<std::int16_t>(empty, 4, stream.get());
  Graph one;
  one.n = 1;
  one.edges = {{0, 0, -1}, {0, 0, 3}};  // a negative self loop stays on the diagonal
  expect_every_band_equals_host<std::int32_t>(one, 1, stream.get());
  expect_every_band_equals_host<std::int16_t>(one, 1, stream.get());
}

// Many edges onto few cells, from many threads at once: the lightest must win every race, also for 16-bit cells
// that share a 32-bit word with a neighbour being updated concurrently.
TEST(CudaBandBuild, ConcurrentEdgesOnOneCellKeepTheLightest) {
  APSP_REQUIRE_GPU();
  const cuda::Stream stream = cuda::Stream::create();
  Graph g;
  g.n = 4;
  SplitMix64 rng(3);
  for (int e = 0; e < 200000; ++e) {
    const auto u = static_cast<std::int32_t>(rng.uniform_int(0, 3)), v = static_cast<std::int32_t>(rng.uniform_int(0, 3));
    g.edges.push_back({u, v, static_cast<std::int32_t>(rng.uniform_int(-5000, 5000))});
  }
  expect_every_band_equals_host<std::int32_t>(g, 2, stream.get());
  expect_every_band_equals_host<std::int16_t>(g, 2, stream.get());
}

// A band taller than the grid's y limit (65535): every row must still be filled and scattered into.
template <class T> void expect_tall_band_built() {
  constexpr int kRows = 70000, kCols = 72;
  Graph g;
  g.n = kRows;
  SplitMix64 rng(9);
  for (int e = 0; e < 300000; ++e) {
    const auto u = static_cast<std::int32_t>(rng.uniform_int(0, kRows - 1));
    const auto v = static_cast<std::int32_t>(rng.uniform_int(0, 99));  // columns >= kCols belong to no band here
    g.edges.push_back({u, v, static_cast<std::int32_t>(rng.uniform_int(-100, 100))});
  }
  std::vector<T> expected(static_cast<std::size_t>(kRows) * kCols, DistTraits<T>::inf);
  for (int i = 0; i < kCols; ++i) expected[static_cast<std::size_t>(i) * kCols + static_cast<std::size_t>(i)] = 0;
  for (const Edge& e : g.edges) {
    if (e.dst >= kCols || (e.src == e.dst && e.weight >= 0)) continue;
    T& cell = expected[static_cast<std::size_t>(e.src) * kCols + static_cast<std::size_t>(e.dst)];
    cell = std::min(cell, static_cast<T>(e.weight));
  }
  const cuda::Stream stream = cuda::Stream::create();
  const cuda::DeviceEdges edges = cuda::DeviceEdges::upload(g, stream.get());
  cuda::DeviceMatrix band(kRows, kCols, sizeof(T), "tall band test");
  cuda::build_band_from_edges_async<T>(band.view<T>(), 0, edges.data(), edges.size(), stream.get());
  ASSERT_EQ(cudaStreamSynchronize(stream.get()), cudaSuccess);
  EXPECT_TRUE(download<T>(band.data(), band.pitch_bytes(), kRows, kCols) == expected);
}

TEST(CudaBandBuild, RowsBeyondTheGridLimit) {
  APSP_REQUIRE_GPU();
  expect_tall_band_built<std::int32_t>();
  expect_tall_band_built<std::int16_t>();
}

// ---- the CUDA dense variants ---------------------------------------------------------------------------------

struct Case {
  std::string backend;
  int block;
  DType dtype;
};

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  std::string s = info.param.backend + "_B" + std::to_string(info.param.block) + "_" + std::string(to_string(info.param.dtype));
  for (char& c : s)
    if (c == '-') c = '_';
  return s;
}

void PrintTo(const Case& c, std::ostream* os) { *os << c.backend << " B=" << c.block << " " << to_string(c.dtype); }

std::vector<Case> variant_cases() {
  std::vector<Case> out;
  for (const std::string& b : test::cuda_backends()) {
    out.push_back({b, test::blocks_of(b).back(), DType::I32});
    out.push_back({b, test::blocks_of(b).front(), DType::I16});
  }
  return out;
}

std::unique_ptr<Solver> make(const Case& c) {
  SolverOptions o;
  o.block = c.block;
  o.dtype = c.dtype;
  return create_solver(c.backend, o);
}

// Above this n the base keeps no host copy of a graph without negative weights, so the variant builds on the
// device; 37 more makes n a multiple of no block.
constexpr int kDeviceBuiltN = limits::kMaxPredecessorVertices + 37;

/// The variant's whole device matrix (cuda-tuned's side beyond the padded n included), raw.
std::vector<unsigned char> device_matrix_bytes(Solver& s, const Case& c) {
  s.synchronize();
  const Solver::Storage st = s.storage();
  EXPECT_EQ(st.bands.size(), 1u);
  if (st.bands.empty()) return {};
  const std::size_t elem = element_bytes(c.dtype);
  const int padded = DistanceMatrix::padded_size(st.n, c.block);
  const int side = c.backend == "cuda-tuned" ? round_model::tuned_device_side(padded, elem) : padded;
  return download<unsigned char>(st.bands[0].data, st.bands[0].pitch_bytes, side, static_cast<int>(side * elem));
}

class CudaResetFromGraph : public ::testing::TestWithParam<Case> {};

TEST_P(CudaResetFromGraph, DeviceBuiltStateEqualsTheUploadedOneAndSolvesTheSame) {
  APSP_REQUIRE_GPU();
  const Case c = GetParam();
  test::RandomGraphOptions o;  // non-negative: a negative weight makes the base keep the input on the host
  o.density = 0.002;
  o.w_lo = 0;
  o.w_hi = 60;
  Graph g = test::random_graph(kDeviceBuiltN, 41, o);
  g.edges.push_back({3, 4, 50});
  g.edges.push_back({3, 4, 1});  // the lighter parallel edge second
  g.edges.push_back({5, 5, 9});
  auto from_graph = make(c);
  auto uploaded = make(c);
  from_graph->reset(g);
  uploaded->reset(to_distance_matrix(g, c.block, c.dtype));
  const Solver::LoadTimes& times = from_graph->load_times();
  ASSERT_TRUE(times.built_on_device);
  EXPECT_EQ(times.upload_bytes, static_cast<std::uint64_t>(g.m()) * sizeof(Edge));
  EXPECT_GE(times.build_ms, 0);
  EXPECT_GE(times.upload_ms, 0);
  EXPECT_TRUE(device_matrix_bytes(*from_graph, c) == device_matrix_bytes(*uploaded, c));
  EXPECT_TRUE(test::same_bytes(test::raw_state(*from_graph), test::raw_state(*uploaded)));
  EXPECT_EQ(from_graph->range_policy().unreachable_from, uploaded->range_policy().unreachable_from);
  EXPECT_EQ(from_graph->range_policy().may_leave_range, uploaded->range_policy().may_leave_range);
  from_graph->step(Granularity::ToEnd);
  uploaded->step(Granularity::ToEnd);
  DistanceMatrix a, b;
  from_graph->read(a);
  uploaded->read(b);
  EXPECT_TRUE(test::same_bytes(a, b));
}

TEST_P(CudaResetFromGraph, NegativeWeightsKeepTheHostPath) {
  APSP_REQUIRE_GPU();
  const Case c = GetParam();
  Graph g;
  g.n = kDeviceBuiltN;
  g.edges = {{0, 1, -2}, {1, 2, 5}};
  auto s = make(c);
  s->reset(g);
  EXPECT_FALSE(s->load_times().built_on_device);  // the base keeps the input to name a negative cycle
}

/// Every course case, as disjoint parts of one graph big enough for the device path; each part's rows and
/// columns of the result must give the case's expected digest.
TEST_P(CudaResetFromGraph, CourseCasesSolvedFromTheEdgesGiveTheExpectedDigests) {
  APSP_REQUIRE_GPU();
  const Case c = GetParam();
  const std::filesystem::path dir = std::filesystem::path(APSP_TESTDATA_DIR) / "course-hw3";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << dir << " not present";
  struct Part {
    std::string name;
    int offset;
    int n;
    std::string digest;
  };
  std::vector<Part> parts;
  Graph all;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name == "README.md" || name.ends_with(".sha256")) continue;
    const Graph g = read_graph(entry.path().string()).graph;
    std::ifstream digest(entry.path().string() + ".out.sha256");
    Part p{name, all.n, g.n, ""};
    digest >> p.digest;
    for (const Edge& e : g.edges) all.edges.push_back({e.src + p.offset, e.dst + p.offset, e.weight});
    all.n += g.n;
    parts.push_back(p);
  }
  ASSERT_GE(parts.size(), 17u);
  all.n = std::max(all.n, kDeviceBuiltN);  // isolated vertices change no distance between the parts' vertices
  auto s = make(c);
  s->reset(all);
  ASSERT_TRUE(s->load_times().built_on_device);
  s->step(Granularity::ToEnd);
  for (const Part& p : parts) {
    SCOPED_TRACE(p.name);
    std::vector<std::int32_t> rows(static_cast<std::size_t>(p.n) * static_cast<std::size_t>(all.n));
    s->read_rows(p.offset, p.n, rows.data());
    std::vector<std::int32_t> own;  // the part's own columns: the course output layout
    for (int r = 0; r < p.n; ++r)
      for (int j = 0; j < p.n; ++j)
        own.push_back(rows[static_cast<std::size_t>(r) * static_cast<std::size_t>(all.n) + static_cast<std::size_t>(p.offset + j)]);
    test::Sha256 h;
    h.update(own.data(), own.size() * sizeof(std::int32_t));
    EXPECT_EQ(h.hex(), p.digest);
  }
}

INSTANTIATE_TEST_SUITE_P(AllVariants, CudaResetFromGraph, ::testing::ValuesIn(variant_cases()), case_name);

}  // namespace
}  // namespace apsp
