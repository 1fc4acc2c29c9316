// The inspector's ledger against an independent restricted Floyd–Warshall: the blocked algorithm simulated on
// the whole matrix, k-step by k-step, phase by phase, recording what each cell read and held after each k-step.
// For every classroom graph, block 1..4, both variants, every step (k, phase, round, several rounds, the whole
// run) and every cell, the ledger lists exactly the k's the step relaxed the cell through, with their numbers,
// and its verdict is the value before the step -> the value after it.
#include <apsp/core/errors.h>
#include <apsp/graph/generators.h>
#include <apsp/solve/registry.h>
#include <apsp/teach/k_clock.h>
#include <apsp/teach/relaxation.h>
#include <apsp/teach/time_travel.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace apsp {
namespace {

constexpr std::int64_t kBig = INT64_MAX / 4;

std::int32_t as32(std::int64_t v) { return v >= kBig ? kInf32 : static_cast<std::int32_t>(v); }

/// What the algorithm did to one cell at one k-step.
struct Read {
  bool relaxed = false;
  int round = 0, phase = 0, k = 0;
  std::int64_t d_ik = 0, d_kj = 0;
};

/// The whole run, k-step by k-step: states[p] is the matrix at position p; reads[p][i*n+j] what cell (i, j)
/// read at the k-step from p to p + 1. Written from the definition, sharing nothing with the engine.
struct Reference {
  int n = 0;
  std::vector<std::vector<std::int64_t>> states;
  std::vector<std::vector<Read>> reads;

