// The quiz's right answers against what the solver really did: for every k, phase and round step of the
// classroom graphs (every block size 1..4, blocked and plain), the cells the default questions call improving
// are exactly the cells whose value dropped in the step (the test's own diff of the solver's matrices), each
// played question (moved there through TimeTravel, forward and back) agrees, and value questions at round
// boundaries equal an independent Floyd–Warshall. Then a textbook4 answer file with known mistakes scores
// exactly as worked out by hand, bad entries are refused with one line, and the JSON round-trips.
#include <apsp/core/errors.h>
#include <apsp/graph/generators.h>
#include <apsp/io/graph_io.h>
#include <apsp/solve/registry.h>
#include <apsp/teach/k_clock.h>
#include <apsp/teach/quiz.h>
#include <apsp/teach/time_travel.h>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "reference_fw.h"

namespace apsp {
namespace {

using teach::QuizCell;

struct NamedGraph {
  std::string name;
  Graph graph;
};

std::vector<NamedGraph> classroom_graphs() {
  std::vector<NamedGraph> out;
  for (const char* name : {"textbook4", "cities8", "grid3", "negcycle4"})
    out.push_back({name, generate(GeneratorSpec::parse(std::string("classroom:name=") + name))});
  for (const char* file : {"ring12.txt", "two_islands.txt"})
    out.push_back({file, read_graph(std::string(APSP_ASSETS_DIR) + "/graphs/" + file).graph});
  return out;
}

teach::QuizStep quiz_step(Granularity g) {
  return g == Granularity::KStep ? teach::QuizStep::K : g == Granularity::Phase ? teach::QuizStep::Phase
                                                                                : teach::QuizStep::Round;
}

/// The cells whose value dropped from @p before to @p after, by the test's own reading of the matrices.
std::set<QuizCell> dropped(const DistanceMatrix& before, const DistanceMatrix& after) {
  std::set<QuizCell> out;
  for (int i = 0; i < before.n(); ++i)
    for (int j = 0; j < before.n(); ++j) {
      const std::int64_t b = before.get(i, j), a = after.get(i, j);
      if (a < b) out.insert({i, j});
    }
  return out;
}

TEST(Quiz, ExpectedAnswersAreTheCellsTheSolverChangedAtEveryStep) {
  for (const NamedGraph& ng : classroom_graphs()) {
    const Graph& g = ng.graph;
    for (const char* backend : {"cpu-blocked", "cpu-naive"})
      for (int block = 1; block <= 4; ++block)
        for (const Granularity unit : {Granularity::KStep, Granularity::Phase, Granularity::Round}) {
          SCOPED_TRACE(ng.name + " " + backend + " B=" + std::to_string(block) + " unit " +
                       std::to_string(static_cast<int>(unit)));
          SolverOptions o;
          o.block = block;
          auto initial = [&] { return to_distance_matrix(g, block, DType::I32); };
          // The walk: a plain solver stepped by the unit, its matrices read before and after each step.
          auto walker = create_solver(backend, o);
          walker->reset(initial());
          // The player: a second solver under TimeTravel, moved to each question's cursor by play_question.
          auto player = create_solver(backend, o);
          player->reset(initial());
          teach::TimeTravel travel(*player, initial);
          const teach::QuizRun run{g.n, block, walker->blocked()};
          const teach::KClock clock(g.n, block, walker->blocked());
          bool stopped = false;
          std::vector<std::pair<teach::QuizQuestion, teach::QuizExpected>> played;
          while (!walker->finished()) {
            DistanceMatrix before, after;
            walker->read(before);
            const Cursor at = walker->cursor();
            try {
              walker->step(unit);
            } catch (const NegativeCycleError&) {
              stopped = true;
            }
            walker->read(after);
            const std::set<QuizCell> changed = dropped(before, after);
            // The default questions cover the blocks the step writes; together they name every changed cell once.
            std::set<QuizCell> named;
            for (const teach::QuizQuestion& q : teach::questions_for_step(run, at, quiz_step(unit))) {
              const teach::QuizExpected e = teach::expected_answer(q, before, after, block);
              const teach::QuizArea area = teach::area_of(q, g.n, block);
              for (const QuizCell& c : e.improved) {
                EXPECT_TRUE(named.insert(c).second) << "cell named twice";
                EXPECT_TRUE(area.contains(c.first, c.second));
              }
              for (const QuizCell& c : changed) {
                if (area.contains(c.first, c.second)) {
                  EXPECT_TRUE(std::count(e.improved.begin(), e.improved.end(), c)) << c.first << "," << c.second;
                }
              }
              // Played through TimeTravel: the same answer, and the exact answer is marked right.
              teach::QuizAnswer a;
              a.given = true;
              a.cells = e.improved;
              const teach::QuizOutcome out = teach::play_question(travel, *player, q, a, "test");
              EXPECT_EQ(out.expected.improved, e.improved);
              EXPECT_TRUE(out.mark.right);
              EXPECT_TRUE(out.explanation.empty());
              EXPECT_EQ(out.after, walker->cursor());
              EXPECT_EQ(out.stopped.empty(), !stopped);
              played.emplace_back(q, e);
            }
            EXPECT_EQ(named, changed);
            // Value questions for every cell: d_ij after the step; at a round boundary, the reference's.
            const bool round_end = walker->cursor().k == 0 && teach::phase_index(walker->cursor().phase) == 0;
            const std::vector<std::int64_t> ref =
                test::reference_fw(g, std::min(g.n, walker->cursor().finished ? g.n : walker->cursor().round * block));
            for (int i = 0; i < g.n; ++i)
              for (int j = 0; j < g.n; ++j) {
                teach::QuizQuestion q;
                q.at = at;
                q.step = quiz_step(unit);
                q.ask = teach::QuizAsk::Value;
                q.i = i;
                q.j = j;
                const teach::QuizExpected e = teach::expected_answer(q, before, after, block);
                EXPECT_EQ(e.value, after.get(i, j));
                if (round_end && !stopped) {
                  EXPECT_EQ(e.value, ref[static_cast<std::size_t>(i) * g.n + j]) << i << "," << j;
                }
              }
            if (::testing::Test::HasFailure()) return;
          }
          EXPECT_EQ(stopped, ng.name == "negcycle4");
          // Backwards through the run: play_question goes back through TimeTravel's checkpoints, same answers.
          if (unit != Granularity::Round || stopped) continue;
          for (auto it = played.rbegin(); it != played.rend(); ++it) {
            const teach::QuizOutcome out = teach::play_question(travel, *player, it->first, {}, "test");
            EXPECT_EQ(out.expected.improved, it->second.improved);
            EXPECT_EQ(out.mark.missed, it->second.improved);  // nothing answered: every improving cell missed
            EXPECT_EQ(out.mark.right, false);
          }
          (void)clock;
        }
  }
}

/// textbook4, cpu-blocked, B = 2: the answers worked out by hand (docs/teaching.md has the same example).
/// D0 = [0 INF -2 INF / 4 0 3 INF / INF INF 0 2 / INF -1 INF 0]. Round 0: phase 1 nothing; phase 2 (1,2) 3 -> 2
/// at k = 0, (3,0) INF -> 3 at k = 1; phase 3 (3,2) INF -> 1. Round 1: phase 1 nothing; phase 2 (2,0) -> 5,
/// (2,1) -> 1, (0,3) -> 0, (1,3) -> 4; phase 3 (0,1) -> -1.
const char* const kTextbookAnswers = R"([
  {"at": {"round": 0, "phase": "rowcol"}, "step": "phase", "ask": "improves", "block": [0, 1], "answer": {"cells": []}},
  {"at": {"round": 0, "phase": "rowcol"}, "step": "phase", "ask": "improves", "block": [1, 0],
   "answer": {"cells": [[3, 0], [2, 0]]}},
  {"at": {"round": 0, "phase": "independent"}, "step": "phase", "ask": "improves", "block": [1, 1],
   "answer": {"cells": [[3, 2]]}},
  {"at": {"round": 1, "phase": "pivot"}, "step": "phase", "ask": "improves", "block": [1, 1], "answer": {"cells": []}},
  {"at": {"round": 1, "phase": "rowcol", "k": 3}, "step": "k", "ask": "value", "cell": [2, 0], "answer": {"value": 4}},
  {"at": {"round": 0, "phase": "pivot", "k": 0}, "step": "k", "ask": "value", "cell": [2, 0], "answer": {"value": "inf"}},
  {"at": {"round": 1}, "step": "round", "ask": "improves", "answer": {"cells": [[2, 0], [2, 1], [0, 3], [1, 3], [0, 1]]}},
  {"at": {"round": 1, "phase": "independent"}, "step": "phase", "answer": {"cells": [[0, 1]]}},
  {"at": {"round": 0, "phase": "rowcol"}, "step": "phase", "ask": "improves", "block": [1, 1], "answer": {"cells": [[3, 2]]}}
])";

