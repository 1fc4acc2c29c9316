#pragma once
// The quiz on the session's run: a quiz file's questions played one after another on the worker thread (each
// moved to, its step taken, its answer marked: apsp/teach/quiz.h), and the results document --quiz-results
// writes. No GL: the scripted quiz and the session tests share it.
#include <apsp/report/export_context.h>
#include <apsp/teach/quiz.h>

#include <memory>
#include <string>
#include <vector>

#include "session/solver_session.h"

namespace apsp::studio {

struct QuizResults {
  teach::QuizRun run;                        ///< n, B and blocked of the run the quiz was played on
  std::vector<teach::QuizOutcome> outcomes;  ///< one per question played, in the file's order
  teach::QuizScore score() const;
};

/// @brief Queues the quiz in @p path on @p session: read and checked against the current run (a bad file or
/// entry fails the job with one line naming the file and the entry), then every question in order. @p out is
/// filled on the worker; read it once the session is idle.
void play_quiz_file_async(SolverSession& session, std::string path, std::shared_ptr<QuizResults> out);

/// @brief "quiz: 5 of 9 right (cells: 8 hit, 1 missed, 2 extra)".
std::string quiz_summary(const QuizResults& results);

/// @brief {"quiz": FILE, "score", "questions", "context"} written atomically to @p path.
void write_quiz_results(const std::string& path, const std::string& quiz_file, const QuizResults& results,
                        const ExportContext& context);

}  // namespace apsp::studio
