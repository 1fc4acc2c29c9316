#pragma once
// A roofline as data and as ImDrawList drawing: x = arithmetic intensity (min-plus updates per DRAM byte, log),
// y = updates/s (log); two roofs, the min-plus peak (flat) and the DRAM bandwidth (updates/s = bandwidth x
// intensity); one point per (backend, phase) of hardware-counter reports (apsp/report/counters.h). Drawn in the
// studio's Counters tab and offscreen for `apsp profile --roofline` (render_panels(), chart_png.h).
#include <apsp/report/counters.h>
#include <imgui.h>

#include <cstdint>
#include <string>
#include <vector>

namespace apsp::chart {

struct RooflinePoint {
  std::string label;     ///< "cuda-tuned p3" (the legend)
  std::string tag;       ///< "p3", written beside the point: several backends share a colour per backend
  double intensity = 0;  ///< updates per DRAM byte
  double updates_per_s = 0;
  std::uint32_t color = 0xff000000;
};

struct Roofline {
  std::string title = "Roofline";
  double peak_updates_per_s = 0;     ///< the min-plus roof
  double bandwidth_bytes_per_s = 0;  ///< the DRAM roof's slope
  std::vector<RooflinePoint> points;

  /// @brief The intensity where the two roofs meet: peak / bandwidth (0 without both).
  double ridge_intensity() const;
  /// @brief The attainable updates/s at @p intensity: min(peak, bandwidth x intensity).
  double roof_at(double intensity) const;
};

/// @brief One point per (report, phase) that has counters: updates, DRAM bytes and kernel time summed over the
/// profiled rounds; the roofs from the first report's device (peak of its dtype, bandwidth). Points of reports
/// of other dtypes keep their own place (the roof drawn is the first report's).
Roofline roofline_from_reports(const std::vector<counters::CounterReport>& reports);

/// @brief Where a roofline drawn into [min, max] puts things: its plot box and log axes' decades.
struct RooflineLayout {
  ImVec2 plot_min;
  ImVec2 plot_max;
  double x_lo = 1, x_hi = 10;  ///< intensity range (powers of ten)
  double y_lo = 1, y_hi = 10;  ///< updates/s range (powers of ten)
  /// @brief Pixel of (@p intensity, @p updates_per_s), clamped to the plot box.
  ImVec2 to_px(double intensity, double updates_per_s) const;
};

/// @brief The layout draw_roofline() uses: decades covering every point and the ridge, with margins for text of
/// @p line_height pixels.
RooflineLayout layout_roofline(const Roofline& roofline, ImVec2 min, ImVec2 max, float line_height = 13);

/// @brief Draws @p roofline into [@p min, @p max] (white background); needs a current ImGui context (fonts).
void draw_roofline(ImDrawList* draw_list, const Roofline& roofline, ImVec2 min, ImVec2 max);

/// @brief The roofline as a PNG at @p path (kPanelWidth x kPanelHeight, through AtomicFile). Throws apsp::Error.
void write_roofline_png(const std::string& path, const Roofline& roofline);

}  // namespace apsp::chart
