#pragma once
#include <imgui.h>

namespace apsp::studio {

struct Fonts {
  ImFont* body = nullptr;
  ImFont* heading = nullptr;
  ImFont* large = nullptr;          ///< presentation mode's body text (1.6 x body), for the back of a room
  ImFont* large_heading = nullptr;  ///< presentation mode's title line (1.6 x heading)
};

/// @brief Style and fonts sized for @p scale (the monitor content scale): a readable 17 px body text at 1x,
/// larger headings for the projector, and 1.6 x both for presentation mode. Uses DejaVu Sans when installed, else Dear
/// ImGui's built-in font.
Fonts apply_theme(float scale);

}  // namespace apsp::studio
