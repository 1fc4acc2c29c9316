// Predict mode through the command router, without a display, on a real cpu-blocked session: a step asked for
// while predict mode is on asks its question and does not move the solve; Reveal takes exactly that step and its
// marks are the engine quiz's mark() against the right answer read from an independent solver's matrices.
#include <apsp/core/errors.h>
#include <apsp/solve/registry.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "router_fixture.h"
#include "session/quiz_job.h"

namespace apsp::studio {
namespace {

// cities8 at B = 2: four rounds, each phase writes a few blocks of four cells.
constexpr const char* kCities = "classroom:cities8";

class PredictRouterTest : public testing::RouterFixture {
 protected:
  PredictRouterTest() {
    state.edits.solver.backend = "cpu-blocked";
    state.edits.solver.block = 2;
  }

  /// As the frame does, and the inspector's cell selected as a click would.
  void settle() {
    RouterFixture::settle();
    state.classroom.selected = CellRef{state.session.inspection.i, state.session.inspection.j};
  }
  void load() {
    load_generated(kCities);
    settle();
    ASSERT_EQ(state.session.config.block, 2);
  }
  /// The right answer from a solver of its own, stepped as the session's: @p steps phases, then @p g.
  teach::QuizExpected independent_answer(const teach::QuizQuestion& q, int phases_before, Granularity g) {
    SolverOptions options;
    options.block = state.session.config.block;
    options.threads = 1;
    auto solver = create_solver("cpu-blocked", options);
    solver->reset(to_distance_matrix(*state.session.loaded_graph, options.block, DType::I32));
    for (int p = 0; p < phases_before; ++p) solver->step(Granularity::Phase);
    EXPECT_EQ(solver->cursor(), q.at);
    DistanceMatrix before, after;
    solver->read(before);
    solver->step(g);
    solver->read(after);
    return teach::expected_answer(q, before, after, options.block);
  }
};

TEST_F(PredictRouterTest, AStepAsksFirstAndIsTakenOnlyAtReveal) {
  load();
  router.apply(CmdStep{Granularity::Phase});  // round 0, phase 1 done
  settle();
  const Cursor start = state.session.cursor;
  router.apply(CmdSetPredict{true, teach::QuizStep::Phase});
  ASSERT_TRUE(state.predict.on);
  const teach::QuizQuestion* q = open_question(state.predict, state.session.cursor);
  ASSERT_NE(q, nullptr) << log.to_text();
  EXPECT_EQ(q->ask, teach::QuizAsk::Improves);
  EXPECT_EQ(q->at, start);
  const teach::QuizQuestion question = *q;
  // Marking cells and asking for the step again (Right) takes no step: the heatmap keeps the state before it.
  const teach::QuizArea area = teach::area_of(question, state.session.n, state.session.config.block);
  router.apply(CmdPredictToggleCell{CellRef{area.row_begin, area.col_begin}});
  router.apply(CmdPredictToggleCell{CellRef{area.row_end - 1, area.col_end - 1}});
  router.apply(CmdPredictToggleCell{CellRef{area.row_end - 1, area.col_end - 1}});  // unmarked again
  router.apply(CmdPredictToggleCell{CellRef{area.row_end, area.col_end}});          // outside: ignored
  router.apply(CmdTogglePlaying{});  // play is refused while predicting
  EXPECT_FALSE(state.playback.playing);
  settle();
  EXPECT_EQ(state.session.cursor, start);
  EXPECT_EQ(state.session.inspection.steps_taken, 1u);
  EXPECT_EQ(state.predict.answer.cells, (std::vector<teach::QuizCell>{{area.row_begin, area.col_begin}}));
  EXPECT_EQ(state.session.quiz, nullptr);

  router.apply(CmdStep{Granularity::Phase});  // Right again: Reveal
  settle();
  EXPECT_EQ(state.session.inspection.steps_taken, 2u);
  EXPECT_NE(state.session.cursor, start);
  ASSERT_TRUE(state.session.quiz) << log.to_text();
  ASSERT_EQ(state.session.quiz->outcomes.size(), 1u);
  const teach::QuizOutcome& o = state.session.quiz->outcomes.back();
  EXPECT_EQ(o.after, state.session.cursor);
  // The marks are the engine's, against the answer an independent solver gives for the same step.
  const teach::QuizExpected expected = independent_answer(question, 1, Granularity::Phase);
  EXPECT_EQ(o.expected.improved, expected.improved);
  teach::QuizAnswer given;
  given.cells = {{area.row_begin, area.col_begin}};
  given.given = true;
  const teach::QuizMark m = teach::mark(question, given, expected);
  EXPECT_EQ(o.mark.right, m.right);
  EXPECT_EQ(o.mark.hit, m.hit);
  EXPECT_EQ(o.mark.missed, m.missed);
  EXPECT_EQ(o.mark.extra, m.extra);
  EXPECT_EQ(state.session.quiz->score().asked, 1);
  EXPECT_EQ(state.session.quiz->score().right, m.right ? 1 : 0);
  EXPECT_EQ(o.explanation.empty(), m.right);
  // The marks show while the solve stands where the step ended; the next Right asks the next question.
  EXPECT_EQ(shown_outcome(state.session.quiz.get(), state.predict, state.session.cursor), &o);
  router.apply(CmdStep{Granularity::KStep});
  ASSERT_NE(open_question(state.predict, state.session.cursor), nullptr);
  EXPECT_EQ(state.predict.question->step, teach::QuizStep::K);
  EXPECT_EQ(shown_outcome(state.session.quiz.get(), state.predict, state.session.cursor), nullptr);
}

TEST_F(PredictRouterTest, ASelectedCellAsksForItsValue) {
  load();
  router.apply(CmdStep{Granularity::Phase});
  router.apply(CmdStep{Granularity::Phase});  // round 0 before phase 3: (7, 2) goes from INF to 7
  router.apply(CmdSelectCell{CellRef{7, 2}});
  settle();
  router.apply(CmdSetPredict{true, teach::QuizStep::Phase});
  const teach::QuizQuestion* q = open_question(state.predict, state.session.cursor);
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q->ask, teach::QuizAsk::Value);
  EXPECT_EQ(std::pair(q->i, q->j), std::pair(7, 2));
  const teach::QuizQuestion question = *q;
  EXPECT_THROW(router.apply(CmdPredictReveal{"seven"}), UsageError);  // a bad value keeps the question open
  ASSERT_NE(open_question(state.predict, state.session.cursor), nullptr);
  router.apply(CmdPredictReveal{"inf"});
  settle();
  ASSERT_TRUE(state.session.quiz);
  const teach::QuizOutcome& o = state.session.quiz->outcomes.back();
  const teach::QuizExpected expected = independent_answer(question, 2, Granularity::Phase);
  EXPECT_EQ(o.expected.value, expected.value);
  EXPECT_EQ(o.expected.value, 7);
  EXPECT_FALSE(o.mark.right);
  ASSERT_FALSE(o.explanation.empty());
  EXPECT_NE(o.explanation.front().find('7'), std::string::npos) << o.explanation.front();

