#pragma once
#include <imgui.h>

#include "ui/layout.h"

namespace apsp::studio {

struct Fonts {
  ImFont* body = nullptr;
  ImFont* heading = nullptr;
  ImFont* large = nullptr;          ///< presentation mode's text (sized from the window), for the back of a room
  ImFont* large_heading = nullptr;  ///< presentation mode's title line
  TypeSizes sizes;                  ///< the sizes these fonts were made at: rebuilt when the layout wants others
};

/// @brief Style sized for @p scale (the monitor content scale) and fonts at @p sizes (ui/layout.h type_sizes: a
/// readable 17 px body text at 1x, larger headings, presentation type from the window). Uses DejaVu Sans when
/// installed, else Dear ImGui's built-in font. Rebuilds the font atlas: the renderer must upload it anew.
Fonts apply_theme(float scale, const TypeSizes& sizes);

}  // namespace apsp::studio
