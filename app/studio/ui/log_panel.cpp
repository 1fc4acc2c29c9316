#include "ui/panels.h"

namespace apsp::studio {
namespace {

void draw_entry(const LogEntry& e, bool wrap) {
  ImVec4 color = e.level == LogLevel::Error     ? ImVec4(1.0f, 0.45f, 0.40f, 1)
                 : e.level == LogLevel::Warning ? ImVec4(1.0f, 0.85f, 0.35f, 1)
                                                : ImGui::GetStyleColorVec4(ImGuiCol_Text);
  ImGui::TextDisabled("%7.2fs", e.time_s);
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  if (wrap) ImGui::PushTextWrapPos(0.0f);
  ImGui::Text("%s%s", e.level == LogLevel::Error ? "error: " : "", e.text.c_str());
  if (wrap) ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

}  // namespace

void draw_log_panel(Log& log) {
  static std::uint64_t seen_version = 0;  // scroll to the newest entry when something arrives
  if (ImGui::SmallButton("Clear")) log.clear();
  ImGui::Separator();
  std::vector<LogEntry> entries = log.entries();
  // Wrapped lines read better; past a few hundred entries, one clipped line each keeps the frame cheap (and
  // scrolls sideways: only then does a line run past the panel).
  const bool wrap = entries.size() <= 300;
  ImGui::BeginChild("log_lines", ImVec2(0, 0), false, wrap ? 0 : ImGuiWindowFlags_HorizontalScrollbar);
  if (wrap) {
    for (const LogEntry& e : entries) draw_entry(e, true);
  } else {
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(entries.size()));
    while (clipper.Step()) {
      for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i)
        draw_entry(entries[static_cast<std::size_t>(i)], false);
    }
  }
  // Follow the newest entry while the view is at the bottom (a wrapped entry's height settles a frame late);
  // one scrolled up to read stays where it is until something new arrives.
  const std::uint64_t version = log.version();
  if (version != seen_version || ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 1.0f) {
    ImGui::SetScrollHereY(1.0f);
    seen_version = version;
  }
  ImGui::EndChild();
}

}  // namespace apsp::studio
