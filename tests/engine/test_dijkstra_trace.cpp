// The classroom's Dijkstra stepper (apsp/teach/dijkstra_trace.h) and the sparse rows' heatmap
// (apsp/view/source_rows_view.h), which the studio shows while a sparse solve runs step by step.
#include <apsp/core/errors.h>
#include <apsp/core/types.h>
#include <apsp/graph/generators.h>
#include <apsp/solve/sparse_registry.h>
#include <apsp/teach/dijkstra_trace.h>
#include <apsp/view/source_rows_view.h>
#include <gtest/gtest.h>

#include <set>

#include "sparse_test_support.h"

namespace apsp {
namespace {

// Runs the stepper from every source of @p spec, checking after each settle what a lesson shows, and compares
// the finished rows with cpu-dijkstra's.
void check_trace(const std::string& spec) {
  SCOPED_TRACE(spec);
  const Graph g = generate(GeneratorSpec::parse(spec));
  const CsrGraph csr = to_csr(g);
  const std::vector<std::int64_t> h = csr.has_negative_weight() ? johnson_potentials(csr) : std::vector<std::int64_t>{};
  std::vector<std::int32_t> sources(static_cast<std::size_t>(g.n));
  for (std::int32_t s = 0; s < g.n; ++s) sources[static_cast<std::size_t>(s)] = s;
  const SourceDistances expected = test::sparse_rows("cpu-dijkstra", g, sources);
  for (std::int32_t s = 0; s < g.n; ++s) {
    teach::DijkstraStepper stepper(csr, s, h);
    EXPECT_EQ(stepper.frontier(), std::vector<std::int32_t>{s});
    std::int64_t last_key = INT64_MIN;
    std::set<std::int32_t> settled;
    while (auto v = stepper.step()) {
      // Settle order is non-decreasing in the (reduced) distance, each vertex once.
      const std::int64_t key = *stepper.distance(*v) - (h.empty() ? 0 : h[static_cast<std::size_t>(*v)]);
      EXPECT_GE(key, last_key) << "source " << s << ", vertex " << *v;
      last_key = key;
      EXPECT_TRUE(settled.insert(*v).second);
      EXPECT_EQ(stepper.last_settled(), *v);
      // The frontier is exactly the reached vertices not yet settled.
      std::vector<std::int32_t> reached_unsettled;
      for (std::int32_t u = 0; u < g.n; ++u) {
        EXPECT_EQ(stepper.settled(u), settled.count(u) == 1);
        if (stepper.distance(u) && !settled.count(u)) reached_unsettled.push_back(u);
      }
      EXPECT_EQ(stepper.frontier(), reached_unsettled);
    }
    EXPECT_TRUE(stepper.done());
    EXPECT_TRUE(stepper.frontier().empty());
    const std::vector<std::int32_t> row = stepper.row();
    const std::vector<std::int32_t> want(expected.row(s), expected.row(s) + g.n);
    EXPECT_EQ(row, want) << "source " << s;
    // Every reachable vertex settled, nothing else.
    for (std::int32_t u = 0; u < g.n; ++u) EXPECT_EQ(stepper.settled(u), want[static_cast<std::size_t>(u)] != kInf32);
  }
}

TEST(DijkstraTrace, MatchesCpuDijkstraNonNegative) { check_trace("gnm:n=40,m=160,seed=4,w=0:9"); }

TEST(DijkstraTrace, MatchesCpuDijkstraWithJohnson) { check_trace("gnm:n=40,m=200,seed=3,w=1:30,neg=1"); }

TEST(DijkstraTrace, DisconnectedAndIsolated) { check_trace("gnm:n=25,m=20,seed=2,w=1:5"); }

TEST(DijkstraTrace, RejectsSourceOutside) {
  const CsrGraph csr = to_csr(generate(GeneratorSpec::parse("ring:n=4")));
  EXPECT_THROW((void)teach::DijkstraStepper(csr, 4), UsageError);
}

TEST(DijkstraTrace, PseudocodeNamesTheSettleLine) {
  const auto& lines = teach::dijkstra_pseudocode();
  ASSERT_LT(teach::kDijkstraSettleLine, lines.size());
  EXPECT_NE(lines[teach::kDijkstraSettleLine].find("settle"), std::string_view::npos);
}

TEST(SourceRowsView, PendingRowsAndAspect) {
  SourceDistances d;
  d.n = 6;
  d.sources = {0, 1, 2, 3};
  d.values = {0, 1, 2, 3, 4, kInf32, 5, 0, 1, 2, 3, 4, 9, 9, 0, 1, 2, 3, 7, 7, 7, 0, 1, 2};
  const ViewGeometry g = make_source_rows_geometry(4, 6, 64);
  EXPECT_EQ(g.rows, 4);
  EXPECT_EQ(g.cols, 6);
  EXPECT_FALSE(g.tiled());
  std::vector<std::int32_t> tiles(g.texels());
  source_rows_tiles(d, 2, g, tiles.data());
  EXPECT_EQ(tiles[5], kInf32);
  EXPECT_EQ(tiles[6], 5);
  for (std::size_t i = 12; i < tiles.size(); ++i) EXPECT_EQ(tiles[i], kViewPendingTile);
  const ValueRange r = finite_range(tiles.data(), tiles.size(), kInf32);
  EXPECT_EQ(r.lo, 0);
  EXPECT_EQ(r.hi, 5);
  std::vector<std::uint16_t> codes(tiles.size());
  encode_source_rows_view(tiles.data(), tiles.size(), r, kInf32, codes.data());
  EXPECT_EQ(codes[5], kViewInfCode);
  EXPECT_EQ(codes[6], 255);
  EXPECT_EQ(codes[12], kViewPendingCode);

  // Tiled: 2 texels of rows, 3 of columns; a texel row is pending until both of its rows are done.
  const ViewGeometry t = make_source_rows_geometry(4, 6, 3);
  EXPECT_EQ(t.rows, 2);
  EXPECT_EQ(t.cols, 3);
  std::vector<std::int32_t> tiled(t.texels());
  source_rows_tiles(d, 3, t, tiled.data());
  EXPECT_EQ(tiled[0], 0);  // min of rows 0-1, columns 0-1
  EXPECT_EQ(tiled[2], 3);  // min(4, INF, 3, 4)
  EXPECT_EQ(tiled[3], kViewPendingTile);

  // Incremental: texel rows complete before are kept, later ones recomputed.
  EXPECT_EQ(complete_texel_rows(t, 3), 1);
  EXPECT_EQ(complete_texel_rows(t, 4), 2);
  source_rows_tiles(d, 4, t, tiled.data(), complete_texel_rows(t, 3));
  EXPECT_EQ(tiled[0], 0);
  EXPECT_EQ(tiled[3], 7);  // min of rows 2-3, columns 0-1: 9, 9, 7, 7
  // A wide result keeps its aspect: 16 x 4096 in a 1024 budget is 4 x 1024.
  const ViewGeometry wide = make_source_rows_geometry(16, 4096, 1024);
  EXPECT_EQ(wide.rows, 4);
  EXPECT_EQ(wide.cols, 1024);
  EXPECT_EQ(wide.row_begin(4), 16);
}

}  // namespace
}  // namespace apsp
