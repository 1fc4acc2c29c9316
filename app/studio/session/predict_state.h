#pragma once
// Predict mode: before a step is shown the class answers its question ("which cells of this block improve?",
// "what will d[i][j] be?"), then Reveal takes the step and marks the answer. Three parts, each with one writer:
//   PredictState  (AppState::predict, the router): the mode, the question open for the next step, the cells
//                 marked so far. The step is simply not taken until Reveal, so the heatmap keeps the state before it.
//   PredictEdits  (PanelEdits::predict, the panel): the typed value and the results file's name.
//   QuizResults   (SessionSnapshot::quiz, the session's worker; session/quiz_job.h): every question revealed, its
//                 marks, the run they were asked on; a question on another size or block starts a new record.
// The questions, right answers, marks and explanations are the engine's quiz (apsp/teach/quiz.h). No GL, no ImGui.
#include <apsp/report/export_context.h>
#include <apsp/solve/solver.h>
#include <apsp/teach/quiz.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "session/classroom_state.h"

namespace apsp::studio {

struct PredictState {
  bool on = false;
  /// The step a question is asked for when predict mode starts (--predict-step); the step keys ask for their own.
  teach::QuizStep step = teach::QuizStep::Phase;
  std::optional<teach::QuizQuestion> question;  ///< asked at question->at, not revealed yet
  teach::QuizAnswer answer;                     ///< the cells marked so far (Improves)
};

struct PredictEdits {
  std::string value_text;                          ///< the value typed for a Value question ("5", "inf")
  std::string results_path = "quiz-results.json";  ///< "Export score"
};

struct QuizResults;  // session/quiz_job.h

/// @brief The solve as the quiz sees it: its size, block and whether it has three phases.
teach::QuizRun quiz_run_of(int n, int block, bool blocked);

/// @brief The question predict mode asks for the step of @p step from @p at: "what will d[i][j] be?" for the
/// selected cell @p selected, else the engine's first question for that step (questions_for_step). nullopt
/// when the solve is finished.
std::optional<teach::QuizQuestion> predict_question(const teach::QuizRun& run, const Cursor& at, teach::QuizStep step,
                                                    CellRef selected);

/// @brief The open question: asked at the cursor the solve is at now (a step back, a reset or a load leaves it
/// stale, and it is dropped); null when none.
const teach::QuizQuestion* open_question(const PredictState& predict, const Cursor& now);

/// @brief The outcome whose marks the heatmap shows: the last one revealed, while the solve stands where its step
/// ended and no new question is open; null otherwise.
const teach::QuizOutcome* shown_outcome(const QuizResults* record, const PredictState& predict, const Cursor& now);

/// @brief "1:2,0:3" -> {(1, 2), (0, 3)}; "" -> none. Throws UsageError naming the bad part.
std::vector<teach::QuizCell> parse_answer_cells(const std::string& text);
/// @brief "5", "-3", "inf" -> the distance (kInf32 for inf). Throws UsageError with one line otherwise.
std::int32_t parse_answer_value(const std::string& text);

/// @brief Export score and --predict-results: the quiz's results document (session/quiz_job.h write_quiz_results).
/// Throws UsageError when nothing was revealed yet.
void write_predict_results(const std::string& path, const QuizResults* record, const ExportContext& context);

/// @brief --stats-json's "quiz": the mode, the open question, the score and the last outcome's marks.
nlohmann::json quiz_stats_json(const PredictState& predict, const QuizResults* record, const teach::QuizRun& run,
                               const Cursor& now);

}  // namespace apsp::studio
