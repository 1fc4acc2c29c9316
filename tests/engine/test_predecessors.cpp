// The predecessor matrix Π: CLRS's textbook tables from plain Floyd–Warshall, paths read from Π as long as the
// distances at every cursor of the CPU variants (tracked) and at round boundaries (derived), its limits.
#include <apsp/core/option_limits.h>
#include <apsp/graph/csr.h>
#include <apsp/graph/generators.h>
#include <apsp/solve/derive_predecessors.h>
#include <apsp/solve/registry.h>
#include <apsp/solve/sparse_registry.h>
#include <apsp/teach/predecessors.h>
#include <gtest/gtest.h>

#include "predecessor_checks.h"
#include "reference_fw.h"

#include <memory>
#include <string>
#include <vector>

namespace apsp {
namespace {

using test::predecessor_mismatch;

/// CLRS figure 25.1 / 25.4, as the textbook numbers it (from 1).
Graph clrs_graph_one_based_mapped() {
  const int edges[][3] = {{1, 2, 3}, {1, 3, 8}, {1, 5, -4}, {2, 4, 1}, {2, 5, 7},
                          {3, 2, 4}, {4, 1, 2}, {4, 3, -5}, {5, 4, 6}};
  Graph g;
  g.n = 5;
  for (const auto& e : edges) g.edges.push_back({e[0] - 1, e[1] - 1, e[2]});
  return g;
}

// The textbook's final tables D^(5) and Π^(5), typed as printed (Π 1-based, 0 standing for NIL).
constexpr int kClrsD[5][5] = {{0, 1, -3, 2, -4}, {3, 0, -4, 1, -1}, {7, 4, 0, 5, 3}, {2, -1, -5, 0, -2}, {8, 5, 1, 6, 0}};
constexpr int kClrsPi[5][5] = {{0, 3, 4, 5, 1}, {4, 0, 4, 2, 1}, {4, 3, 0, 2, 1}, {4, 3, 4, 0, 1}, {4, 3, 4, 5, 0}};

/// Textbook Π entry in the engine's numbering: vertex v is v - 1, NIL is kNoPredecessor.
std::int32_t textbook_pi(int i, int j) { return kClrsPi[i][j] == 0 ? kNoPredecessor : kClrsPi[i][j] - 1; }

std::unique_ptr<Solver> loaded(const std::string& backend, const Graph& g, int block, bool track, DType dtype = DType::I32) {
  SolverOptions o;
  o.block = block;
  o.track_paths = track;
  o.dtype = dtype;
  auto s = create_solver(backend, o);
  s->reset(to_distance_matrix(g, block, dtype));
  return s;
}

/// The (i, j) pairs, 0-based, where @p pi differs from the textbook's Π^(5).
std::vector<std::pair<int, int>> differences_from_textbook(const PredecessorMatrix& pi) {
  std::vector<std::pair<int, int>> out;
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j)
      if (pi.at(i, j) != textbook_pi(i, j)) out.emplace_back(i, j);
  return out;
}

TEST(Predecessors, PlainFloydWarshallGivesTheTextbooksTablesOnTheClrsGraph) {
  for (const int block : {1, 2, 5}) {
    SCOPED_TRACE("block " + std::to_string(block));
    auto s = loaded("cpu-naive", clrs_graph_one_based_mapped(), block, true);
    ASSERT_TRUE(s->tracks_predecessors());
    s->step(Granularity::ToEnd);
    DistanceMatrix d;
    s->read(d);
    PredecessorMatrix pi;
    s->read_predecessors(pi);
    for (int i = 0; i < 5; ++i)
      for (int j = 0; j < 5; ++j) {
        EXPECT_EQ(d.get(i, j), kClrsD[i][j]) << i << "," << j;
        EXPECT_EQ(pi.at(i, j), textbook_pi(i, j)) << i << "," << j << " (textbook, 1-based: " << kClrsPi[i][j] << ")";
      }
  }
}

TEST(Predecessors, TheClrsPresetIsTheTextbooksGraphNumberedFromZero) {
  const GeneratorSpec spec = GeneratorSpec::parse("classroom:clrs");
  const Graph preset = generate(spec);
  const Graph typed = clrs_graph_one_based_mapped();
  ASSERT_EQ(preset.n, typed.n);
  ASSERT_EQ(preset.edges.size(), typed.edges.size());
  for (std::size_t e = 0; e < typed.edges.size(); ++e) {
    EXPECT_EQ(preset.edges[e].src, typed.edges[e].src) << e;
    EXPECT_EQ(preset.edges[e].dst, typed.edges[e].dst) << e;
    EXPECT_EQ(preset.edges[e].weight, typed.edges[e].weight) << e;
  }
  EXPECT_EQ(suggested_block(spec), 2);
  // And the preset, solved as the lesson solves it (cpu-naive at its own block), ends at the textbook's tables.
  auto s = loaded("cpu-naive", preset, suggested_block(spec), true);
  s->step(Granularity::ToEnd);
  DistanceMatrix d;
  s->read(d);
  PredecessorMatrix pi;
  s->read_predecessors(pi);
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) {
      EXPECT_EQ(d.get(i, j), kClrsD[i][j]) << i << "," << j;
      EXPECT_EQ(pi.at(i, j), textbook_pi(i, j)) << i << "," << j;
    }
}

