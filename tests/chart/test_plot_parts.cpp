// The pieces the CLI's charts and the studio's live plots share (chart/axes.h, chart/legend.h): legend rows, the
// value axis, the faded grid colour, how often x labels fit; and a value axis drawn offscreen.
#include <gtest/gtest.h>

#include "chart/axes.h"
#include "chart/chart_png.h"
#include "chart/legend.h"

namespace apsp::chart {
namespace {

using Rows = std::vector<std::pair<std::size_t, std::size_t>>;

TEST(PlotParts, LegendRowsWrapWithoutDroppingAnEntry) {
  EXPECT_EQ(wrap_rows({}, 5, 100), Rows{});
  EXPECT_EQ(wrap_rows({40, 40}, 5, 100), (Rows{{0, 2}}));          // 40 + 5 + 40 fits
  EXPECT_EQ(wrap_rows({40, 40, 40}, 5, 100), (Rows{{0, 2}, {2, 3}}));  // a third does not
  EXPECT_EQ(wrap_rows({50, 50}, 1, 100), (Rows{{0, 1}, {1, 2}}));     // the gap counts
  EXPECT_EQ(wrap_rows({50, 50}, 0, 100), (Rows{{0, 2}}));             // exactly full still fits
  EXPECT_EQ(wrap_rows({150, 20}, 5, 100), (Rows{{0, 1}, {1, 2}}));    // too wide alone: a row of its own
}

TEST(PlotParts, ValueAxisEndsOnAWholeNiceStep) {
  const ValueAxis a = ValueAxis::fit(7.3, 4);
  EXPECT_DOUBLE_EQ(a.step, 2);
  EXPECT_DOUBLE_EQ(a.max, 8);
  const ValueAxis empty = ValueAxis::fit(0, 3);  // nothing yet: 0..1
  EXPECT_DOUBLE_EQ(empty.max, 1);
  ValueAxis screen = ValueAxis::fit(10, 5);
  screen.top = 100;
  screen.bottom = 300;
  EXPECT_FLOAT_EQ(screen.y_of(0), 300);
  EXPECT_FLOAT_EQ(screen.y_of(screen.max), 100);
  EXPECT_FLOAT_EQ(screen.y_of(screen.max / 2), 200);
}

TEST(PlotParts, GridColourKeepsTheHueAndTakesTheAlpha) {
  EXPECT_EQ(with_alpha(0xff123456u, 0x40), 0x40123456u);
  EXPECT_EQ(with_alpha(0x00abcdefu, 0xff), 0xffabcdefu);
}

TEST(PlotParts, XLabelsStayThreeFontSizesApart) {
  EXPECT_EQ(x_label_every(13, 100), 1);
  EXPECT_EQ(x_label_every(13, 39), 1);
  EXPECT_EQ(x_label_every(13, 13), 3);
  EXPECT_EQ(x_label_every(13, 2), 20);
}

TEST(PlotParts, YTickDrawsItsGridLineAndItsLabelLeftOfTheAxis) {
  constexpr ImU32 kGridRed = IM_COL32(255, 0, 0, 255);
  constexpr ImU32 kInkBlue = IM_COL32(0, 0, 255, 255);
  const RgbaImage image = render_offscreen(200, 60, [&](ImDrawList* draw) {
    draw_y_tick(draw, 100, 190, 30, "88", 6, kGridRed, kInkBlue);
  });
  EXPECT_EQ(image.at(150, 30), kGridRed);  // the grid line across the plot
  EXPECT_EQ(image.at(50, 30), IM_COL32(255, 255, 255, 255));  // nothing far left of the label
  int ink = 0;  // the label: blue pixels between the label's start and the axis less the gap
  for (int y = 20; y < 40; ++y)
    for (int x = 70; x < 95; ++x) ink += (image.at(x, y) & 0x00ffffffu) == (kInkBlue & 0x00ffffffu) ? 1 : 0;
  EXPECT_GT(ink, 5);
  int beyond = 0;  // and none in the gap or past the axis
  for (int y = 20; y < 40; ++y)
    for (int x = 95; x < 100; ++x) beyond += (image.at(x, y) & 0x00ffffffu) == (kInkBlue & 0x00ffffffu) ? 1 : 0;
  EXPECT_EQ(beyond, 0);
}

}  // namespace
}  // namespace apsp::chart
