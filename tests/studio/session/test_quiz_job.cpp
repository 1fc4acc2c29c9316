// The quiz on the session's run, as --quiz plays it: a file read on the worker, each question moved to and
// stepped through the session's own time travel, the state left where the last question's step ended, and a
// sparse solve (no history to travel) refused with one line.
#include <apsp/core/errors.h>
#include <apsp/io/graph_source.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "session/quiz_job.h"
#include "session/solver_session.h"

namespace apsp::studio {
namespace {

class QuizJob : public testing::Test {
 protected:
  QuizJob() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "apsp-quiz-XXXXXX").string();
    if (!::mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
    m_dir = tmpl;
  }
  ~QuizJob() override {
    std::error_code ec;
    std::filesystem::remove_all(m_dir, ec);
  }
  std::string file(const std::string& name, const std::string& text) const {
    const std::string path = (m_dir / name).string();
    std::ofstream(path) << text;
    return path;
  }
  void load(const std::string& backend) {
    SolverConfig c;
    c.backend = backend;
    c.block = 2;
    c.threads = 1;
    session.load_async(GraphSource::generator("classroom:textbook4"), c);
    session.wait_idle();
    ASSERT_FALSE(session.take_failure());
  }

  std::filesystem::path m_dir;
  Log log;
  SolverSession session{log, kDefaultViewBudget, 1};
};

TEST_F(QuizJob, PlaysEachQuestionFromItsOwnStepAndStopsWhereTheLastEnded) {
  load("cpu-blocked");
  session.step_async(Granularity::Round, 2);  // finished: the quiz goes back by itself
  const std::string quiz = file("q.json", R"([
    {"at": {"round": 1, "phase": "rowcol"}, "step": "phase", "ask": "improves", "block": [1, 0],
     "answer": {"cells": [[2, 0], [2, 1]]}},
    {"at": {"round": 0, "phase": "rowcol"}, "step": "phase", "ask": "improves", "block": [0, 1],
     "answer": {"cells": []}}])");
  auto results = std::make_shared<QuizResults>();
  play_quiz_file_async(session, quiz, results);
  session.wait_idle();
  ASSERT_FALSE(session.take_failure());
  ASSERT_EQ(results->outcomes.size(), 2u);
  EXPECT_TRUE(results->outcomes[0].mark.right);
  EXPECT_FALSE(results->outcomes[1].mark.right);
  EXPECT_EQ(quiz_summary(*results), "quiz: 1 of 2 right (cells: 2 hit, 1 missed, 0 extra)");
  const SessionSnapshot s = session.snapshot();
  EXPECT_EQ(s.cursor, (Cursor{0, Phase::Independent, 0, false}));  // after round 0's phase 2
  // The reveal: the view marks what that last step changed, (1, 2) 3 -> 2 and (3, 0) INF -> 3.
  ASSERT_TRUE(s.view);
  EXPECT_EQ(s.view->improved, 2u);
}

TEST_F(QuizJob, BadEntryFailsTheJobWithOneLine) {
  load("cpu-blocked");
  const std::string quiz = file("q.json", R"([{"at": {"round": 0}, "ask": "value", "cell": [4, 0]}])");
  auto results = std::make_shared<QuizResults>();
  play_quiz_file_async(session, quiz, results);
  session.wait_idle();
  const auto failure = session.take_failure();
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure->message, quiz + ": entry 1: cell [4, 0] outside 0..3");
  EXPECT_EQ(failure->exit_code, exit_status::kUsage);
}

TEST_F(QuizJob, SparseSolveIsRefused) {
  load("cpu-dijkstra");
  auto results = std::make_shared<QuizResults>();
  play_quiz_file_async(session, file("q.json", R"([{"at": {"round": 0}, "ask": "improves"}])"), results);
  session.wait_idle();
  const auto failure = session.take_failure();
  ASSERT_TRUE(failure);
  EXPECT_NE(failure->message.find("sparse"), std::string::npos) << failure->message;
}

}  // namespace
}  // namespace apsp::studio