struct Played {
  std::vector<teach::QuizOutcome> outcomes;
  teach::QuizRun run;
};

Played play_textbook(const std::string& text) {
  const Graph g = generate(GeneratorSpec::parse("classroom:name=textbook4"));
  SolverOptions o;
  o.block = 2;
  auto solver = create_solver("cpu-blocked", o);
  auto initial = [&] { return to_distance_matrix(g, 2, DType::I32); };
  solver->reset(initial());
  teach::TimeTravel travel(*solver, initial);
  Played p;
  p.run = {g.n, 2, true};
  const auto entries = teach::quiz_from_json(nlohmann::json::parse(text), "quiz.json", p.run);
  for (std::size_t e = 0; e < entries.size(); ++e)
    p.outcomes.push_back(teach::play_question(travel, *solver, entries[e].question, entries[e].answer,
                                              "quiz.json: entry " + std::to_string(e + 1)));
  return p;
}

TEST(Quiz, AnswerFileWithKnownMistakesScoresAsWorkedOut) {
  const Played p = play_textbook(kTextbookAnswers);
  ASSERT_EQ(p.outcomes.size(), 9u);
  const nlohmann::json r = teach::results_json(p.outcomes, p.run);
  EXPECT_EQ(r["score"], nlohmann::json({{"asked", 9}, {"right", 5}, {"cells_hit", 8}, {"cells_missed", 1}, {"cells_extra", 2}}));
  const auto& q = r["questions"];
  const bool right[] = {false, false, true, true, false, true, true, true, false};
  for (std::size_t e = 0; e < 9; ++e) EXPECT_EQ(q[e]["right"], right[e]) << "entry " << e + 1;
  // 1: (1, 2) missed, with the relaxation that lowers it.
  EXPECT_EQ(q[0]["missed"], nlohmann::json::parse("[[1, 2]]"));
  EXPECT_EQ(q[0]["explanation"], nlohmann::json({"missed: d[1][2] improves from 3 to 2: at k = 0, min(3, 4 + (-2)) = 2"}));
  // 2: (3, 0) hit, (2, 0) extra: every sum through k = 0, 1 is INF.
  EXPECT_EQ(q[1]["hit"], nlohmann::json::parse("[[3, 0]]"));
  EXPECT_EQ(q[1]["extra"], nlohmann::json::parse("[[2, 0]]"));
  EXPECT_EQ(q[1]["explanation"],
            nlohmann::json({"not improved: d[2][0] does not improve: no k of this step improves it: every sum "
                            "d[i][k] + d[k][j] is INF; stays INF"}));
  // 4: the pivot block of round 1 improves nowhere: "none" is right.
  EXPECT_EQ(q[3]["expected"], nlohmann::json::parse(R"({"cells": []})"));
  // 5: d[2][0] after k = 3 is 5, not 4.
  EXPECT_EQ(q[4]["expected"], nlohmann::json::parse(R"({"value": 5})"));
  EXPECT_EQ(q[4]["explanation"],
            nlohmann::json({"you said 4, it is 5: d[2][0] improves from INF to 5: at k = 3, min(INF, 2 + 3) = 5"}));
  // 6: "inf" is a right answer.
  EXPECT_EQ(q[5]["expected"], nlohmann::json::parse(R"({"value": "inf"})"));
  // 7: the whole matrix in round 1; 8: the default question of phase 3 is the independent block (0, 0).
  EXPECT_EQ(q[6]["hit"].size(), 5u);
  EXPECT_EQ(q[7]["question"]["block"], nlohmann::json::parse("[0, 0]"));
  // 9: phase 2 does not write the independent block (1, 1).
  EXPECT_EQ(q[8]["explanation"],
            nlohmann::json({"not improved: d[3][2] does not improve: this step does not write it (phase 2 writes only "
                            "the pivot row and column blocks); stays INF"}));
}

