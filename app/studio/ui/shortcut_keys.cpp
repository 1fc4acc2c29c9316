// The keyboard shortcuts: the same Commands the buttons emit.
#include <imgui.h>

#include "platform/keys.h"
#include "session/step_position.h"
#include "ui/panels.h"

namespace apsp::studio {

void handle_shortcut_keys(const AppState& state, Log& log, CommandQueue& commands) {
  ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;
  // Each shortcut says what it did in the log: the class sees why the matrix changed.
  if (ImGui::IsKeyPressed(keys::kSpace, false)) {
    log.info("key Space: play / pause");
    commands.push(CmdTogglePlaying{});
  }
  // Plain Floyd–Warshall goes by one k whichever arrow (the router applies step_unit() / travel_unit()).
  const bool plain = plain_run(state.session);
  if (ImGui::IsKeyPressed(keys::kRight, true)) {
    log.info(plain ? "key Right: step one k" : io.KeyShift ? "key Shift+Right: step one round" : "key Right: step one phase");
    commands.push(CmdStep{io.KeyShift ? Granularity::Round : Granularity::Phase});
  }
  // Classroom time travel: Left back one phase, Shift+Left one round, Ctrl+Left one k-step (exact).
  if (ImGui::IsKeyPressed(keys::kLeft, true)) {
    const teach::TravelUnit unit = io.KeyCtrl ? teach::TravelUnit::KStep
                                   : io.KeyShift ? teach::TravelUnit::Round
                                                 : teach::TravelUnit::Phase;
    log.info(plain ? "key Left: back one k"
             : io.KeyCtrl ? "key Ctrl+Left: back one k-step"
             : io.KeyShift ? "key Shift+Left: back one round"
                           : "key Left: back one phase");
    commands.push(CmdStepBack{unit, 1});
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
  if (ImGui::IsKeyPressed(keys::kF12, false)) {
    log.info("key F12: screenshot");
    commands.push(CmdScreenshot{});
  }
}

}  // namespace apsp::studio
