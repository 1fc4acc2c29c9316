#include "quiz_script.h"

#include <apsp/core/errors.h>

#include <cstdio>

namespace apsp::studio {

std::shared_ptr<QuizResults> play_scripted_quiz(App& app, const StudioOptions& options,
                                                const std::function<void()>& wait_idle, int& status) {
  status = exit_status::kOk;
  if (options.quiz.empty()) return nullptr;
  SolverSession& session = app.session();
  auto results = std::make_shared<QuizResults>();
  play_quiz_file_async(session, options.quiz, results);
  wait_idle();
  if (const std::optional<JobFailure> failure = session.take_failure()) {
    // The job's failure is in the log already ("quiz FILE: ..."): a batch run also says it and exits with it.
    if (app.plan().batch) {
      std::fprintf(stderr, "apsp-studio: --quiz: %s\n", failure->message.c_str());
      status = failure->exit_code;
    }
    return nullptr;
  }
  app.log().info(quiz_summary(*results));
  return results;
}

void write_scripted_quiz_results(App& app, const StudioOptions& options, const QuizResults& results) {
  if (options.quiz_results.empty()) return;
  write_quiz_results(options.quiz_results, options.quiz, results, app.export_context());
  app.log().wrote(options.quiz_results, "the quiz's score and marks, JSON");
}

}  // namespace apsp::studio
