// compute_layout (ui/layout.h): the windows tile the display in both modes, at projector sizes and scales, and
// presentation mode leaves the heatmap (and the graph view's area) the whole window.
#include <gtest/gtest.h>

#include <vector>

#include "ui/layout.h"

namespace {

using apsp::studio::compute_layout;
using apsp::studio::LayoutInput;
using apsp::studio::LayoutRect;
using apsp::studio::StudioLayout;

std::vector<LayoutRect> shown(const StudioLayout& l) {
  std::vector<LayoutRect> out;
  for (const LayoutRect& r : {l.controls, l.heatmap, l.graph, l.plots, l.profile, l.log, l.inspector}) {
    if (!r.empty()) out.push_back(r);
  }
  return out;
}

bool overlap(const LayoutRect& a, const LayoutRect& b) {
  return a.x < b.right() - 0.5f && b.x < a.right() - 0.5f && a.y < b.bottom() - 0.5f && b.y < a.bottom() - 0.5f;
}

TEST(Layout, WindowsTileTheDisplayInEveryModeAndSize) {
  struct Case {
    float w, h, scale;
  };
  for (Case c :
       {Case{1920, 1080, 2}, Case{1280, 720, 1}, Case{1024, 768, 1}, Case{1280, 800, 1}, Case{3840, 2160, 2}}) {
    for (bool presentation : {false, true}) {
      for (bool graph : {false, true}) {
        LayoutInput in{c.w, c.h, c.scale, presentation, graph, false};
        const StudioLayout l = compute_layout(in);
        const auto rects = shown(l);
        float area = 0;
        for (std::size_t i = 0; i < rects.size(); ++i) {
          const LayoutRect& r = rects[i];
          EXPECT_GE(r.x, 0);
          EXPECT_GE(r.y, 0);
          EXPECT_LE(r.right(), c.w + 0.5f);
          EXPECT_LE(r.bottom(), c.h + 0.5f);
          area += r.w * r.h;
          for (std::size_t k = i + 1; k < rects.size(); ++k) EXPECT_FALSE(overlap(r, rects[k])) << i << " vs " << k;
        }
        EXPECT_NEAR(area, c.w * c.h, c.w * c.h * 1e-3) << "the windows leave a hole or overlap";
        EXPECT_EQ(presentation, l.controls.empty());
        EXPECT_EQ(presentation, l.plots.empty());
        // Normal mode drops the graph view where the heatmap would keep no room (see the test below).
        if (presentation || c.h >= 26 * 17 * c.scale / 0.62f) {
          EXPECT_EQ(graph, !l.graph.empty());
        }
        if (!graph) {
          EXPECT_TRUE(l.graph.empty());
        }
      }
    }
  }
}

TEST(Layout, PresentationGivesTheHeatmapTheWindowOrItsLeftPart) {
  const StudioLayout alone = compute_layout(LayoutInput{1920, 1080, 1, true, false, false});
  EXPECT_EQ(alone.heatmap.w, 1920);
  EXPECT_EQ(alone.heatmap.h, 1080);
  const StudioLayout beside = compute_layout(LayoutInput{1920, 1080, 1, true, true, false});
  EXPECT_EQ(beside.heatmap.x, 0);
  EXPECT_EQ(beside.graph.x, beside.heatmap.right());
  EXPECT_EQ(beside.graph.right(), 1920);
  EXPECT_GE(beside.heatmap.w, 1000) << "the matrix keeps most of a 1080 p screen";
}

TEST(Layout, PresentationShowsTheInspectorOverlayBesideTheHeatmap) {
  for (const bool graph : {false, true}) {
    for (const float w : {1280.0f, 1920.0f}) {
      LayoutInput in{w, w * 9 / 16, 1, true, graph, false};
      in.inspector = true;
      const StudioLayout l = compute_layout(in);
      ASSERT_FALSE(l.inspector.empty()) << w << " graph " << graph;
      EXPECT_EQ(l.inspector.x, l.heatmap.right());
      EXPECT_EQ(l.inspector.right(), w);
      EXPECT_EQ(l.inspector.bottom(), in.height);
      EXPECT_GE(l.inspector.h, in.height * 0.28f) << "room for the relaxation, the verdict and the path";
      const auto rects = shown(l);
      for (std::size_t i = 0; i < rects.size(); ++i) {
        for (std::size_t k = i + 1; k < rects.size(); ++k) {
          EXPECT_FALSE(overlap(rects[i], rects[k])) << i << " vs " << k;
        }
      }
      if (graph) {
        EXPECT_EQ(l.graph.bottom(), l.inspector.y);
      }
    }
  }
  // Normal mode has the inspector in the controls column: no overlay.
  LayoutInput normal{1280, 720, 1, false, true, false};
  normal.inspector = true;
  EXPECT_TRUE(compute_layout(normal).inspector.empty());
}

TEST(Layout, TheGraphViewGoesUnderTheHeatmapOnlyWhereTheHeatmapKeepsRoom) {
  // 1080 p at scale 1: under the heatmap. At scale 2 the heatmap panel's own lines would leave no matrix (the
  // merged studio clipped there): normal mode drops the column, presentation mode shows it beside the heatmap.
  const StudioLayout normal = compute_layout(LayoutInput{1920, 1080, 1, false, true, false});
  EXPECT_FALSE(normal.graph.empty());
  EXPECT_EQ(normal.graph.y, normal.heatmap.bottom());
  EXPECT_TRUE(compute_layout(LayoutInput{1920, 1080, 2, false, true, false}).graph.empty());
  EXPECT_FALSE(compute_layout(LayoutInput{1920, 1080, 2, true, true, false}).graph.empty());
}

TEST(Layout, PlotsKeepRoomForThreeChartsAtScaleTwo) {
  // At --scale 2 on 1080 p the plots got half the height and the third chart was cut off.
  const StudioLayout l = compute_layout(LayoutInput{1920, 1080, 2, false, false, false});
  EXPECT_GE(l.plots.h, (3 * 6 + 4.8) * 17 * 2 - 1);  // three charts and the tab bar
  EXPECT_GE(l.log.h, 2 * 17 * 2 - 1);               // the log scrolls: its title and a line
}

}  // namespace