TEST(Quiz, StepPastTheNegativeCycleIsRefusedWithOneLine) {
  const Graph g = generate(GeneratorSpec::parse("classroom:name=negcycle4"));
  SolverOptions o;
  o.block = 2;
  auto solver = create_solver("cpu-blocked", o);
  auto initial = [&] { return to_distance_matrix(g, 2, DType::I32); };
  solver->reset(initial());
  teach::TimeTravel travel(*solver, initial);
  const teach::QuizRun run{4, 2, true};
  const auto entries = teach::quiz_from_json(nlohmann::json::parse(R"([
    {"at": {"round": 0}, "step": "round", "ask": "improves"},
    {"at": {"round": 1}, "step": "phase", "ask": "improves"}])"), "q.json", run);
  const teach::QuizOutcome first = teach::play_question(travel, *solver, entries[0].question, entries[0].answer, "q.json: entry 1");
  EXPECT_FALSE(first.stopped.empty());  // round 0 finds 0 -> 1 -> 2 -> 0
  EXPECT_FALSE(first.expected.improved.empty());
  try {
    teach::play_question(travel, *solver, entries[1].question, entries[1].answer, "q.json: entry 2");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "q.json: entry 2: the run stops at a negative cycle in round 0, before this question's step");
  }
}

std::string refusal(const std::string& entry) {
  try {
    teach::quiz_from_json(nlohmann::json::parse("[" + entry + "]"), "quiz.json", teach::QuizRun{8, 4, true});
  } catch (const InputError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(Quiz, BadEntriesAreRefusedWithOneLineNamingTheEntry) {
  EXPECT_EQ(refusal(R"({"at": {"round": 0}, "ask": "value", "cell": [9, 1]})"), "quiz.json: entry 1: cell [9, 1] outside 0..7");
  EXPECT_EQ(refusal(R"({"at": {"round": 0}, "ask": "improves", "block": [0, 1], "answer": {"cells": [[9, 1]]}})"),
            "quiz.json: entry 1: cell [9, 1] outside 0..7");
  EXPECT_EQ(refusal(R"({"at": {"round": 0}, "ask": "improves", "block": [0, 1], "answer": {"cells": [[0, 1]]}})"),
            "quiz.json: entry 1: cell [0, 1] outside block [0, 1] (rows 0..3, columns 4..7)");
  // "at" as lesson stops write it, with the same reasons (step_at.h).
  EXPECT_EQ(refusal(R"({"at": {"round": 2}, "ask": "improves"})"),
            "quiz.json: entry 1: at.round: 2 beyond the 2 rounds of this graph (0..1)");
  EXPECT_EQ(refusal(R"({"at": {"round": 1, "k": 2}, "ask": "improves"})"),
            "quiz.json: entry 1: at.k: 2 is not in round 1 (k = 4..7)");
  EXPECT_EQ(refusal(R"({"at": {"round": 0, "phase": "full"}, "ask": "improves"})"),
            "quiz.json: entry 1: at.phase: full is plain Floyd-Warshall's one pass; this run is blocked (pivot, rowcol, "
            "independent)");
  EXPECT_EQ(refusal(R"({"at": {"round": 0, "rund": 1}, "ask": "improves"})"), "quiz.json: entry 1: at.rund: unknown key \"rund\"");
  EXPECT_EQ(refusal(R"({"at": "start", "ask": "improves"})"),
            "quiz.json: entry 1: at: expected {\"round\", \"phase\", \"k\"}, found string");
  EXPECT_EQ(refusal(R"({"at": {"round": 0}, "ask": "improves", "block": [2, 0]})"), "quiz.json: entry 1: block [2, 0] outside 0..1");
  EXPECT_EQ(refusal(R"({"at": {"round": 0}, "ask": "value", "cell": [1, 2], "answer": {"cells": []}})"),
            "quiz.json: entry 1: a \"value\" question takes \"answer\": {\"value\": ...}");
  EXPECT_EQ(refusal(R"({"at": {"round": 0}, "ask": "value", "cell": [1, 2], "anwser": {"value": 3}})"),
            "quiz.json: entry 1: unknown key 'anwser'");
  EXPECT_EQ(refusal(R"({"at": {"round": 0}, "step": "phase", "ask": "value", "cell": [1, 2], "answer": {"value": 1.5}})"),
            "quiz.json: entry 1: \"value\" is not a whole number or \"inf\"");
  EXPECT_EQ(refusal(R"({"at": {"round": 0}, "step": "k", "ask": "guess"})"), "quiz.json: entry 1: \"ask\" is not improves or value");
  EXPECT_EQ(refusal(R"({"at": {"round": 0}, "step": "phase", "ask": "improves"}, 3)"),
            "quiz.json: entry 2: not an object {\"at\", \"step\", \"ask\", ...}");
  EXPECT_THROW(teach::quiz_from_json(nlohmann::json::array(), "quiz.json", teach::QuizRun{8, 4, true}), InputError);
}

TEST(Quiz, JsonRoundTrip) {
  const teach::QuizRun run{8, 4, true};
  for (const char* text : {R"({"at": {"round": 1, "phase": "rowcol", "k": 5}, "step": "k", "ask": "value", "cell": [1, 2]})",
                           R"({"at": {"round": 0, "phase": "independent", "k": 0}, "step": "phase", "ask": "improves", "block": [1, 1], "prompt": "Which?"})",
                           R"({"at": {"round": 1, "phase": "pivot", "k": 4}, "step": "round", "ask": "improves"})"}) {
    const nlohmann::json j = nlohmann::json::parse(text);
    const teach::QuizQuestion q = teach::question_from_json(j, "x", run);
    EXPECT_EQ(teach::to_json(q, run), j);
    EXPECT_EQ(teach::to_json(teach::question_from_json(teach::to_json(q, run), "x", run), run), j);
  }
  const teach::QuizQuestion q = teach::question_from_json(nlohmann::json::parse(R"({"at": {"k": 6}, "step": "k", "ask": "improves"})"), "x", run);
  EXPECT_EQ(q.at.round, 1);
  EXPECT_EQ(q.at.k, 2);  // the cursor's offset inside round 1
  for (const char* text : {R"({"cells": [[0, 1], [2, 3]]})", R"({"value": 7})", R"({"value": "inf"})", R"({"value": -3})"}) {
    const nlohmann::json j = nlohmann::json::parse(text);
    EXPECT_EQ(teach::to_json(teach::answer_from_json(j, "x")), j);
  }
}

TEST(Quiz, DefaultQuestionsFollowThePhasesBlocks) {
  const teach::QuizRun run{8, 2, true};  // 4 x 4 blocks
  auto blocks = [&](Phase p, teach::QuizStep s) {
    std::vector<QuizCell> out;
    for (const auto& q : teach::questions_for_step(run, Cursor{1, p, 0, false}, s)) out.emplace_back(q.block_row, q.block_col);
    return out;
  };
  EXPECT_EQ(blocks(Phase::Pivot, teach::QuizStep::Phase), (std::vector<QuizCell>{{1, 1}}));
  EXPECT_EQ(blocks(Phase::PivotRowCol, teach::QuizStep::K),
            (std::vector<QuizCell>{{1, 0}, {1, 2}, {1, 3}, {0, 1}, {2, 1}, {3, 1}}));
  EXPECT_EQ(blocks(Phase::Independent, teach::QuizStep::Phase).size(), 9u);
  EXPECT_EQ(blocks(Phase::Pivot, teach::QuizStep::Round).size(), 16u);
  const auto plain = teach::questions_for_step(teach::QuizRun{8, 2, false}, Cursor{1, Phase::Full, 0, false}, teach::QuizStep::K);
  ASSERT_EQ(plain.size(), 1u);
  EXPECT_EQ(plain[0].block_row, -1);
}

}  // namespace
}  // namespace apsp
