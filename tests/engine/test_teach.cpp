// The classroom's engine side: time travel is exact (back == forward, byte for byte), the inspector's
// relaxation equals an independent computation from the restricted Floyd–Warshall definition at every k-step,
// and paths read from distances are shortest paths whose length is the distance.
#include <apsp/core/errors.h>
#include <apsp/graph/generators.h>
#include <apsp/solve/registry.h>
#include <apsp/teach/k_clock.h>
#include <apsp/teach/pseudocode.h>
#include <apsp/teach/relaxation.h>
#include <apsp/teach/shortest_path.h>
#include <apsp/teach/time_travel.h>

#include <gtest/gtest.h>

#include <cstring>

#include "raw_state.h"
#include "reference_fw.h"

namespace apsp {
namespace {

using teach::TimeTravel;
using teach::TravelUnit;

using test::raw_state;
using test::same_bytes;

Graph textbook4() { return generate(GeneratorSpec::parse("classroom:name=textbook4")); }

std::vector<Graph> test_graphs() {
  std::vector<Graph> graphs{textbook4()};
  test::RandomGraphOptions neg;
  neg.negative = true;
  neg.density = 0.3;
  graphs.push_back(test::random_graph(11, 7, neg));  // n = 11: not a multiple of the blocks used
  test::RandomGraphOptions plain;
  plain.density = 0.2;
  plain.split = true;
  graphs.push_back(test::random_graph(13, 3, plain));
  return graphs;
}

// Forward to every position by k-steps, recording the raw matrix; then from the end, every back unit lands on
// a position whose matrix equals the recorded one byte for byte, on both CPU backends.
TEST(TimeTravel, BackEqualsForwardOnCpuBackends) {
  for (const char* backend : {"cpu-naive", "cpu-blocked"}) {
    for (const Graph& g : test_graphs()) {
      for (int block : {3, 4}) {
        SCOPED_TRACE(std::string(backend) + " n=" + std::to_string(g.n) + " block=" + std::to_string(block));
        SolverOptions o;
        o.block = block;
        auto solver = create_solver(backend, o);
        auto initial = [&] { return to_distance_matrix(g, block, DType::I32); };
        solver->reset(initial());
        // A budget below four matrices for one graph: no checkpoints, every replay starts from round 0.
        TimeTravel travel(*solver, initial, g.n == 11 ? 3 * DistanceMatrix::required_bytes(g.n, block, DType::I32)
                                                      : teach::kDefaultTimeTravelBudget);
        std::vector<DistanceMatrix> forward{raw_state(*solver)};
        while (!solver->finished()) {
          travel.step(Granularity::KStep);
          forward.push_back(raw_state(*solver));
        }
        ASSERT_EQ(static_cast<std::int64_t>(forward.size()) - 1, travel.clock().total());
        for (TravelUnit unit : {TravelUnit::KStep, TravelUnit::Phase, TravelUnit::Round}) {
          travel.seek(travel.history().size());
          while (travel.clock().position(solver->cursor()) > 0) {
            travel.back(1, unit);
            const std::int64_t p = travel.clock().position(solver->cursor());
            ASSERT_TRUE(same_bytes(raw_state(*solver), forward[static_cast<std::size_t>(p)])) << "position " << p;
            if (unit == TravelUnit::Phase) {
              ASSERT_EQ(solver->cursor().k, 0);
            }
            if (unit == TravelUnit::Round) {
              ASSERT_EQ(solver->cursor().phase, solver->blocked() ? Phase::Pivot : Phase::Full);
            }
          }
        }
        // The slider: every recorded step, in a scrambled order.
        for (std::size_t s : {std::size_t{5}, std::size_t{1}, travel.history().size(), std::size_t{0}, std::size_t{9}}) {
          if (s > travel.history().size()) continue;
          travel.seek(s);
          const std::int64_t p = travel.clock().position(solver->cursor());
          ASSERT_TRUE(same_bytes(raw_state(*solver), forward[static_cast<std::size_t>(p)]));
        }
      }
    }
  }
}

// Phase and round steps, then back by k-steps into the middle of a phase: the state equals k-steps forward.
TEST(TimeTravel, BackIntoAPhaseStepEqualsKStepsForward) {
  const Graph g = test_graphs()[1];
  for (const char* backend : {"cpu-naive", "cpu-blocked"}) {
    SolverOptions o;
    o.block = 4;
    auto solver = create_solver(backend, o);
    auto initial = [&] { return to_distance_matrix(g, 4, DType::I32); };
    solver->reset(initial());
    TimeTravel travel(*solver, initial);
    travel.step(Granularity::Round);
    travel.step(Granularity::Phase);
    travel.step(Granularity::Phase);
    const std::int64_t end = travel.clock().position(solver->cursor());
    travel.back(3, TravelUnit::KStep);
    const DistanceMatrix back = raw_state(*solver);
    auto fresh = create_solver(backend, o);
    fresh->reset(initial());
    for (std::int64_t p = 0; p < end - 3; ++p) fresh->step(Granularity::KStep);
    EXPECT_TRUE(same_bytes(back, raw_state(*fresh))) << backend;
    // A new step after going back forgets the steps ahead.
    travel.step(Granularity::KStep);
    EXPECT_EQ(travel.current(), travel.history().size());
  }
}

// A budget of four matrices over seven rounds: old checkpoints are thinned, the state stays exact.
TEST(TimeTravel, CheckpointsStayWithinTheBudget) {
  const Graph g = test_graphs()[2];  // n = 13
  SolverOptions o;
  o.block = 2;
  auto solver = create_solver("cpu-blocked", o);
  auto initial = [&] { return to_distance_matrix(g, 2, DType::I32); };
  solver->reset(initial());
  const std::uint64_t budget = 4 * DistanceMatrix::required_bytes(g.n, 2, DType::I32);
  TimeTravel travel(*solver, initial, budget);
  while (!solver->finished()) {
    travel.step(Granularity::Round);
    EXPECT_LE(travel.checkpoint_bytes(), budget);
  }
  EXPECT_GE(travel.checkpoint_count(), 2u);
  EXPECT_LT(travel.checkpoint_count(), 7u);
  for (int r = 0; r < solver->rounds(); ++r)
    EXPECT_EQ(travel.round_start_cost(r) == 0, travel.has_checkpoint(r)) << "round " << r;
  travel.seek(3);
  auto fresh = create_solver("cpu-blocked", o);
  fresh->reset(initial());
  for (int r = 0; r < 3; ++r) fresh->step(Granularity::Round);
  EXPECT_TRUE(same_bytes(raw_state(*solver), raw_state(*fresh)));
}

// A run stopped by a negative cycle can go back before the round that found it, and step forward again.
TEST(TimeTravel, BackFromANegativeCycle) {
  const Graph g = generate(GeneratorSpec::parse("classroom:name=negcycle4"));
  SolverOptions o;
  o.block = 1;
  auto solver = create_solver("cpu-blocked", o);
  auto initial = [&] { return to_distance_matrix(g, 1, DType::I32); };
  solver->reset(initial());
  TimeTravel travel(*solver, initial);
  std::vector<DistanceMatrix> rounds{raw_state(*solver)};
  bool stopped = false;
  while (!solver->finished()) {
    try {
      travel.step(Granularity::Round);
      rounds.push_back(raw_state(*solver));
    } catch (const NegativeCycleError&) {
      stopped = true;
    }
  }
  ASSERT_TRUE(stopped);
  const int found_in = solver->cursor().round - 1;  // the round whose check saw the negative diagonal
  ASSERT_GE(found_in, 0);
  travel.back(1, TravelUnit::Round);
  EXPECT_FALSE(solver->finished());
  EXPECT_EQ(solver->cursor().round, found_in);
  EXPECT_TRUE(same_bytes(raw_state(*solver), rounds[static_cast<std::size_t>(found_in)]));
  EXPECT_THROW(travel.step(Granularity::Round), NegativeCycleError);
}

TEST(TimeTravel, ProfileDropsUndoneRounds) {
  const Graph g = test_graphs()[2];
  SolverOptions o;
  o.block = 4;
  auto solver = create_solver("cpu-blocked", o);
  auto initial = [&] { return to_distance_matrix(g, 4, DType::I32); };
  solver->reset(initial());
  TimeTravel travel(*solver, initial);
  travel.step(Granularity::Round);
  travel.step(Granularity::Round);
  travel.step(Granularity::Round);
  travel.back(2, TravelUnit::Round);
  for (const PhaseSample& s : solver->profile().samples()) {
    if (is_compute(s.phase)) {
      EXPECT_LT(s.round, 1);
    }
  }
}

// ---- the inspector, against an independent computation ----

constexpr std::int64_t kBig = INT64_MAX / 4;

/// The state of a blocked run after @p pos k-steps, computed from the definition: phases in order, each k-outer
/// over its blocks, from restricted plain Floyd–Warshall snapshots (D_t: intermediates < t) at round starts.
std::vector<std::int64_t> blocked_state(const Graph& g, int block, std::int64_t pos) {
  const int n = g.n;
  const int rounds = (n + block - 1) / block;
  std::int64_t done = 0;
  int round = 0;
  while (round < rounds && done + 3LL * std::min(block, n - round * block) <= pos) {
    done += 3LL * std::min(block, n - round * block);
    ++round;
  }
  std::vector<std::int64_t> d = test::reference_fw(g, round * block);  // a round start is D_{r*B}
  for (auto& v : d)
    if (v == kInf32) v = kBig;
  if (round >= rounds) return d;
  const int p0 = round * block, kb = std::min(block, n - p0);
  std::int64_t left = pos - done;
  auto in_p = [&](int v) { return v >= p0 && v < p0 + kb; };
  for (int phase = 1; phase <= 3 && left > 0; ++phase) {
    const int steps = static_cast<int>(std::min<std::int64_t>(left, kb));
    for (int t = 0; t < steps; ++t) {
      const int k = p0 + t;
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
          const int cell_phase = in_p(i) && in_p(j) ? 1 : (in_p(i) || in_p(j)) ? 2 : 3;
          if (cell_phase != phase) continue;
          const std::int64_t a = d[static_cast<std::size_t>(i) * n + k], b = d[static_cast<std::size_t>(k) * n + j];
          if (a < kBig && b < kBig) d[static_cast<std::size_t>(i) * n + j] = std::min(d[static_cast<std::size_t>(i) * n + j], a + b);
        }
    }
    left -= steps;
  }
  return d;
}

std::int32_t as32(std::int64_t v) { return v >= kBig ? kInf32 : static_cast<std::int32_t>(v); }

// At every k-step of a run, for every cell, the explanation equals the definition: d_ik, d_kj and d_ij_before
// from the state just before the step's last k, d_ij from the state after it.
TEST(Inspector, EveryKStepEqualsTheDefinition) {
  for (const Graph& g : test_graphs()) {
    for (const char* backend : {"cpu-naive", "cpu-blocked"}) {
      const int block = g.n == 4 ? 2 : 4;
      SCOPED_TRACE(std::string(backend) + " n=" + std::to_string(g.n));
      SolverOptions o;
      o.block = block;
      auto solver = create_solver(backend, o);
      auto initial = [&] { return to_distance_matrix(g, block, DType::I32); };
      solver->reset(initial());
      TimeTravel travel(*solver, initial);
      const bool blocked = solver->blocked();
      while (!solver->finished()) {
        travel.step(Granularity::KStep);
        const teach::StepRecord step = *travel.last_step();
        const std::int64_t pos = travel.clock().position(step.after);
        // Independent reference: naive D_t is plain FW restricted to intermediates < t.
        std::vector<std::int64_t> before, after;
        if (blocked) {
          before = blocked_state(g, block, pos - 1);
          after = blocked_state(g, block, pos);
        } else {
          before = test::reference_fw(g, static_cast<int>(pos - 1));
          after = test::reference_fw(g, static_cast<int>(pos));
          for (auto* v : {&before, &after})
            for (auto& x : *v)
              if (x == kInf32) x = kBig;
        }
        const Cursor at = travel.clock().cursor_at(pos - 1);
        const int k = at.round * block + at.k;
        for (int i = 0; i < g.n; ++i)
          for (int j = 0; j < g.n; ++j) {
            const auto point = teach::relaxation_point(g.n, block, blocked, step.before, step.after, i, j);
            ASSERT_TRUE(point.has_value());
            const auto cells = teach::relaxation_inputs(g.n, block, blocked, *point, i, j);
            const auto values = travel.values_at_round_start(point->round, cells);
            auto round_start = [&](int a, int b) {
              for (std::size_t c = 0; c < cells.size(); ++c)
                if (cells[c] == std::pair{a, b}) return values[c];
              ADD_FAILURE() << "explain read (" << a << ", " << b << ") outside its inputs";
              return kInf32;
            };
            auto current = [&](int a, int b) { return solver->value_at(a, b); };
            const teach::Explanation e =
                teach::explain(g.n, block, blocked, kFloor32, *point, i, j, round_start, current);
            const std::size_t ij = static_cast<std::size_t>(i) * g.n + j;
            ASSERT_EQ(e.k, k);
            ASSERT_FALSE(e.mismatch) << i << "," << j;
            ASSERT_EQ(e.d_ij, as32(after[ij])) << i << "," << j;
            if (e.updated_by_step) {
              ASSERT_EQ(e.d_ij_before, as32(before[ij])) << i << "," << j << " k " << k;
              ASSERT_EQ(e.d_ik, as32(before[static_cast<std::size_t>(i) * g.n + k])) << i << "," << j << " k " << k;
              ASSERT_EQ(e.d_kj, as32(before[static_cast<std::size_t>(k) * g.n + j])) << i << "," << j << " k " << k;
            } else {
              ASSERT_TRUE(blocked);
              ASSERT_EQ(before[ij], after[ij]);  // a cell outside the phase's blocks does not change
            }
            ASSERT_EQ(e.line, teach::pseudocode_line(blocked, e.phase, e.updated_by_step));
          }
      }
    }
  }
}

TEST(Inspector, RoundStepShowsTheCellsOwnPhase) {
  // Block 2 on textbook4: cell (0, 1) is in round 0's pivot block, (0, 3) in its row panel, (2, 3) independent.
  const Graph g = textbook4();
  const Cursor before{0, Phase::Pivot, 0, false}, after{1, Phase::Pivot, 0, false};
  EXPECT_EQ(teach::relaxation_point(4, 2, true, before, after, 0, 1)->phase, Phase::Pivot);
  EXPECT_EQ(teach::relaxation_point(4, 2, true, before, after, 0, 3)->phase, Phase::PivotRowCol);
  EXPECT_EQ(teach::relaxation_point(4, 2, true, before, after, 2, 3)->phase, Phase::Independent);
  EXPECT_EQ(teach::relaxation_point(4, 2, true, before, after, 2, 3)->k_offset, 1);
  // A phase-1 step does not relax an independent cell.
  const Cursor mid{0, Phase::PivotRowCol, 0, false};
  EXPECT_FALSE(teach::relaxation_point(4, 2, true, before, mid, 2, 3)->relaxes_cell);
  EXPECT_FALSE(teach::relaxation_point(4, 2, true, before, before, 2, 3).has_value());
}

TEST(Pseudocode, LinesMatchPhases) {
  EXPECT_EQ(teach::naive_pseudocode().size(), 4u);
  EXPECT_NE(teach::naive_pseudocode()[teach::pseudocode_line(false, 0, true)].find("min("), std::string_view::npos);
  for (int phase = 1; phase <= 3; ++phase) {
    const auto line = teach::blocked_pseudocode()[teach::pseudocode_line(true, phase, false)];
    EXPECT_NE(line.find("phase " + std::to_string(phase)), std::string_view::npos) << line;
    EXPECT_NE(teach::blocked_pseudocode()[teach::pseudocode_line(true, phase, true)].find("min("), std::string_view::npos);
  }
}

// ---- paths ----

TEST(Paths, EndPathsAreShortestAndRestrictedPathsRespectTheRound) {
  for (const Graph& g : test_graphs()) {
    const teach::OutEdges edges(g);
    const auto full = test::reference_fw(g, g.n);
    for (int t : {0, 2, g.n}) {
      const auto restricted = test::reference_fw(g, t);
      for (int j = 0; j < g.n; ++j) {
        std::vector<std::int32_t> column(static_cast<std::size_t>(g.n));
        for (int v = 0; v < g.n; ++v) column[v] = static_cast<std::int32_t>(restricted[static_cast<std::size_t>(v) * g.n + j]);
        for (int i = 0; i < g.n; ++i) {
          const teach::WeightedPath p = teach::shortest_path(edges, column, i, j, t);
          const std::int64_t d = restricted[static_cast<std::size_t>(i) * g.n + j];
          if (d == kInf32) {
            EXPECT_TRUE(p.empty());
            continue;
          }
          ASSERT_FALSE(p.empty()) << i << "->" << j << " t " << t;
          EXPECT_EQ(p.length, d);
          EXPECT_EQ(p.vertices.front(), i);
          EXPECT_EQ(p.vertices.back(), j);
          for (std::size_t s = 1; s + 1 < p.vertices.size(); ++s) EXPECT_LT(p.vertices[s], t);
          if (t == g.n) {
            EXPECT_EQ(d, full[static_cast<std::size_t>(i) * g.n + j]);
          }
        }
      }
    }
  }
}

TEST(Paths, Textbook4PathIsTheKnownOne) {
  // 1-based textbook: 2 -> 1 -> 3 -> 4 has length 4 - 2 + 2 = 4; 0-based 1 -> 0 -> 2 -> 3.
  const Graph g = textbook4();
  const auto d = test::reference_fw(g, 4);
  std::vector<std::int32_t> column(4);
  for (int v = 0; v < 4; ++v) column[v] = static_cast<std::int32_t>(d[static_cast<std::size_t>(v) * 4 + 3]);
  const teach::WeightedPath p = teach::shortest_path(teach::OutEdges(g), column, 1, 3, 4);
  EXPECT_EQ(p.vertices, (std::vector<std::int32_t>{1, 0, 2, 3}));
  EXPECT_EQ(p.length, 4);
}

TEST(Solver, RestoreRefusesNextHopsAndBadRounds) {
  const Graph g = textbook4();
  SolverOptions o;
  o.block = 2;
  o.track_paths = true;
  auto solver = create_solver("cpu-naive", o);
  const DistanceMatrix initial = to_distance_matrix(g, 2, DType::I32);
  solver->reset(initial);
  EXPECT_THROW(solver->restore(initial, 0), UsageError);
  o.track_paths = false;
  solver = create_solver("cpu-naive", o);
  solver->reset(initial);
  EXPECT_THROW(solver->restore(initial, 3), UsageError);
}

}  // namespace
}  // namespace apsp
