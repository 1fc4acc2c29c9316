// The Lessons menu: a button that opens the list of classroom presets, one line each (choosing one loads it with
// the block it suggests); the lesson files (the examples, or one opened by its path); and the open lesson's stops.
#include <imgui.h>

// imgui_stdlib.h needs imgui.h first (IMGUI_API); a separate block keeps include sorting from swapping them.
#include <imgui_stdlib.h>

#include <string>

#include "session/lesson_state.h"
#include "session/lessons.h"
#include "ui/panels.h"

namespace apsp::studio {

namespace {

void draw_lesson_files(const AppState& state, CommandQueue& commands) {
  static const std::vector<LessonFileEntry> examples = example_lessons();  // the files are read once
  static std::string path;  // the path field's text
  ImGui::Separator();
  ImGui::TextDisabled("lesson files: graph, settings, stops and questions (docs/teaching.md)");
  for (const LessonFileEntry& e : examples) {
    const bool current = state.lesson.open() && state.lesson.file->path == e.path;
    if (ImGui::MenuItem(e.title.c_str(), nullptr, current)) commands.push(CmdOpenLesson{e.path});
  }
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16);
  const bool entered = ImGui::InputTextWithHint("##lesson_path", "path/to/NAME.lesson.json", &path,
                                                ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if ((ImGui::Button("Open lesson file...") || entered) && !path.empty()) {
    commands.push(CmdOpenLesson{path});
    ImGui::CloseCurrentPopup();
  }
  const LessonState& lesson = state.lesson;
  if (!lesson.open()) return;
  ImGui::Separator();
  ImGui::TextDisabled("stops of \"%s\" (PageDown / PageUp: next / previous)", lesson.file->title.c_str());
  for (int i = 0; i < lesson.stop_count(); ++i) {
    const teach::LessonStop& stop = lesson.file->stops[static_cast<std::size_t>(i)];
    const std::string label = "stop " + std::to_string(i) + ": " + (stop.say.empty() ? std::string("-") : stop.say);
    if (ImGui::MenuItem(label.c_str(), nullptr, i == lesson.stop)) commands.push(CmdGoToLessonStop{i});
  }
}

}  // namespace

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
  draw_lesson_files(state, commands);
  ImGui::EndPopup();
}

}  // namespace apsp::studio