TEST(Predecessors, TextbookPathReadsBackwardsThroughPi) {
  auto s = loaded("cpu-naive", clrs_graph_one_based_mapped(), 5, true);
  s->step(Granularity::ToEnd);
  PredecessorMatrix pi;
  s->read_predecessors(pi);
  // Textbook 1 -> 2: 1 5 4 3 2 (weight -4 + 6 - 5 + 4 = 1).
  EXPECT_EQ(teach::path_from_predecessors(pi, 0, 1), (std::vector<std::int32_t>{0, 4, 3, 2, 1}));
  EXPECT_EQ(teach::path_from_predecessors(pi, 2, 2), (std::vector<std::int32_t>{2}));
  EXPECT_EQ(*s->path(0, 1), (std::vector<std::int32_t>{0, 4, 3, 2, 1}));
}

TEST(Predecessors, PathFromPredecessorsEdgeCases) {
  PredecessorMatrix pi(3);
  EXPECT_TRUE(teach::path_from_predecessors(pi, 0, 2).empty());  // NIL: unreachable
  EXPECT_EQ(teach::path_from_predecessors(pi, 1, 1), (std::vector<std::int32_t>{1}));
  pi.set(0, 2, 1);
  pi.set(0, 1, 2);  // 1 <- 2 <- 1 ...: a loop that never reaches 0
  EXPECT_THROW(teach::path_from_predecessors(pi, 0, 2), Error);
  pi.set(0, 1, 7);  // a vertex outside 0..n-1
  EXPECT_THROW(teach::path_from_predecessors(pi, 0, 2), Error);
  EXPECT_THROW(teach::path_from_predecessors(pi, 0, 3), UsageError);
  EXPECT_THROW(teach::path_from_predecessors(pi, -1, 0), UsageError);
}

/// Graphs for the cursor-by-cursor checks: the classroom presets and random graphs with negative, zero and
/// parallel edges, self loops and unreachable pairs, at sizes that are no multiple of the blocks used.
std::vector<std::pair<std::string, Graph>> pi_graphs() {
  std::vector<std::pair<std::string, Graph>> out;
  for (const char* name : {"classroom:clrs", "classroom:textbook4", "classroom:cities8", "classroom:grid3"})
    out.emplace_back(name, generate(GeneratorSpec::parse(name)));
  test::RandomGraphOptions o;
  o.negative = true;
  o.w_lo = 0;  // zero-weight edges, and ties in plenty
  o.w_hi = 3;
  o.density = 0.15;
  out.emplace_back("random negative 23", test::random_graph(23, 5, o));
  o.split = true;
  out.emplace_back("random split 19", test::random_graph(19, 7, o));
  test::RandomGraphOptions z;
  z.w_lo = 0;
  z.w_hi = 0;  // every edge weighs 0: zero-weight cycles everywhere
  z.density = 0.2;
  out.emplace_back("random all-zero 13", test::random_graph(13, 9, z));
  return out;
}

