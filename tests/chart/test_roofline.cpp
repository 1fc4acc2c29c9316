// The roofline from counter reports: one point per (backend, phase) with summed updates, bytes and time; roofs
// from the device; the layout's log axes put the ridge, the roofs and the points where the numbers say; drawn
// offscreen, a point's colour is at its pixel.
#include <gtest/gtest.h>

#include <cmath>

#include "chart/chart_png.h"
#include "chart/roofline.h"

namespace apsp::chart {
namespace {

counters::PhaseCounters entry(int round, Phase phase, std::uint64_t updates, double bytes, double ms) {
  counters::PhaseCounters p;
  p.round = round;
  p.phase = phase;
  p.updates = updates;
  p.dram_read_bytes = bytes / 2;
  p.dram_write_bytes = bytes / 2;
  p.kernel_ms = ms;
  return p;
}

/// A fake H200-like device: 1e13 updates/s, 4000 GB/s (ridge at 2.5 updates per byte).
counters::CounterReport fake_report(const std::string& backend) {
  counters::CounterReport r;
  r.backend = backend;
  r.device_name = "Fake GPU";
  r.minplus_peak = 1e13;
  r.bandwidth_gbps = 4000;
  // Phase 3 over two rounds: 2e9 updates, 4e9 bytes, 1 ms -> 0.5 updates/byte, 2e12 updates/s.
  r.phases = {entry(0, Phase::Pivot, 1000000, 1e6, 0.002), entry(0, Phase::Independent, 1000000000, 2e9, 0.5),
              entry(2, Phase::Independent, 1000000000, 2e9, 0.5)};
  return r;
}

TEST(Roofline, OnePointPerBackendAndPhaseWithSums) {
  const Roofline r = roofline_from_reports({fake_report("cuda-blocked"), fake_report("cuda-tuned")});
  EXPECT_DOUBLE_EQ(r.peak_updates_per_s, 1e13);
  EXPECT_DOUBLE_EQ(r.bandwidth_bytes_per_s, 4e12);
  EXPECT_DOUBLE_EQ(r.ridge_intensity(), 2.5);
  ASSERT_EQ(r.points.size(), 4u);  // p1 and p3 of each backend
  const RooflinePoint& p3 = r.points[1];
  EXPECT_EQ(p3.label, "cuda-blocked p3");
  EXPECT_DOUBLE_EQ(p3.intensity, 0.5);
  EXPECT_DOUBLE_EQ(p3.updates_per_s, 2e12);
  EXPECT_NE(r.points[0].color, r.points[2].color);  // backends told apart
  EXPECT_DOUBLE_EQ(r.roof_at(0.5), 2e12);           // on the bandwidth roof
  EXPECT_DOUBLE_EQ(r.roof_at(100), 1e13);           // under the flat peak
}

TEST(Roofline, LayoutPutsRoofsAndPointsOnLogAxes) {
  const Roofline r = roofline_from_reports({fake_report("cuda-blocked")});
  const RooflineLayout l = layout_roofline(r, ImVec2(0, 0), ImVec2(kPanelWidth, kPanelHeight));
  // Decades that hold the ridge's neighbourhood and every point.
  EXPECT_LE(l.x_lo, 0.25);
  EXPECT_GE(l.x_hi, 25);
  EXPECT_LE(l.y_lo, r.points.front().updates_per_s);
  EXPECT_GE(l.y_hi, 1e13);
  EXPECT_DOUBLE_EQ(std::log10(l.x_lo), std::round(std::log10(l.x_lo)));
  // Log axes: equal ratios are equal distances; more is right / up.
  const ImVec2 a = l.to_px(0.1, 1e11), b = l.to_px(1, 1e12), c = l.to_px(10, 1e13);
  EXPECT_NEAR(b.x - a.x, c.x - b.x, 0.01);
  EXPECT_NEAR(a.y - b.y, b.y - c.y, 0.01);
  EXPECT_GT(b.x, a.x);
  EXPECT_LT(b.y, a.y);
  // Points on the bandwidth roof lie on the straight line from the left edge to the ridge.
  const ImVec2 left = l.to_px(l.x_lo, r.roof_at(l.x_lo));
  const ImVec2 ridge = l.to_px(r.ridge_intensity(), r.peak_updates_per_s);
  const ImVec2 mid = l.to_px(0.5, r.roof_at(0.5));
  const float t = (mid.x - left.x) / (ridge.x - left.x);
  EXPECT_NEAR(mid.y, left.y + t * (ridge.y - left.y), 0.5);
  for (const RooflinePoint& p : r.points) {
    const ImVec2 q = l.to_px(p.intensity, p.updates_per_s);
    EXPECT_GT(q.x, l.plot_min.x);
    EXPECT_LT(q.x, l.plot_max.x);
    EXPECT_GT(q.y, l.plot_min.y);
    EXPECT_LT(q.y, l.plot_max.y);
  }
}

TEST(Roofline, DrawsEachPointInItsColour) {
  const Roofline r = roofline_from_reports({fake_report("cuda-blocked")});
  const RgbaImage image = render_offscreen(kPanelWidth, kPanelHeight, [&](ImDrawList* dl) {
    draw_roofline(dl, r, ImVec2(0, 0), ImVec2(kPanelWidth, kPanelHeight));
  });
  // The default font's line height is 13 pixels, layout_roofline()'s default.
  const RooflineLayout l = layout_roofline(r, ImVec2(0, 0), ImVec2(kPanelWidth, kPanelHeight));
  for (const RooflinePoint& p : r.points) {
    const ImVec2 q = l.to_px(p.intensity, p.updates_per_s);
    EXPECT_EQ(image.at(static_cast<int>(q.x), static_cast<int>(q.y)), p.color) << p.label;
  }
  EXPECT_FALSE(encode_png(image).empty());
}

}  // namespace
}  // namespace apsp::chart
