#include "chart/timeline_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <utility>

#include "chart/axes.h"
#include "chart/plot_zoom.h"
#include "live_plot.h"

namespace apsp::chart {
namespace {

using Lane = std::pair<int, Track>;  // (device, track)

std::string lane_name(const Lane& lane, bool on_gpu) {
  const std::string device = on_gpu ? "GPU " + std::to_string(lane.first) : std::string("CPU");
  return device + " " + std::string(to_string(lane.second));
}

}  // namespace

void timeline_plot(const char* id, const std::vector<PhaseSample>& samples, const TimelineOptions& options,
                   ImVec2 size) {
  const LivePlot plot(id, "timeline", size);

  // The axis spans the samples, from the first start (the time from reset to the first step is not shown).
  std::map<Lane, int> lanes;
  double begin_us = -1, end_us = 0;
  for (const PhaseSample& s : samples) {
    if (s.start_us < 0) continue;
    lanes.emplace(Lane{s.device, s.track}, 0);
    begin_us = begin_us < 0 ? s.start_us : std::min(begin_us, s.start_us);
    end_us = std::max(end_us, s.start_us + s.ms * 1000.0);
  }
  int index = 0;
  float label_w = 0;
  for (auto& [lane, i] : lanes) {
    i = index++;
    label_w = std::max(label_w, ImGui::CalcTextSize(lane_name(lane, options.on_gpu).c_str()).x);
  }
  const double span_us = end_us - begin_us;
  if (lanes.empty() || span_us <= 0) {
    plot.draw->AddText(ImVec2(plot.origin.x + plot.font, plot.origin.y + plot.font), plot.axis_color,
                  "no timed samples yet: step or play (each phase, copy and broadcast on its device and stream)");
    return;
  }
  const ImVec2 p0(plot.origin.x + label_w + plot.font * 0.8f, plot.origin.y + plot.font * 0.3f);
  const ImVec2 p1(plot.origin.x + size.x - plot.font * 0.5f, plot.origin.y + size.y - plot.font * 1.6f);
  if (p1.x <= p0.x + 4 || p1.y <= p0.y + 4) return;
  const XZoom zoom = handle_x_zoom(ImGui::GetID("zoom"), p0.x, p1.x);
  const float lane_h = std::min(plot.font * 2.2f, (p1.y - p0.y) / static_cast<float>(lanes.size()));
  auto x_of = [&](double us) {
    return p0.x + static_cast<float>(zoom.to_view((us - begin_us) / span_us)) * (p1.x - p0.x);
  };

  // Lanes: name on the left, a faint band behind every other one.
  for (const auto& [lane, i] : lanes) {
    const float y = p0.y + lane_h * static_cast<float>(i);
    if (i % 2 == 1)
      plot.draw->AddRectFilled(ImVec2(p0.x, y), ImVec2(p1.x, y + lane_h), with_alpha(plot.axis_color, 0x18));
    plot.draw->AddText(ImVec2(plot.origin.x, y + (lane_h - plot.font) * 0.5f), plot.text_color,
                       lane_name(lane, options.on_gpu).c_str());
  }
  const float lanes_bottom = p0.y + lane_h * static_cast<float>(lanes.size());

  // Time ticks over the visible window, in ms.
  const double view_lo_ms = (begin_us + zoom.lo * span_us) / 1000.0, view_ms = zoom.width() * span_us / 1000.0;
  const double step = nice_tick_step(view_ms, std::max(2, static_cast<int>((p1.x - p0.x) / (plot.font * 6))));
  char buf[64];
  for (double t = std::ceil(view_lo_ms / step) * step; t <= view_lo_ms + view_ms + step * 1e-6; t += step) {
    const float x = x_of(t * 1000.0);
    plot.draw->AddLine(ImVec2(x, p0.y), ImVec2(x, lanes_bottom), with_alpha(plot.axis_color, 0x40));
    std::snprintf(buf, sizeof buf, "%g", std::round(t * 1e6) / 1e6);
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    plot.draw->AddText(ImVec2(std::clamp(x - ts.x * 0.5f, p0.x, p1.x - ts.x), lanes_bottom + plot.font * 0.2f),
                       plot.axis_color, buf);
  }
  plot.draw->AddText(ImVec2(plot.origin.x, lanes_bottom + plot.font * 0.2f), plot.axis_color, "ms from reset");
  plot.draw->AddLine(ImVec2(p0.x, lanes_bottom), ImVec2(p1.x, lanes_bottom), plot.axis_color);

  // Slices; the one under the mouse is remembered for the read-out.
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const bool hovered = plot.hovered;
  const PhaseSample* under_mouse = nullptr;
  plot.draw->PushClipRect(ImVec2(p0.x, p0.y), ImVec2(p1.x, lanes_bottom), true);
  for (const PhaseSample& s : samples) {
    if (s.start_us < 0) continue;
    const float x0 = x_of(s.start_us);
    const float x1 = std::max(x0 + 1.0f, x_of(s.start_us + s.ms * 1000.0));  // never thinner than a pixel
    if (x1 < p0.x || x0 > p1.x) continue;
    const int lane = lanes[Lane{s.device, s.track}];
    const float y0 = p0.y + lane_h * static_cast<float>(lane) + lane_h * 0.12f;
    const float y1 = y0 + lane_h * 0.76f;
    const ImU32 color = options.color ? options.color(s.phase) : plot.text_color;
    plot.draw->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1), color);
    if (hovered && mouse.x >= x0 && mouse.x <= x1 && mouse.y >= y0 && mouse.y <= y1) under_mouse = &s;
  }
  if (under_mouse) {
    const PhaseSample& s = *under_mouse;
    plot.draw->AddRect(ImVec2(x_of(s.start_us) - 1, p0.y + lane_h * static_cast<float>(lanes[Lane{s.device, s.track}])),
                  ImVec2(std::max(x_of(s.start_us) + 1.0f, x_of(s.start_us + s.ms * 1000.0)) + 1,
                         p0.y + lane_h * static_cast<float>(lanes[Lane{s.device, s.track}] + 1)),
                  plot.text_color);
  }
  plot.draw->PopClipRect();

  if (under_mouse) {
    const PhaseSample& s = *under_mouse;
    ImGui::BeginTooltip();
    ImGui::Text("%s", std::string(label(s.phase)).c_str());
    if (s.round >= 0) ImGui::Text("round %d", s.round + 1);
    ImGui::Text("%s, %s stream", options.on_gpu ? ("GPU " + std::to_string(s.device)).c_str() : "CPU",
                std::string(to_string(s.track)).c_str());
    ImGui::Text("start %.3f ms, %.3f ms long", s.start_us / 1000.0, s.ms);
    if (s.bytes > 0) ImGui::Text("%.1f GB/s modeled", s.gb_per_s());
    ImGui::EndTooltip();
  } else if (hovered) {
    ImGui::SetTooltip("wheel: zoom, drag: pan, double click: everything");
  }
}

}  // namespace apsp::chart
