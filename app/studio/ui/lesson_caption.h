#pragma once
// The open lesson's strip under the distance matrix: its title, the stop shown with Previous / Next stop, and
// what the teacher says there (the stop's caption), in the heatmap's type (the projector's in presentation). Keys
// PageUp / PageDown go to the previous / next stop: what a presenter's clicker sends.
#include "session/app_state.h"
#include "session/commands.h"
#include "session/log.h"
#include "ui/layout.h"

namespace apsp::studio {

/// @brief The caption strip's place: cut from the bottom of @p heatmap (which shrinks) while a lesson is open;
/// empty otherwise. @p text_px the type it is drawn in.
LayoutRect take_lesson_caption(LayoutRect& heatmap, const AppState& state, float text_px);
/// @brief The strip's contents, inside its window.
void draw_lesson_caption(const AppState& state, CommandQueue& commands);
/// @brief PageDown / PageUp: the next / previous stop of the open lesson.
void handle_lesson_keys(const AppState& state, Log& log, CommandQueue& commands);

}  // namespace apsp::studio
