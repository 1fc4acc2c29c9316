// Predict mode's jobs on the session's worker: Reveal plays the open question through the quiz's own path
// (ActiveRun::travel_with and apsp/teach/quiz.h play_question: the right answer read from the solver's matrix
// before and after the step), and keeps the record of questions revealed for the snapshot.
#include <memory>
#include <string>
#include <utility>

#include "session/quiz_job.h"
#include "session/solver_session.h"

namespace apsp::studio {
namespace {

std::string describe_outcome(const teach::QuizOutcome& o, const teach::QuizScore& score) {
  std::string text = "predict: ";
  if (o.question.ask == teach::QuizAsk::Value) {
    text += o.mark.right ? "right" : "wrong";
    text += ", d[" + std::to_string(o.question.i) + "][" + std::to_string(o.question.j) + "] = " +
            (o.expected.value == kInf32 ? std::string("INF") : std::to_string(o.expected.value));
  } else {
    text += o.mark.right ? "right" : "not quite";
    text += " (" + std::to_string(o.mark.hit.size()) + " found, " + std::to_string(o.mark.missed.size()) +
            " missed, " + std::to_string(o.mark.extra.size()) + " extra)";
  }
  return text + "; score " + std::to_string(score.right) + " / " + std::to_string(score.asked);
}

bool same_run(const teach::QuizRun& a, const teach::QuizRun& b) {
  return a.n == b.n && a.block == b.block && a.blocked == b.blocked;
}

}  // namespace

void SolverSession::reveal_async(teach::QuizQuestion q, teach::QuizAnswer a) {
  post("reveal", [this, q = std::move(q), a = std::move(a)] {
    ActiveRun& run = active_run();
    teach::QuizRun quiz_run;
    teach::QuizOutcome outcome;
    // The view then marks what the step changed, as after any step (also right after going back, which forgets
    // the view before).
    guard_solve([&] {
      run.travel_with(
          [&](Solver& solver, teach::TimeTravel& travel) {
            quiz_run = teach::QuizRun{solver.n(), solver.options().block, solver.blocked()};
            outcome = teach::play_question(travel, solver, q, a, "predict");
          },
          true);
    });
    // One record per lesson: a question on another size or block starts a new one.
    auto record = m_quiz && same_run(m_quiz->run, quiz_run) ? std::make_shared<QuizResults>(*m_quiz)
                                                            : std::make_shared<QuizResults>();
    record->run = quiz_run;
    record->outcomes.push_back(std::move(outcome));
    m_log.info(describe_outcome(record->outcomes.back(), record->score()));
    // A step that ran into a negative cycle is still marked (the quiz keeps the error's text): the status line
    // says the solve stopped, as after any other step.
    if (!record->outcomes.back().stopped.empty()) m_stopped = record->outcomes.back().stopped;
    m_quiz = std::move(record);
    inspect();
    publish(true);
  });
}

void SolverSession::reset_quiz_async() {
  post("reset score", [this] {
    m_quiz.reset();
    publish(false);
  });
}

}  // namespace apsp::studio
