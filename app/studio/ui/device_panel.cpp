#include <apsp/device/gpu_absence.h>

#include <cstdio>

#include "ui/panels.h"
#include "ui/widgets.h"

namespace apsp::studio {

void draw_device_panel(const AppState& state) {
  const DeviceState& d = state.device;
  if (d.devices.empty()) {
    // The engine's reason is a whole sentence (device/gpu_absence.h).
    const std::string& why = d.unavailable_reason;
    ImGui::TextWrapped("%s", why.empty() ? std::string(kNoGpuFound).c_str() : why.c_str());
    ImGui::TextDisabled("CPU backends run on this machine's cores.");
    return;
  }
  for (const DeviceInfo& g : d.devices) {
    ImGui::PushID(g.index);
    ImGui::Text("GPU %d: %s", g.index, g.name.c_str());
    if (ImGui::BeginTable("facts", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
      const auto row = key_value_row;
      char buf[96];
      std::snprintf(buf, sizeof buf, "%d (compute %d.%d)", g.sm_count, g.compute_major, g.compute_minor);
      row("SMs", buf);
      std::snprintf(buf, sizeof buf, "%.0f MHz", g.sm_clock_khz / 1000.0);
      row("SM clock", buf);
      std::snprintf(buf, sizeof buf, "%.1f GiB (%.1f GiB free)", static_cast<double>(g.memory_bytes) / (1u << 30),
                    static_cast<double>(g.free_bytes) / (1u << 30));
      row("memory", buf);
      std::snprintf(buf, sizeof buf, "%.0f GB/s", g.peak_bandwidth_gbps);
      row("peak bandwidth", buf);
      row("min-plus peak i32", format_si(g.minplus_peak_i32) + " updates/s");
      row("min-plus peak i16", format_si(g.minplus_peak_i16) + " updates/s");
      ImGui::EndTable();
    }
    ImGui::PopID();
  }
  ImGui::Separator();
  ImGui::TextWrapped("heatmap: %s (%s)", state.heatmap_path.c_str(), state.heatmap_path_reason.c_str());
}

}  // namespace apsp::studio
