#pragma once
// Predict mode on screen (session/predict_state.h): the question under the heatmap's title, the marks on the
// cells, the Predict section of the controls (and its presentation overlay), the typed value and the score.
// Panels read AppState and emit Commands; the value typed and the results path are PanelEdits::predict.
#include <imgui.h>

#include <string>

#include "session/app_state.h"
#include "session/commands.h"

namespace apsp::studio {

/// @brief The four marks of predict mode, told apart by shape (and only then by colour), so that they keep their
/// meaning in every colormap and for colour-blind viewers.
enum class QuizMarkKind {
  Picked,  ///< marked by the class, not revealed yet: a diamond
  Hit,     ///< marked and improved: a check mark
  Missed,  ///< improved, not marked: a ring
  Extra,   ///< marked, not improved: a cross
};

/// @brief One mark centred in a square of side @p size at @p centre, with a dark halo.
void draw_quiz_mark(ImDrawList* draw, QuizMarkKind kind, ImVec2 centre, float size);

/// @brief The marks on the heatmap canvas: the asked block's dashed outline and the cells marked (question
/// open), or the revealed answer's hit, missed and extra cells. Only for one texel per cell (classroom sizes).
void draw_quiz_marks(const AppState& state, ImVec2 canvas_min, ImVec2 canvas);

/// @brief The line under the heatmap's title: the open question, or the revealed answer and the score.
void draw_predict_strip(const AppState& state, CommandQueue& commands);

/// @brief The controls column's Predict section: the switch, the step asked about, the value, Reveal, the
/// explanations of the last answer, the score and Export score.
void draw_predict_panel(const AppState& state, PredictEdits& edits, CommandQueue& commands);

/// @brief Presentation mode: the value field, Reveal and the explanations in the projector's type.
void draw_predict_overlay(const AppState& state, PredictEdits& edits, CommandQueue& commands);

/// @brief What a click on heatmap cell @p cell asks for: marking it while an "improves" question is open,
/// else selecting it for the inspector.
Command heatmap_click_command(const AppState& state, CellRef cell);

/// @brief "round 0, phase 2 (pivot row and column blocks)", "k = 3": the step @p q asks about.
std::string describe_question_step(const teach::QuizQuestion& q, int block, int n, bool blocked);
/// @brief The question in one sentence.
std::string describe_question(const teach::QuizQuestion& q, int block, int n, bool blocked);

}  // namespace apsp::studio
