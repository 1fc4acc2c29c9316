// Predict mode from the command line (--predict, --answer-cells, --answer-value, --reveal, --predict-results): the
// same Commands the keys, clicks and buttons emit, queued for the first frame; bad answers are refused here, before
// any frame, with one line and exit status 2.
#include <apsp/core/errors.h>

#include <cstdio>
#include <string>

#include "run_driver.h"
#include "session/step_position.h"

namespace apsp::studio {
namespace {

int refuse(const char* flag, const std::string& why) {
  std::fprintf(stderr, "apsp-studio: %s: %s\n", flag, why.c_str());
  return exit_status::kUsage;
}

teach::QuizStep quiz_step_named(const std::string& name) {
  if (name == "k") return teach::QuizStep::K;
  if (name == "round") return teach::QuizStep::Round;
  return teach::QuizStep::Phase;
}

}  // namespace

int RunDriver::apply_predict_flags() {
  if (!m_options.predict) return 0;
  SolverSession& session = m_app.session();
  session.wait_idle();
  const SessionSnapshot s = session.snapshot();
  const bool blocked = !plain_run(s);
  const teach::QuizStep step = blocked ? quiz_step_named(m_options.predict_step) : teach::QuizStep::K;
  // The question the first frame will ask (the router asks it with the same function from the same state).
  std::optional<teach::QuizQuestion> question;
  if (s.has_solver && !s.sparse)
    question = predict_question(quiz_run_of(s.n, s.config.block, blocked), s.cursor, step,
                                CellRef{s.inspection.i, s.inspection.j});
  const bool answers = !m_options.answer_cells.empty() || !m_options.answer_value.empty() || m_options.reveal;
  if (answers && !question)
    return refuse("--predict", s.cursor.finished ? "the solve is finished: no step left to ask about"
                                                 : "predict mode needs a Floyd–Warshall solver (not a sparse one)");
  std::vector<teach::QuizCell> cells;
  if (!m_options.answer_cells.empty()) {
    try {
      cells = parse_answer_cells(m_options.answer_cells);
    } catch (const Error& e) {
      return refuse("--answer-cells", e.what());
    }
    if (question->ask != teach::QuizAsk::Improves)
      return refuse("--answer-cells", "the question asks for d[i][j]'s value (a cell is selected): give --answer-value");
    const teach::QuizArea area = teach::area_of(*question, s.n, std::max(1, s.config.block));
    for (const teach::QuizCell& c : cells) {
      if (!area.contains(c.first, c.second))
        return refuse("--answer-cells", std::to_string(c.first) + ":" + std::to_string(c.second) +
                                            " is outside the block asked about (rows " +
                                            std::to_string(area.row_begin) + ".." + std::to_string(area.row_end - 1) +
                                            ", columns " + std::to_string(area.col_begin) + ".." +
                                            std::to_string(area.col_end - 1) + ")");
    }
  }
  if (!m_options.answer_value.empty()) {
    try {
      (void)parse_answer_value(m_options.answer_value);
    } catch (const Error& e) {
      return refuse("--answer-value", e.what());
    }
    if (question->ask != teach::QuizAsk::Value)
      return refuse("--answer-value",
                    "the question asks which cells improve; --select I:J asks for a cell's value instead");
  }
  CommandQueue& commands = m_app.commands();
  commands.push(CmdSetPredict{true, step});
  for (const teach::QuizCell& c : cells) commands.push(CmdPredictToggleCell{CellRef{c.first, c.second}});
  if (m_options.reveal) commands.push(CmdPredictReveal{m_options.answer_value});
  return 0;
}

void RunDriver::write_predict_results() {
  SolverSession& session = m_app.session();
  session.wait_idle();
  const SessionSnapshot s = session.snapshot();
  studio::write_predict_results(m_options.predict_results, s.quiz.get(), m_app.export_context());
  m_app.log().wrote(m_options.predict_results, "the quiz's score, JSON");
}

}  // namespace apsp::studio
