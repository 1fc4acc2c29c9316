#include "ui/window_fit.h"

#include <imgui.h>
#include <imgui_internal.h>

namespace apsp::studio {

WindowFit measure_current_window(const char* name) {
  const ImGuiWindow* w = ImGui::GetCurrentWindow();
  WindowFit f;
  f.name = name;
  f.x = w->Pos.x;
  f.y = w->Pos.y;
  f.w = w->Size.x;
  f.h = w->Size.y;
  // CursorMaxPos: the far corner of every item submitted this frame (screen coordinates).
  f.content_right = w->DC.CursorMaxPos.x;
  f.content_bottom = w->DC.CursorMaxPos.y;
  const float right = w->Pos.x + w->Size.x - w->WindowPadding.x * 0.5f;
  const float bottom = w->Pos.y + w->Size.y - w->WindowPadding.y * 0.5f;
  f.font_px = ImGui::GetFontSize();
  f.scrolls = (w->Flags & ImGuiWindowFlags_NoScrollbar) == 0;
  f.clipped = !f.scrolls && (f.content_right > right + 1.0f || f.content_bottom > bottom + 1.0f);
  return f;
}

}  // namespace apsp::studio
