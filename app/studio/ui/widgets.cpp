#include "ui/widgets.h"

#include <cmath>
#include <cstdio>

namespace apsp::studio {

void help_marker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void item_tooltip(const std::string& text) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

std::string format_thousands(std::int64_t value) {
  std::string digits = std::to_string(value < 0 ? -value : value);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return value < 0 ? "-" + out : out;
}

std::string format_si(double value) {
  const char* units[] = {"", " k", " M", " G", " T", " P"};
  int u = 0;
  double v = value;
  while (std::fabs(v) >= 1000.0 && u < 5) {
    v /= 1000.0;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, u == 0 ? "%.0f%s" : "%.2f%s", v, units[u]);
  return buf;
}

std::string describe_phase(Phase phase) {
  switch (phase) {
    case Phase::Pivot:
      return "phase 1: pivot block";
    case Phase::PivotRowCol:
      return "phase 2: pivot row & column blocks";
    case Phase::Independent:
      return "phase 3: independent blocks";
    case Phase::Full:
      return "full pass";
    default:
      return std::string(label(phase));
  }
}

std::string short_label(Phase phase) {
  switch (phase) {
    case Phase::Pivot:
      return "1 pivot";
    case Phase::PivotRowCol:
      return "2 row/col";
    case Phase::Independent:
      return "3 indep.";
    case Phase::Full:
      return "full pass";
    default:
      return std::string(to_string(phase));
  }
}

float solve_progress(const Cursor& cursor, int rounds) {
  if (rounds <= 0) return 0;
  if (cursor.finished) return 1;
  float phase_part = 0;
  switch (cursor.phase) {
    case Phase::PivotRowCol:
      phase_part = 1.0f / 3.0f;
      break;
    case Phase::Independent:
      phase_part = 2.0f / 3.0f;
      break;
    default:
      break;
  }
  return (static_cast<float>(cursor.round) + phase_part) / static_cast<float>(rounds);
}

int overlay_phase(const Cursor& cursor) {
  if (cursor.finished) return -1;
  switch (cursor.phase) {
    case Phase::Pivot:
      return 0;
    case Phase::PivotRowCol:
      return 1;
    case Phase::Independent:
      return 2;
    default:
      return -1;
  }
}

ImU32 to_imu32(float r, float g, float b, float a) { return ImGui::ColorConvertFloat4ToU32(ImVec4(r, g, b, a)); }

ImU32 phase_color(Phase p) {
  switch (p) {
    case Phase::Pivot:
      return to_imu32(1.00f, 0.45f, 0.10f);
    case Phase::PivotRowCol:
      return to_imu32(0.15f, 0.80f, 0.95f);
    case Phase::Independent:
      return to_imu32(0.65f, 0.55f, 0.95f);
    case Phase::Full:
      return to_imu32(0.55f, 0.85f, 0.40f);
    default:  // transfers and communication
      return to_imu32(0.95f, 0.85f, 0.30f);
  }
}

void key_value_row(const char* key, const std::string& value) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextDisabled("%s", key);
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(value.c_str());
}

}  // namespace apsp::studio
