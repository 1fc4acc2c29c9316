#pragma once
// The arrow keys of the classroom, one table for both directions: Right steps forward, Left steps back (exact
// time travel), plain by one phase, Shift by one round, Ctrl by one k. Pure (no ImGui), so the tests check it.
#include "session/commands.h"

namespace apsp::studio {

enum class ArrowKey { Left, Right };

struct StepKeyAction {
  Command command;
  const char* log_line;  ///< what the log says (the class sees why the matrix changed)
};

/// @param plain plain Floyd–Warshall (step_position.h plain_run()): every arrow goes by one k.
inline StepKeyAction step_key_action(ArrowKey key, bool ctrl, bool shift, bool plain = false) {
  if (plain) {
    if (key == ArrowKey::Right) return {CmdStep{Granularity::KStep}, "key Right: step one k"};
    return {CmdStepBack{teach::TravelUnit::KStep, 1}, "key Left: back one k"};
  }
  if (key == ArrowKey::Right) {
    if (ctrl) return {CmdStep{Granularity::KStep}, "key Ctrl+Right: step one k"};
    if (shift) return {CmdStep{Granularity::Round}, "key Shift+Right: step one round"};
    return {CmdStep{Granularity::Phase}, "key Right: step one phase"};
  }
  if (ctrl) return {CmdStepBack{teach::TravelUnit::KStep, 1}, "key Ctrl+Left: back one k"};
  if (shift) return {CmdStepBack{teach::TravelUnit::Round, 1}, "key Shift+Left: back one round"};
  return {CmdStepBack{teach::TravelUnit::Phase, 1}, "key Left: back one phase"};
}

/// @brief The key line of presentation mode and docs/teaching.md's Keys list, in one place.
inline const char* step_keys_help(bool blocked = true) {
  return blocked ? "Right / Left: phase, Shift: round, Ctrl: one k, Space: play, Q: predict, P: leave presentation"
                 : "Right: one k, Left: back one k, Space: play, Q: predict, P: leave presentation";
}

}  // namespace apsp::studio
