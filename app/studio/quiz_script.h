#pragma once
// --quiz FILE [--quiz-results OUT]: the quiz played on the loaded run after the classroom flags (the questions
// move the run to their own steps), its score in the log, its marks written to OUT at exit (with the export
// context of the window, current by then).
#include <functional>
#include <memory>

#include "app.h"
#include "options.h"
#include "session/quiz_job.h"

namespace apsp::studio {

/// @brief Plays --quiz when given; @p wait_idle waits for the session (polling a stop request). Returns the
/// results, or null without --quiz or when the quiz failed: then a batch run has printed one line on stderr and
/// @p status is its exit status; an interactive run's log says why and @p status stays 0.
std::shared_ptr<QuizResults> play_scripted_quiz(App& app, const StudioOptions& options,
                                                const std::function<void()>& wait_idle, int& status);

/// @brief Writes --quiz-results (nothing without it); throws what the write throws.
void write_scripted_quiz_results(App& app, const StudioOptions& options, const QuizResults& results);

}  // namespace apsp::studio