/// "" when every finite d_ij has a π_ij = u with an edge u -> j (u != j) and every other π_ij is NIL: the last
/// hop of the walk d_ij measures, which is all a blocked variant's Π can say inside a round.
std::string last_hop_mismatch(const DistanceMatrix& weights, const DistanceMatrix& d, const PredecessorMatrix& pi) {
  for (int i = 0; i < d.n(); ++i)
    for (int j = 0; j < d.n(); ++j) {
      const std::int32_t u = pi.at(i, j);
      const bool nil_expected = i == j || d.get(i, j) == kInf32;
      if (nil_expected != (u == kNoPredecessor) || (u != kNoPredecessor && (u == j || weights.get(u, j) == kInf32)))
        return "(" + std::to_string(i) + ", " + std::to_string(j) + "): π = " + std::to_string(u);
    }
  return "";
}

TEST(Predecessors, TrackedPiHasTheDistancesLengthsAtEveryCursor) {
  // cpu-naive: at every cursor. cpu-blocked: at every round's start and the end; inside a round its distances
  // are no shortest paths of any one set of intermediates (a cell may hold a walk through a vertex whose own
  // cell this round has not reached), so there its Π gives each cell's last hop only.
  for (const auto& [name, g] : pi_graphs())
    for (const char* backend : {"cpu-naive", "cpu-blocked"})
      for (const int block : {2, 3, 5})
        for (const DType dtype : {DType::I32, DType::I16}) {
          SCOPED_TRACE(name + " " + backend + " B=" + std::to_string(block) + " " + std::string(to_string(dtype)));
          auto s = loaded(backend, g, block, true, dtype);
          const DistanceMatrix weights = to_distance_matrix(g, block, dtype);
          DistanceMatrix d;
          PredecessorMatrix pi;
          int cursors = 0;
          while (true) {
            s->read(d);
            s->read_predecessors(pi);
            const Cursor c = s->cursor();
            const bool round_start = c.finished || (c.k == 0 && c.phase == (s->blocked() ? Phase::Pivot : Phase::Full));
            ASSERT_EQ(round_start || !s->blocked() ? predecessor_mismatch(weights, d, pi) : last_hop_mismatch(weights, d, pi), "")
                << "round " << c.round << " phase " << to_string(c.phase) << " k " << c.k;
            ++cursors;
            if (s->finished()) break;
            s->step(Granularity::KStep);
          }
          EXPECT_GE(cursors, g.n + 1);
        }
}

TEST(Predecessors, DerivedPiHasTheDistancesLengthsAtRoundBoundariesAndIsRefusedMidRound) {
  for (const auto& [name, g] : pi_graphs())
    for (const char* backend : {"cpu-naive", "cpu-blocked"})
      for (const int block : {2, 3}) {
        SCOPED_TRACE(name + " " + backend + " B=" + std::to_string(block));
        auto s = loaded(backend, g, block, false);
        ASSERT_FALSE(s->tracks_predecessors());
        const DistanceMatrix weights = to_distance_matrix(g, block, DType::I32);
        DistanceMatrix d;
        PredecessorMatrix pi;
        while (true) {
          s->read(d);
          s->read_predecessors(pi);
          ASSERT_EQ(predecessor_mismatch(weights, d, pi), "") << "start of round " << s->cursor().round;
          if (s->finished()) break;
          if (g.n > block) {  // a round of more than one step has a mid-round cursor
            s->step(Granularity::KStep);
            if (!s->finished() && s->cursor().k != 0) {
              EXPECT_THROW(s->read_predecessors(pi), UsageError);
            }
          }
          s->step(Granularity::Round);
        }
      }
}

