#pragma once
#include <imgui.h>

namespace apsp::studio {

struct Fonts {
  ImFont* body = nullptr;
  ImFont* heading = nullptr;
};

/// @brief Style and fonts sized for @p scale (the monitor content scale): a readable 17 px body text at 1x,
/// larger headings for the projector. Uses DejaVu Sans when installed, else Dear ImGui's built-in font.
Fonts apply_theme(float scale);

}  // namespace apsp::studio