  // The score as JSON, the quiz's results document.
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "apsp-predict-router-test";
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "score.json").string();
  router.apply(CmdExportQuizResults{path});
  std::ifstream in(path);
  const nlohmann::json doc = nlohmann::json::parse(in);
  EXPECT_EQ(doc["score"]["asked"], 1);
  EXPECT_EQ(doc["score"]["right"], 0);
  EXPECT_EQ(doc["questions"].size(), 1u);
  std::filesystem::remove_all(dir);
  router.apply(CmdResetQuizScore{});
  settle();
  EXPECT_EQ(state.session.quiz, nullptr);
  EXPECT_THROW(router.apply(CmdExportQuizResults{path}), UsageError);
}

TEST_F(PredictRouterTest, GoingBackDropsTheOpenQuestion) {
  load();
  router.apply(CmdStep{Granularity::Round});
  settle();
  router.apply(CmdSetPredict{true, std::nullopt});
  ASSERT_NE(open_question(state.predict, state.session.cursor), nullptr);
  router.apply(CmdStepBack{teach::TravelUnit::Phase, 1});
  settle();
  EXPECT_EQ(open_question(state.predict, state.session.cursor), nullptr);
  EXPECT_THROW(router.apply(CmdPredictReveal{}), UsageError);
  router.apply(CmdSetPredict{false, std::nullopt});
  const Cursor before = state.session.cursor;
  router.apply(CmdStep{Granularity::Phase});  // predict mode off: steps at once again
  settle();
  EXPECT_NE(state.session.cursor, before);
}

TEST_F(PredictRouterTest, ALessonQuestionForThisPositionIsAskedFirst) {
  load();
  router.apply(CmdStep{Granularity::Phase});  // round 0, phase 1 done: the next step is phase 2
  settle();
  // The stop's prepared question: a value the default (no cell selected) would never ask, and one for another
  // position, which must not be asked here.
  teach::QuizQuestion prepared;
  prepared.at = state.session.cursor;
  prepared.step = teach::QuizStep::Phase;
  prepared.ask = teach::QuizAsk::Value;
  prepared.i = 1;
  prepared.j = 2;
  teach::QuizQuestion elsewhere = prepared;
  elsewhere.at.round = 1;
  elsewhere.i = 3;
  state.lesson.questions = {elsewhere, prepared};
  state.classroom.selected = CellRef{};
  router.apply(CmdSetPredict{true, teach::QuizStep::Phase});
  const teach::QuizQuestion* q = open_question(state.predict, state.session.cursor);
  ASSERT_NE(q, nullptr) << log.to_text();
  EXPECT_EQ(q->ask, teach::QuizAsk::Value);
  EXPECT_EQ(q->i, 1);
  EXPECT_EQ(q->j, 2);
  // Without a prepared question for the position, the step's own question comes back.
  state.lesson.questions = {elsewhere};
  router.apply(CmdSetPredict{false, std::nullopt});
  router.apply(CmdSetPredict{true, teach::QuizStep::Phase});
  q = open_question(state.predict, state.session.cursor);
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q->ask, teach::QuizAsk::Improves);
}

}  // namespace
}  // namespace apsp::studio
