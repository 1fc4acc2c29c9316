// Zoom and pan on the plots' x axis (plot/plot_zoom.h): the point under the mouse stays put, the window never
// leaves the data, and there is a limit to zooming in.
#include <gtest/gtest.h>

#include "chart/plot_zoom.h"

namespace apsp::chart {
namespace {

TEST(PlotZoom, WheelZoomKeepsTheAnchorWhereItWas) {
  const XZoom z = zoom_around(XZoom{}, 0.25, 0.5);
  EXPECT_NEAR(z.width(), 0.5, 1e-12);
  EXPECT_NEAR(z.to_view(0.25), 0.25, 1e-12);  // a quarter of the way across before and after
  const XZoom in = zoom_around(z, 0.3, 0.1);
  EXPECT_NEAR(in.width(), 0.05, 1e-12);
  EXPECT_NEAR(in.to_view(0.3), z.to_view(0.3), 1e-12);
}

TEST(PlotZoom, ZoomStaysInsideTheDataAndHasALimit) {
  const XZoom edge = zoom_around(XZoom{0.8, 1.0}, 0.99, 3.0);  // zooming out near the end
  EXPECT_GE(edge.lo, 0.0);
  EXPECT_LE(edge.hi, 1.0);
  EXPECT_NEAR(edge.width(), 0.6, 1e-12);
  const XZoom out = zoom_around(XZoom{0.2, 0.4}, 0.3, 100.0);
  EXPECT_DOUBLE_EQ(out.lo, 0.0);
  EXPECT_DOUBLE_EQ(out.hi, 1.0);
  EXPECT_FALSE(out.zoomed());
  XZoom deep;
  for (int i = 0; i < 100; ++i) deep = zoom_around(deep, 0.5, 0.5);
  EXPECT_NEAR(deep.width(), 1.0 / kMaxZoom, 1e-12);
}

TEST(PlotZoom, PanMovesTheWindowAndStopsAtTheEnds) {
  const XZoom z{0.2, 0.4};
  const XZoom right = pan_by(z, 0.1);
  EXPECT_NEAR(right.lo, 0.3, 1e-12);
  EXPECT_NEAR(right.width(), 0.2, 1e-12);
  EXPECT_NEAR(pan_by(z, 5.0).hi, 1.0, 1e-12);
  EXPECT_NEAR(pan_by(z, -5.0).lo, 0.0, 1e-12);
  EXPECT_NEAR(pan_by(z, -5.0).width(), 0.2, 1e-12);
}

}  // namespace
}  // namespace apsp::chart