TEST(Predecessors, BlockedAndDerivedPiOnTheClrsGraph) {
  // Two pairs tie (textbook numbering): 1 -> 4 (1 5 4 and 1 2 4 both weigh 2) and 5 -> 4 (the edge weighs 6,
  // and so does the walk 5 4 3 2 4 round the zero-weight cycle 4 3 2 4). Plain Floyd–Warshall keeps the
  // textbook's π = 5 for both. The search that derives Π (every backend without a tracked Π) takes the
  // fewest edges, smallest ids first: the same. cpu-blocked, which breaks ties by the fewest edges (by CLRS's
  // rule alone its order of k can leave Π looping round a zero-weight cycle, as the all-zero graph above
  // shows), gives the same here at every B.
  PredecessorMatrix pi;
  auto derived = loaded("cpu-naive", clrs_graph_one_based_mapped(), 2, false);
  derived->step(Granularity::ToEnd);
  derived->read_predecessors(pi);
  EXPECT_EQ(differences_from_textbook(pi), (std::vector<std::pair<int, int>>{}));
  for (const int block : {1, 2, 3, 4, 5}) {
    SCOPED_TRACE("cpu-blocked B=" + std::to_string(block));
    auto blocked = loaded("cpu-blocked", clrs_graph_one_based_mapped(), block, true);
    blocked->step(Granularity::ToEnd);
    blocked->read_predecessors(pi);
    EXPECT_EQ(differences_from_textbook(pi), (std::vector<std::pair<int, int>>{}));
  }
}

TEST(Predecessors, RefusedAboveTheLimitAndAfterANegativeCycle) {
  EXPECT_NO_THROW(require_predecessor_vertices(limits::kMaxPredecessorVertices));
  EXPECT_THROW(require_predecessor_vertices(limits::kMaxPredecessorVertices + 1), UsageError);
  Graph big;
  big.n = limits::kMaxPredecessorVertices + 1;
  auto s = loaded("cpu-naive", big, 64, false);
  PredecessorMatrix pi;
  try {
    s->read_predecessors(pi);
    ADD_FAILURE() << "no UsageError above the limit";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find(std::to_string(limits::kMaxPredecessorVertices)), std::string::npos) << e.what();
  }
  auto cycle = loaded("cpu-naive", generate(GeneratorSpec::parse("classroom:negcycle4")), 2, true);
  EXPECT_THROW(cycle->step(Granularity::ToEnd), NegativeCycleError);
  EXPECT_THROW(cycle->read_predecessors(pi), UsageError);
  auto before_reset = create_solver("cpu-naive", SolverOptions{});
  EXPECT_THROW(before_reset->read_predecessors(pi), UsageError);
}

TEST(Predecessors, SparseRowsDeriveAPiWithTheDistancesLengths) {
  test::RandomGraphOptions o;
  o.negative = true;
  o.w_lo = 0;
  o.w_hi = 4;
  o.density = 0.12;
  const Graph g = test::random_graph(29, 11, o);
  const CsrGraph csr = to_csr(g);
  const std::vector<std::int32_t> sources{3, 0, 28, 17};
  const SourceDistances rows = create_sparse_solver("cpu-dijkstra", {})->solve(csr, sources);
  const SourceDistances pred = derive_predecessor_rows(csr, rows, 0);
  ASSERT_EQ(pred.sources, sources);
  // As a full Π of the dense solve, row by row.
  auto s = loaded("cpu-blocked", g, 4, false);
  s->step(Granularity::ToEnd);
  DistanceMatrix d;
  s->read(d);
  PredecessorMatrix pi;
  s->read_predecessors(pi);
  const DistanceMatrix weights = to_distance_matrix(g, 4, DType::I32);
  ASSERT_EQ(predecessor_mismatch(weights, d, pi), "");
  for (std::size_t r = 0; r < sources.size(); ++r)
    for (int v = 0; v < g.n; ++v)
      EXPECT_EQ(pred.row(static_cast<std::int64_t>(r))[v], pi.at(sources[r], v)) << sources[r] << " -> " << v;
}

}  // namespace
}  // namespace apsp
