// The lines at the bottom of the controls: frame rate, heatmap path and why, platform and GL renderer.
#include <imgui.h>

#include "ui/panels.h"

namespace apsp::studio {

void draw_status_panel(const AppState& state) {
  ImGui::Separator();
  ImGui::PushTextWrapPos(0.0f);
  if (state.lesson.replay)  // a replay's picture must not depend on the clock
    ImGui::TextDisabled("lesson replay | heatmap: %s", state.heatmap_path.c_str());
  else
    ImGui::TextDisabled("%.0f fps | heatmap: %s", state.fps, state.heatmap_path.c_str());
  if (!state.heatmap_path_reason.empty()) ImGui::TextDisabled("(%s)", state.heatmap_path_reason.c_str());
  ImGui::TextDisabled("%s", state.platform_description.c_str());
  ImGui::PopTextWrapPos();
}

}  // namespace apsp::studio
