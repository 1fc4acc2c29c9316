// The Lessons menu: a button that opens the list of classroom presets, one line each; choosing
// one loads it with the block it suggests.
#include <imgui.h>

#include "session/lessons.h"
#include "ui/panels.h"

namespace apsp::studio {

void draw_lessons_menu(const AppState& state, CommandQueue& commands) {
  static const std::vector<Lesson> presets = lessons();  // the files are looked up once
  if (ImGui::Button("Lessons...")) ImGui::OpenPopup("lessons");
  ImGui::SameLine();
  ImGui::TextDisabled("classroom presets");
  if (!ImGui::BeginPopup("lessons")) return;
  for (const Lesson& lesson : presets) {
    const bool current = state.session.has_graph && state.session.graph.source.text == lesson.source.text &&
                         (lesson.backend.empty() || state.session.config.backend == lesson.backend);
    if (ImGui::MenuItem(lesson.name.c_str(), nullptr, current))
      commands.push(CmdLoadGraph{lesson.source, true, lesson.backend});
    ImGui::SameLine(ImGui::GetFontSize() * 8);
    ImGui::TextDisabled("%s", lesson.description.c_str());
  }
  ImGui::EndPopup();
}

}  // namespace apsp::studio
