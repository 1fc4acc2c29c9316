#pragma once
// Small helpers shared by the panels.
#include <apsp/profile/profile.h>
#include <apsp/solve/solver.h>
#include <imgui.h>

#include <cstdint>
#include <string>

namespace apsp::studio {

/// @brief "(?)" marker with a wrapped tooltip.
void help_marker(const char* text);
/// @brief Tooltip on the last item when hovered (also over disabled items).
void item_tooltip(const std::string& text);
/// One row of a two-column fact table (inside ImGui::BeginTable): the key greyed, then the value.
void key_value_row(const char* key, const std::string& value);
/// @brief 1234567 -> "1,234,567".
std::string format_thousands(std::int64_t value);
/// @brief 2.5e9 -> "2.50 G".
std::string format_si(double value);
/// @brief Human description of the next phase: "phase 2: pivot row & column blocks".
std::string describe_phase(Phase phase);
/// @brief Short label for narrow tables and plot legends: "1 pivot", "2 row/col", "3 independent".
std::string short_label(Phase phase);
/// @brief Fraction of the solve done, counting phases as thirds of a round.
float solve_progress(const Cursor& cursor, int rounds);
/// @brief Overlay phase index for the shader: 0/1/2 for the blocked phases, -1 otherwise.
int overlay_phase(const Cursor& cursor);

ImU32 to_imu32(float r, float g, float b, float a = 1.0f);
/// @brief Plot and table colour of a phase; the same hues as the heatmap overlays where a phase has one.
ImU32 phase_color(Phase p);

}  // namespace apsp::studio
