// Classroom time travel: back by a k-step, a phase or a round, and a slider over the steps
// taken so far. Going back is exact (apsp/teach/time_travel.h); the buttons and the slider only emit Commands.
#include <imgui.h>

#include "session/step_position.h"
#include "ui/panels.h"
#include "ui/widgets.h"

namespace apsp::studio {

void draw_timeline_panel(const AppState& state, CommandQueue& commands) {
  if (!ImGui::CollapsingHeader("Timeline", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::PushID("timeline");
  const SessionSnapshot& s = state.session;
  const Inspection& in = s.inspection;
  const bool can_back = s.has_solver && in.steps_taken > 0;
  const float label_w = ImGui::CalcTextSize("Back").x + ImGui::GetStyle().ItemSpacing.x;
  const float width = (ImGui::GetContentRegionAvail().x - label_w - 2 * ImGui::GetStyle().ItemSpacing.x) / 3.0f;
  const ImVec2 button(width, 0);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Back");
  ImGui::SameLine();
  ImGui::BeginDisabled(!can_back);
  if (plain_run(s)) {  // plain Floyd–Warshall goes back by k only
    if (ImGui::Button("one k##back", ImVec2(-1, 0))) commands.push(CmdStepBack{teach::TravelUnit::KStep, 1});
    item_tooltip("back one k (Left arrow): exactly the matrix going forward reached there");
  } else {
    if (ImGui::Button("k##back", button)) commands.push(CmdStepBack{teach::TravelUnit::KStep, 1});
    item_tooltip("back one k-step (Ctrl+Left): exactly the matrix going forward reached there");
    ImGui::SameLine();
    if (ImGui::Button("phase##back", button)) commands.push(CmdStepBack{teach::TravelUnit::Phase, 1});
    item_tooltip("back to the previous phase boundary (Left arrow)");
    ImGui::SameLine();
    if (ImGui::Button("round##back", button)) commands.push(CmdStepBack{teach::TravelUnit::Round, 1});
    item_tooltip("back to the previous round boundary (Shift + Left arrow)");
  }
  ImGui::EndDisabled();

  int step = static_cast<int>(in.steps_taken);
  const int last = static_cast<int>(in.steps_recorded);
  ImGui::BeginDisabled(last == 0);
  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 7);
  char format[48];
  std::snprintf(format, sizeof format, "step %%d of %d", last);
  // Seek on release: each seek may replay up to a round, so not at every pixel of a drag.
  ImGui::SliderInt("steps taken", &step, 0, std::max(last, 1), format);
  if (ImGui::IsItemDeactivatedAfterEdit() && step != static_cast<int>(in.steps_taken))
    commands.push(CmdSeekStep{static_cast<std::size_t>(std::clamp(step, 0, last))});
  item_tooltip("the steps taken so far (0: the start); after going back, the steps ahead stay until a new step");
  ImGui::EndDisabled();
  ImGui::PopID();
}

}  // namespace apsp::studio
