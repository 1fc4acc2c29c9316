// Predict mode: the question open for the next step, the cells the class marks, Reveal (the session takes the
// step and marks the answer), the score's file. The step is not taken before Reveal, so nothing of it shows.
#include <apsp/core/errors.h>

#include <algorithm>
#include <string>

#include "command_router.h"
#include "session/quiz_job.h"
#include "session/step_position.h"

namespace apsp::studio {
namespace {

std::string cell_text(const teach::QuizCell& c) {
  std::string text(1, '(');  // appended piecewise: "(" + std::to_string() trips GCC 12's -Wrestrict false positive
  text += std::to_string(c.first);
  text += ", ";
  text += std::to_string(c.second);
  return text + ")";
}

teach::QuizStep quiz_step_of(Granularity g) {
  switch (g) {
    case Granularity::KStep:
      return teach::QuizStep::K;
    case Granularity::Round:
      return teach::QuizStep::Round;
    default:
      return teach::QuizStep::Phase;
  }
}

}  // namespace

void CommandRouter::ask_question(teach::QuizStep step) {
  const SessionSnapshot& s = m_t.state.session;
  PredictState& p = m_t.state.predict;
  p.question.reset();
  p.answer = teach::QuizAnswer{};
  m_t.state.edits.predict.value_text.clear();
  if (!s.has_solver || s.sparse) {
    m_t.log.warning("predict mode asks about Floyd–Warshall's steps: load a graph with a dense solver");
    return;
  }
  const bool blocked = !plain_run(s);
  if (!blocked) step = teach::QuizStep::K;  // plain Floyd–Warshall is stepped by k (step_unit())
  // A question the lesson file prepared for this very position comes first: the teacher chose it for the class.
  const std::vector<teach::QuizQuestion>& prepared = m_t.state.lesson.questions;
  const auto lesson_question = std::find_if(prepared.begin(), prepared.end(),
                                            [&](const teach::QuizQuestion& q) { return q.at == s.cursor; });
  p.question = lesson_question != prepared.end()
                   ? std::optional<teach::QuizQuestion>(*lesson_question)
                   : predict_question(quiz_run_of(s.n, s.config.block, blocked), s.cursor, step,
                                      m_t.state.classroom.selected);
  if (!p.question) {
    m_t.log.info("predict: the solve is finished, nothing left to predict (R restarts it)");
    return;
  }
  m_t.log.info(p.question->ask == teach::QuizAsk::Value
                   ? "predict: what will d[" + std::to_string(p.question->i) + "][" + std::to_string(p.question->j) +
                         "] be after this step? Type it, then Reveal"
                   : std::string("predict: which cells of the block will improve? Click them, then Reveal"));
}

void CommandRouter::on(const CmdSetPredict& c) {
  PredictState& p = m_t.state.predict;
  if (c.step) p.step = *c.step;
  const bool on = c.on.value_or(!p.on);
  if (on == p.on && !c.step) return;
  p.on = on;
  if (!on) {
    p.question.reset();
    m_t.log.info("predict mode off");
    return;
  }
  m_t.state.playback.playing = false;  // predicting while playing would show every step unasked
  m_t.log.info("predict mode on: each step asks first; Right (or Reveal) shows it");
  ask_question(plain_run(m_t.state.session) ? teach::QuizStep::K : p.step);
}

bool CommandRouter::predict_instead_of_step(Granularity g) {
  PredictState& p = m_t.state.predict;
  if (!p.on) return false;
  if (open_question(p, m_t.state.session.cursor)) {
    on(CmdPredictReveal{m_t.state.edits.predict.value_text});
  } else {
    ask_question(quiz_step_of(g));
  }
  return true;
}

void CommandRouter::on(const CmdPredictToggleCell& c) {
  PredictState& p = m_t.state.predict;
  const teach::QuizQuestion* q = open_question(p, m_t.state.session.cursor);
  if (!q || q->ask != teach::QuizAsk::Improves) return;
  const SessionSnapshot& s = m_t.state.session;
  const teach::QuizArea area = teach::area_of(*q, s.n, std::max(1, s.config.block));
  const teach::QuizCell cell{c.cell.i, c.cell.j};
  if (!area.contains(cell.first, cell.second)) {
    m_t.log.info("predict: cell " + cell_text(cell) + " is outside the block asked about (rows " +
                 std::to_string(area.row_begin) + ".." + std::to_string(area.row_end - 1) + ", columns " +
                 std::to_string(area.col_begin) + ".." + std::to_string(area.col_end - 1) + ")");
    return;
  }
  std::vector<teach::QuizCell>& cells = p.answer.cells;
  const auto it = std::lower_bound(cells.begin(), cells.end(), cell);
  if (it != cells.end() && *it == cell)
    cells.erase(it);
  else
    cells.insert(it, cell);
  p.answer.given = true;  // an empty set, once cells were marked and unmarked, still says "none improves"
}

void CommandRouter::on(const CmdPredictReveal& c) {
  PredictState& p = m_t.state.predict;
  const teach::QuizQuestion* q = open_question(p, m_t.state.session.cursor);
  if (!q) throw UsageError("predict: no question is open (Right asks the next step's question)");
  teach::QuizAnswer answer = p.answer;
  if (q->ask == teach::QuizAsk::Value) {
    answer.cells.clear();
    answer.given = !c.value_text.empty();
    if (answer.given) answer.value = parse_answer_value(c.value_text);  // a bad value keeps the question open
  } else {
    answer.given = true;  // no cell marked: "none of them improves", itself an answer
  }
  m_t.state.playback.playing = false;
  m_t.session.reveal_async(*q, answer);
  p.question.reset();
  p.answer = teach::QuizAnswer{};
  m_t.state.edits.predict.value_text.clear();
}

void CommandRouter::on(const CmdExportQuizResults& c) {
  const std::shared_ptr<const QuizResults> record = m_t.state.session.quiz;
  write_predict_results(c.path, record.get(), m_t.frame.export_context());
  m_t.log.wrote(c.path, quiz_summary(*record) + ", JSON");
  m_t.state.last_written = c.path;
}

void CommandRouter::on(const CmdResetQuizScore&) { m_t.session.reset_quiz_async(); }

}  // namespace apsp::studio
