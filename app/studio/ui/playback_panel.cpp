#include "ui/panels.h"
#include "ui/widgets.h"

namespace apsp::studio {

void draw_playback_panel(AppState& state, CommandQueue& commands) {
  if (!ImGui::CollapsingHeader("Playback", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::PushID("playback");
  const SessionSnapshot& s = state.session;
  bool can_step = s.has_solver && !s.cursor.finished;
  float width = (ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x) / 3.0f;
  ImVec2 button(width, 0);

  ImGui::BeginDisabled(!can_step);
  if (ImGui::Button("Step k", button)) commands.push(CmdStep{Granularity::KStep});
  item_tooltip("one value of k: every cell the next phase touches is relaxed through one intermediate vertex");
  ImGui::SameLine();
  if (ImGui::Button("Step phase", button)) commands.push(CmdStep{Granularity::Phase});
  item_tooltip("finish the current phase (Right arrow)");
  ImGui::SameLine();
  if (ImGui::Button("Step round", button)) commands.push(CmdStep{Granularity::Round});
  item_tooltip("finish the current round (Shift + Right arrow)");
  ImGui::EndDisabled();

  ImGui::BeginDisabled(!can_step && !state.playback.playing);
  if (ImGui::Button(state.playback.playing ? "Pause" : "Play", button)) commands.push(CmdTogglePlaying{});
  item_tooltip("Space");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!can_step);
  if (ImGui::Button("Run to end", button)) commands.push(CmdRunToEnd{});
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!s.has_solver);
  if (ImGui::Button("Reset", button)) commands.push(CmdReset{});
  item_tooltip("back to round 1 (R)");
  ImGui::EndDisabled();

  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 7);
  ImGui::SliderFloat("rounds / s", &state.playback.rounds_per_second, 0.25f, 240.0f, "%.2f",
                     ImGuiSliderFlags_Logarithmic);

  float progress = solve_progress(s.cursor, s.rounds);
  char overlay[96];
  std::snprintf(overlay, sizeof overlay, "%d / %d rounds", s.cursor.finished ? s.rounds : s.cursor.round, s.rounds);
  ImGui::ProgressBar(progress, ImVec2(-1, 0), overlay);
  ImGui::TextWrapped("%s", s.has_solver ? describe_cursor(s.cursor, s.rounds).c_str() : "no solver");
  if (s.busy && !s.activity.empty()) ImGui::TextDisabled("working: %s", s.activity.c_str());
  ImGui::TextDisabled("keys: Space play, Right phase, Shift+Right round, R reset, F fit, F12 screenshot");
  ImGui::PopID();
}

}  // namespace apsp::studio