  std::int64_t at(std::int64_t p, int i, int j) const {
    return states[static_cast<std::size_t>(p)][static_cast<std::size_t>(i) * n + j];
  }
};

Reference simulate(const Graph& g, int block, bool blocked) {
  Reference ref;
  const int n = ref.n = g.n;
  std::vector<std::int64_t> d(static_cast<std::size_t>(n) * n, kBig);
  for (int i = 0; i < n; ++i) d[static_cast<std::size_t>(i) * n + i] = 0;
  for (const Edge& e : g.edges) {
    if (e.src == e.dst && e.weight >= 0) continue;
    auto& c = d[static_cast<std::size_t>(e.src) * n + e.dst];
    c = std::min<std::int64_t>(c, e.weight);
  }
  ref.states.push_back(d);
  auto cell = [&](int a, int b) -> std::int64_t& { return d[static_cast<std::size_t>(a) * n + b]; };
  int round = 0;
  for (int p0 = 0; p0 < n; p0 += block, ++round) {
    const int kb = std::min(block, n - p0);
    auto in_pivot = [&](int v) { return v >= p0 && v < p0 + kb; };
    for (int phase = blocked ? 1 : 0; phase <= (blocked ? 3 : 0); ++phase)
      for (int k = p0; k < p0 + kb; ++k) {
        std::vector<Read> reads(static_cast<std::size_t>(n) * n);
        for (int i = 0; i < n; ++i)
          for (int j = 0; j < n; ++j) {
            const int own = in_pivot(i) && in_pivot(j) ? 1 : in_pivot(i) || in_pivot(j) ? 2 : 3;
            if (blocked && own != phase) continue;
            Read& r = reads[static_cast<std::size_t>(i) * n + j];
            r = Read{true, round, phase, k, cell(i, k), cell(k, j)};
            if (r.d_ik < kBig && r.d_kj < kBig) cell(i, j) = std::min(cell(i, j), r.d_ik + r.d_kj);
          }
        ref.reads.push_back(std::move(reads));
        ref.states.push_back(d);
      }
  }
  return ref;
}

/// Reads round starts from the reference (the engine's round-start reader is TimeTravel, tested elsewhere).
teach::RoundStartReader reference_reader(const Reference& ref, const teach::KClock& clock) {
  return [&ref, clock](int round, const std::vector<std::pair<int, int>>& cells) {
    std::vector<std::int32_t> values;
    for (const auto& [a, b] : cells) values.push_back(as32(ref.at(clock.round_start(round), a, b)));
    return std::optional<std::vector<std::int32_t>>(values);
  };
}

/// The ledger of (i, j) for the step begin -> end equals the reference, entry by entry and in its verdict.
void expect_ledger(const Reference& ref, const teach::Ledger& l, std::int64_t begin, std::int64_t end, int i, int j) {
  std::vector<teach::LedgerEntry> want;
  std::vector<int> improving;
  for (std::int64_t p = begin; p < end; ++p) {
    const Read& r = ref.reads[static_cast<std::size_t>(p)][static_cast<std::size_t>(i) * ref.n + j];
    if (!r.relaxed) continue;
    teach::LedgerEntry e;
    e.round = r.round, e.phase = r.phase, e.k = r.k, e.position = p;
    e.d_ij_before = as32(ref.at(p, i, j));
    e.d_ik = as32(r.d_ik);
    e.d_kj = as32(r.d_kj);
    e.d_ij_after = as32(ref.at(p + 1, i, j));
    want.push_back(e);
    if (ref.at(p + 1, i, j) < ref.at(p, i, j)) improving.push_back(r.k);
  }
  // From the first state with a negative diagonal entry (a negative cycle) on, a k-step's numbers depend on
  // the order of updates inside it: there only the ledger's shape and the value before the step are defined.
  std::int64_t exact_until = static_cast<std::int64_t>(ref.states.size()) - 1;
  for (std::int64_t p = 0; p <= exact_until; ++p)
    for (int v = 0; v < ref.n; ++v)
      if (ref.at(p, v, v) < 0) exact_until = std::min(exact_until, p);
  if (end > exact_until) {
    ASSERT_EQ(l.step_entries, static_cast<std::int64_t>(want.size()));
    ASSERT_EQ(l.entries.size(), want.size());
    for (std::size_t s = 0; s < want.size(); ++s) ASSERT_EQ(l.entries[s].k, want[s].k);
    if (begin <= exact_until) {
      ASSERT_EQ(l.value_before, as32(ref.at(begin, i, j)));
    }
    bool negative_pivot = false;
    for (const auto& e : l.entries) negative_pivot |= e.order_dependent;
    ASSERT_EQ(negative_pivot, l.order_dependent());
    return;
  }
  const std::string where = "cell " + std::to_string(i) + "," + std::to_string(j) + " step " + std::to_string(begin) +
                            ".." + std::to_string(end);
  ASSERT_EQ(l.step_entries, static_cast<std::int64_t>(want.size())) << where;
  ASSERT_EQ(l.omitted, 0) << where;
  ASSERT_EQ(l.entries.size(), want.size()) << where;
  for (std::size_t s = 0; s < want.size(); ++s) {
    const teach::LedgerEntry &a = l.entries[s], &b = want[s];
    ASSERT_EQ(a.round, b.round) << where << " entry " << s;
    ASSERT_EQ(a.phase, b.phase) << where << " entry " << s;
    ASSERT_EQ(a.k, b.k) << where << " entry " << s;
    ASSERT_EQ(a.position, b.position) << where << " entry " << s;
    ASSERT_EQ(a.d_ij_before, b.d_ij_before) << where << " k " << b.k;
    ASSERT_EQ(a.d_ik, b.d_ik) << where << " k " << b.k;
    ASSERT_EQ(a.d_kj, b.d_kj) << where << " k " << b.k;
    ASSERT_EQ(a.d_ij_after, b.d_ij_after) << where << " k " << b.k;
    ASSERT_FALSE(a.order_dependent) << where << " k " << b.k;
  }
  ASSERT_EQ(l.value_before, as32(ref.at(begin, i, j))) << where;
  ASSERT_EQ(l.value_after, as32(ref.at(end, i, j))) << where;
  ASSERT_FALSE(l.mismatch) << where;
  ASSERT_EQ(l.improving_k, improving) << where;
  ASSERT_TRUE(l.improving_k_complete) << where;
  // Never "keeps its value" for a cell that changed.
  ASSERT_EQ(l.improved(), ref.at(end, i, j) != ref.at(begin, i, j)) << where;
  ASSERT_EQ(l.improved(), !improving.empty()) << where;
  if (!want.empty()) {
    const teach::Explanation x = teach::headline(l, want.front().phase != 0);
    ASSERT_EQ(x.k, improving.empty() ? want.back().k : improving.back()) << where;
  }
}

const char* const kClassroom[] = {"textbook4", "cities8", "grid3", "negcycle4"};

// Every step begin -> end of the run (k-steps, phases, rounds, several rounds, the whole run) for every cell.
TEST(Ledger, EveryStepOfEveryClassroomGraphEqualsTheReference) {
  for (const char* name : kClassroom) {
    const Graph g = generate(GeneratorSpec::parse(std::string("classroom:name=") + name));
    for (const bool blocked : {true, false})
      for (int block = 1; block <= 4; ++block) {
        SCOPED_TRACE(std::string(name) + (blocked ? " blocked" : " naive") + " B=" + std::to_string(block));
        const Reference ref = simulate(g, block, blocked);
        const teach::KClock clock(g.n, block, blocked);
        const auto reader = reference_reader(ref, clock);
        for (std::int64_t begin = 0; begin < clock.total(); ++begin)
          for (std::int64_t end = begin + 1; end <= clock.total(); ++end)
            for (int i = 0; i < g.n; ++i)
              for (int j = 0; j < g.n; ++j) {
                const auto l = teach::step_ledger(g.n, block, blocked, kFloor32, clock.cursor_at(begin),
                                                  clock.cursor_at(end), i, j, as32(ref.at(end, i, j)), reader);
                ASSERT_TRUE(l.has_value());
                expect_ledger(ref, *l, begin, end, i, j);
                if (::testing::Test::HasFatalFailure()) return;
              }
      }
  }
}

// Through the solver and TimeTravel, as the studio computes it: every k, phase and round step of a run on the
// CPU backends. The run on negcycle4 stops at the round that finds the cycle; its ledgers up to there match.
TEST(Ledger, SolverStepsEqualTheReference) {
  for (const char* name : kClassroom) {
    const Graph g = generate(GeneratorSpec::parse(std::string("classroom:name=") + name));
    for (const char* backend : {"cpu-blocked", "cpu-naive"})
      for (int block = 1; block <= 4; ++block)
        for (const Granularity unit : {Granularity::KStep, Granularity::Phase, Granularity::Round}) {
          SCOPED_TRACE(std::string(name) + " " + backend + " B=" + std::to_string(block) + " unit " +
                       std::to_string(static_cast<int>(unit)));
          SolverOptions o;
          o.block = block;
          auto solver = create_solver(backend, o);
          auto initial = [&] { return to_distance_matrix(g, block, DType::I32); };
          solver->reset(initial());
          teach::TimeTravel travel(*solver, initial);
          const bool blocked = solver->blocked();
          const Reference ref = simulate(g, block, blocked);
          auto reader = [&](int round, const std::vector<std::pair<int, int>>& cells) {
            return std::optional<std::vector<std::int32_t>>(travel.values_at_round_start(round, cells));
          };
          bool stopped = false;
          while (!solver->finished()) {
            try {
              travel.step(unit);
            } catch (const NegativeCycleError&) {
              stopped = true;
            }
            const teach::StepRecord step = *travel.last_step();
            const std::int64_t begin = travel.clock().position(step.before);
            const std::int64_t end = travel.clock().position(step.after);
            for (int i = 0; i < g.n; ++i)
              for (int j = 0; j < g.n; ++j) {
                const auto l = teach::step_ledger(g.n, block, blocked, kFloor32, step.before, step.after, i, j,
                                                  solver->value_at(i, j), reader);
                ASSERT_TRUE(l.has_value());
                ASSERT_TRUE(!l->mismatch || l->order_dependent()) << i << "," << j << " " << begin << ".." << end << " " << l->value_after << " vs " << l->solver_value << " n " << l->entries.size();
                expect_ledger(ref, *l, begin, end, i, j);
                if (::testing::Test::HasFatalFailure()) return;
              }
          }
          EXPECT_EQ(stopped, std::string(name) == "negcycle4");
        }
  }
}

// A cap below the step's entries lists the last ones and says how many are omitted; the verdict stays exact.
TEST(Ledger, CappedLedgerKeepsTheVerdict) {
  const Graph g = generate(GeneratorSpec::parse("classroom:name=cities8"));
  const int block = 2;
  const Reference ref = simulate(g, block, true);
  const teach::KClock clock(g.n, block, true);
  const auto reader = reference_reader(ref, clock);
  const int i = 7, j = 2;
  const auto l = teach::step_ledger(g.n, block, true, kFloor32, clock.cursor_at(0), clock.cursor_at(clock.total()), i,
                                    j, as32(ref.at(clock.total(), i, j)), reader, 3);
  ASSERT_TRUE(l.has_value());
  EXPECT_EQ(l->step_entries, g.n);  // each k relaxes each cell once in a whole run
  EXPECT_EQ(l->entries.size(), 3u);
  EXPECT_EQ(l->omitted, g.n - 3);
  EXPECT_EQ(l->entries.back().k, g.n - 1);
  EXPECT_FALSE(l->improving_k_complete);
  EXPECT_EQ(l->value_before, kInf32);
  EXPECT_EQ(l->value_after, as32(ref.at(clock.total(), i, j)));
  EXPECT_TRUE(l->improved());
  // A reader that cannot afford the first round: no verdict, so no ledger.
  auto refuse_first = [&](int round, const std::vector<std::pair<int, int>>& cells) {
    return round == 0 ? std::nullopt : reader(round, cells);
  };
  EXPECT_FALSE(teach::step_ledger(g.n, block, true, kFloor32, clock.cursor_at(0), clock.cursor_at(clock.total()), i,
                                  j, l->value_after, refuse_first)
                   .has_value());
}

// The reproduction: cities8, B = 2, three phase steps (round 0 whole), cell (7, 2) goes INF -> 7 in phase 3.
TEST(Ledger, PhaseStepThatImprovesSaysSo) {
  const Graph g = generate(GeneratorSpec::parse("classroom:name=cities8"));
  const teach::KClock clock(g.n, 2, true);
  const Reference ref = simulate(g, 2, true);
  const auto l = teach::step_ledger(g.n, 2, true, kFloor32, clock.cursor_at(4), clock.cursor_at(6), 7, 2,
                                    as32(ref.at(6, 7, 2)), reference_reader(ref, clock));
  ASSERT_TRUE(l.has_value());
  EXPECT_EQ(l->value_before, kInf32);
  EXPECT_EQ(l->value_after, 7);
  ASSERT_EQ(l->entries.size(), 2u);
  EXPECT_EQ(l->improving_k, std::vector<int>{0});
  const teach::Explanation x = teach::headline(*l, true);
  EXPECT_EQ(x.k, 0);
  EXPECT_EQ(x.d_ij_before, kInf32);
  EXPECT_EQ(x.d_ij, 7);
}

}  // namespace
}  // namespace apsp
