// The keyboard shortcuts: the same Commands the buttons emit.
#include <imgui.h>

#include <algorithm>
#include <utility>

#include "platform/keys.h"
#include "session/step_position.h"
#include "ui/lesson_caption.h"
#include "ui/panels.h"
#include "ui/predecessor_display.h"
#include "ui/step_keys.h"

namespace apsp::studio {

void handle_shortcut_keys(const AppState& state, Log& log, CommandQueue& commands) {
  ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;
  // Each shortcut says what it did in the log: the class sees why the matrix changed.
  if (ImGui::IsKeyPressed(keys::kSpace, false)) {
    log.info("key Space: play / pause");
    commands.push(CmdTogglePlaying{});
  }
  // Right forward, Left back (exact time travel): one phase, Shift one round, Ctrl one k; plain Floyd–Warshall
  // goes by one k whichever arrow.
  const bool plain = plain_run(state.session);
  for (const ArrowKey key : {ArrowKey::Right, ArrowKey::Left}) {
    if (!ImGui::IsKeyPressed(key == ArrowKey::Right ? keys::kRight : keys::kLeft, true)) continue;
    StepKeyAction action = step_key_action(key, io.KeyCtrl, io.KeyShift, plain);
    log.info(action.log_line);
    commands.push(std::move(action.command));
  }
  if (ImGui::IsKeyPressed(keys::kR, false)) {
    log.info("key R: reset");
    commands.push(CmdReset{});
  }
  if (ImGui::IsKeyPressed(keys::kF, false)) {
    log.info("key F: fit the view");
    commands.push(CmdFitView{});
  }
  if (ImGui::IsKeyPressed(keys::kP, false)) {
    log.info("key P: presentation mode on / off");
    commands.push(CmdTogglePresentation{});
  }
  if (ImGui::IsKeyPressed(keys::kQ, false)) {
    log.info("key Q: predict mode on / off");
    commands.push(CmdSetPredict{});
  }
  // Π: V switches the heatmap between D and Π; [ and ] step the selected cell's Π path edge by edge.
  if (ImGui::IsKeyPressed(keys::kV, false)) {
    log.info(state.classroom.show_pi ? "key V: the heatmap shows D" : "key V: the heatmap shows Π");
    commands.push(CmdShowPredecessors{!state.classroom.show_pi});
  }
  for (const int key : {keys::kLeftBracket, keys::kRightBracket}) {
    if (!ImGui::IsKeyPressed(key, true) || !state.classroom.selected.valid()) continue;
    const int drawn = pi_path_edges_drawn(state);
    commands.push(CmdShowPiPathEdges{key == keys::kLeftBracket ? std::max(drawn - 1, 0) : drawn + 1});
  }
  if (ImGui::IsKeyPressed(keys::kF12, false)) {
    log.info("key F12: screenshot");
    commands.push(CmdScreenshot{});
  }
  handle_lesson_keys(state, log, commands);
}

}  // namespace apsp::studio
