#include "chart/plot_zoom.h"

#include <algorithm>
#include <cmath>

namespace apsp::chart {

XZoom zoom_around(XZoom z, double anchor, double factor) {
  const double width = std::clamp(z.width() * factor, 1.0 / kMaxZoom, 1.0);
  // The anchor keeps its place in the window: its share of the window before and after is the same.
  const double share = z.width() > 0 ? (anchor - z.lo) / z.width() : 0.5;
  XZoom out{anchor - share * width, anchor - share * width + width};
  return pan_by(out, 0);
}

XZoom pan_by(XZoom z, double delta) {
  const double width = std::min(1.0, z.width());
  double lo = std::clamp(z.lo + delta, 0.0, 1.0 - width);
  return XZoom{lo, lo + width};
}

XZoom handle_x_zoom(ImGuiID id, float x0, float x1) {
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID lo_id = id, hi_id = id + 1;
  XZoom z{storage->GetFloat(lo_id, 0.0f), storage->GetFloat(hi_id, 1.0f)};
  const float span = x1 - x0;
  if (span > 1 && ImGui::IsItemHovered()) {
    const ImGuiIO& io = ImGui::GetIO();
    if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
      z = XZoom{};
    } else if (io.MouseWheel != 0) {
      const double at = z.from_view(std::clamp((io.MousePos.x - x0) / span, 0.0f, 1.0f));
      z = zoom_around(z, at, std::pow(0.8, static_cast<double>(io.MouseWheel)));
    }
  }
  if (span > 1 && ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 1.0f)) {
    const float dx = ImGui::GetIO().MouseDelta.x;
    z = pan_by(z, -static_cast<double>(dx) / span * z.width());
  }
  storage->SetFloat(lo_id, static_cast<float>(z.lo));
  storage->SetFloat(hi_id, static_cast<float>(z.hi));
  return z;
}

}  // namespace apsp::chart
