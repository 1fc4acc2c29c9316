#include "ui/lesson_caption.h"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "platform/keys.h"

namespace apsp::studio {

LayoutRect take_lesson_caption(LayoutRect& heatmap, const AppState& state, float text_px) {
  if (!state.lesson.open() || heatmap.empty()) return {};
  // Three lines: the heading with its buttons, and two of caption (a longer one wraps and scrolls).
  const float h = std::min(panel_height_for_lines(3, text_px), heatmap.h / 3);
  LayoutRect strip{heatmap.x, heatmap.bottom() - h, heatmap.w, h};
  heatmap.h -= h;
  return strip;
}

void draw_lesson_caption(const AppState& state, CommandQueue& commands) {
  const LessonState& lesson = state.lesson;
  const int stop = lesson.stop;
  ImGui::BeginDisabled(stop <= 0 || lesson.settling());
  if (ImGui::SmallButton("< Previous stop")) commands.push(CmdGoToLessonStop{stop - 1});
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(stop + 1 >= lesson.stop_count() || lesson.settling());
  if (ImGui::SmallButton("Next stop >")) commands.push(CmdGoToLessonStop{stop + 1});
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::TextUnformatted(lesson_heading(lesson).c_str());
  ImGui::PushTextWrapPos(0.0f);
  if (const teach::LessonStop* current = lesson.current(); current && !current->say.empty())
    ImGui::TextUnformatted(current->say.c_str());
  if (!lesson.questions.empty() && !state.predict.on)
    ImGui::TextDisabled("%zu question%s prepared here: Q (predict mode) asks %s before the step is shown",
                        lesson.questions.size(), lesson.questions.size() == 1 ? "" : "s",
                        lesson.questions.size() == 1 ? "it" : "the first");
  else if (lesson.failure)
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.40f, 1), "%s", lesson.failure->message.c_str());
  ImGui::PopTextWrapPos();
}

void handle_lesson_keys(const AppState& state, Log& log, CommandQueue& commands) {
  const LessonState& lesson = state.lesson;
  if (!lesson.open() || lesson.settling()) return;
  if (ImGui::IsKeyPressed(keys::kPageDown, false) && lesson.stop + 1 < lesson.stop_count()) {
    log.info("key PageDown: next lesson stop");
    commands.push(CmdGoToLessonStop{lesson.stop + 1});
  }
  if (ImGui::IsKeyPressed(keys::kPageUp, false) && lesson.stop > 0) {
    log.info("key PageUp: previous lesson stop");
    commands.push(CmdGoToLessonStop{lesson.stop - 1});
  }
}

}  // namespace apsp::studio
