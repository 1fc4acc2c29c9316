// compute_layout and type_sizes (ui/layout.h): the windows tile the display in both modes, at projector sizes and
// scales; presentation mode leaves the heatmap (and the classroom column) the whole window in type sized from the
// window; the normal layout keeps the graph view, the pseudocode and the heatmap usable at 720 p.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "ui/layout.h"

namespace {

using apsp::studio::compute_layout;
using apsp::studio::LayoutInput;
using apsp::studio::LayoutRect;
using apsp::studio::StudioLayout;
using apsp::studio::panel_height_for_lines;
using apsp::studio::type_sizes;

std::vector<LayoutRect> shown(const StudioLayout& l) {
  std::vector<LayoutRect> out;
  for (const LayoutRect& r : {l.controls, l.heatmap, l.graph, l.pseudocode, l.plots, l.profile, l.log, l.inspector}) {
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
        if (presentation) {
          EXPECT_TRUE(l.plots.empty());
          EXPECT_TRUE(l.log.empty());
        } else {
          EXPECT_FALSE(l.log.empty()) << c.w << "x" << c.h << " at " << c.scale << ": the log always has a place";
          EXPECT_EQ(graph, l.plots.empty()) << "the teaching layout gives the plots' place to the graph view";
        }
        EXPECT_EQ(graph, !l.graph.empty());
        EXPECT_EQ(graph, !l.pseudocode.empty());
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

TEST(Layout, TheTeachingLayoutKeepsEveryPanelUsableAt720pAnd1080pScaleOneAndAHalf) {
  // At 1280 x 720 the graph view was a dot (175 px under the heatmap), the pseudocode 3-5 lines, the plots a
  // third of the width. Now: the right column holds the graph view, the pseudocode's listing and the log.
  struct Case {
    float w, h, scale;
  };
  for (Case c : {Case{1280, 720, 1}, Case{1920, 1080, 1.5f}, Case{1920, 1080, 1}, Case{1280, 800, 1}}) {
    const StudioLayout l = compute_layout(LayoutInput{c.w, c.h, c.scale, false, true, false});
    const float px = type_sizes(LayoutInput{c.w, c.h, c.scale}).body_px;
    EXPECT_EQ(l.text_px, px);
    EXPECT_TRUE(l.plots.empty()) << c.w << "x" << c.h;
    EXPECT_GE(l.graph.h, panel_height_for_lines(11, px)) << c.w << "x" << c.h << ": the graph view below its lines";
    EXPECT_GE(l.graph.w, 18 * px) << c.w << "x" << c.h;
    EXPECT_GE(l.pseudocode.h, panel_height_for_lines(10, px)) << c.w << "x" << c.h << ": the listing scrolls";
    EXPECT_GE(l.log.h, panel_height_for_lines(2, px) - 1) << c.w << "x" << c.h;
    EXPECT_GE(l.heatmap.w, 30 * px) << c.w << "x" << c.h;
    EXPECT_EQ(l.heatmap.h, c.h) << "the heatmap keeps the whole height";
    EXPECT_EQ(l.graph.right(), c.w);
  }
  // The graph view hidden: the plots come back, the pseudocode goes under the heatmap where it has room.
  const StudioLayout hidden = compute_layout(LayoutInput{1920, 1080, 1, false, true, false, false});
  EXPECT_TRUE(hidden.graph.empty());
  EXPECT_FALSE(hidden.plots.empty());
  EXPECT_EQ(hidden.pseudocode.y, hidden.heatmap.bottom());
  // Without a classroom-sized graph the plots keep the right column.
  EXPECT_FALSE(compute_layout(LayoutInput{1280, 720, 1, false, false, false}).plots.empty());
}

TEST(Layout, ASmallWindowAtALargeScaleKeepsTheControlsAndAWideHeatmap) {
  // 1280 x 720 at scale 2 is a 640 x 360 screen: three columns left the matrix 2 px.
  for (float scale : {1.5f, 2.0f}) {
    const StudioLayout l = compute_layout(LayoutInput{1280, 720, scale, false, true, false});
    EXPECT_FALSE(l.controls.empty());
    EXPECT_EQ(l.heatmap.right(), 1280);
    EXPECT_GE(l.heatmap.w, 22 * l.text_px);
    EXPECT_TRUE(l.plots.empty() && l.log.empty() && l.graph.empty() && l.pseudocode.empty());
  }
}

TEST(Layout, PresentationTypeComesFromTheWindowNotTheUiScale) {
  // Scale 1.5 gave 55 px heading type and a 55 px matrix at 720 p; the graph view and pseudocode stayed at 13 px.
  for (float scale : {1.0f, 1.5f, 2.0f}) {
    for (bool graph : {false, true}) {
      const StudioLayout at720 = compute_layout(LayoutInput{1280, 720, scale, true, graph, false});
      EXPECT_GE(at720.text_px, apsp::studio::kPresentationMinTextPx) << scale;
      EXPECT_LE(at720.title_px, 1.25f * at720.text_px) << "a title that takes the matrix's room";
      const StudioLayout at1 = compute_layout(LayoutInput{1280, 720, 1, true, graph, false});
      EXPECT_EQ(at720.heatmap.w, at1.heatmap.w) << "scale " << scale << " gives the matrix less room";
      EXPECT_EQ(at720.heatmap.h, at1.heatmap.h);
      EXPECT_EQ(at720.text_px, at1.text_px);
      const StudioLayout at1080 = compute_layout(LayoutInput{1920, 1080, scale, true, graph, false});
      EXPECT_GE(at1080.text_px, 30) << "1080 p: the same share of the screen as 720 p";
    }
  }
  // --font-scale multiplies the type in both modes.
  LayoutInput in{1280, 720, 1.5f, true, true, false};
  in.font_scale = 1.5f;
  EXPECT_EQ(compute_layout(in).text_px, 30);
  EXPECT_EQ(type_sizes(in).body_px, std::round(17 * 1.5f * 1.5f));
}

TEST(Layout, PresentationLeavesSixteenCellsOfThirtyTwoPixelsBesideTheKey) {
  // The heatmap panel (ui/heatmap_view_panel.cpp) puts its legend in a column 13.5 lines wide beside the matrix,
  // under a one-line title and a key line; the matrix of n = 16 keeps 32 px cells with their axis numbers.
  for (auto [w, h] : {std::pair{1280.0f, 720.0f}, std::pair{1920.0f, 1080.0f}}) {
    for (bool graph : {false, true}) {
      const StudioLayout l = compute_layout(LayoutInput{w, h, 1, true, graph, false});
      const float tp = l.text_px;
      const float padding = 2 * 10, axis = 2 * tp;
      const float matrix_w = l.heatmap.w - padding - 13.5f * tp - 16 - axis;
      const float matrix_h = l.heatmap.h - padding - 1.35f * l.title_px - 1.35f * tp - axis;
      EXPECT_GE(std::min(matrix_w, matrix_h) / 16, 32) << w << "x" << h << (graph ? " with" : " without")
                                                        << " the graph view";
      if (graph) {
        EXPECT_GE(l.graph.h, panel_height_for_lines(11, tp) - 1);
        EXPECT_GE(l.graph.w, 0.28f * w) << "the classroom column keeps room for the graph view";
      }
    }
  }
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
      EXPECT_GE(l.inspector.h, in.height * 0.25f) << "room for the relaxation, the verdict and the path";
      const auto rects = shown(l);
      for (std::size_t i = 0; i < rects.size(); ++i) {
        for (std::size_t k = i + 1; k < rects.size(); ++k) {
          EXPECT_FALSE(overlap(rects[i], rects[k])) << i << " vs " << k;
        }
      }
      if (graph) {
        EXPECT_EQ(l.pseudocode.bottom(), l.inspector.y) << "under the graph view and the pseudocode";
      }
    }
  }
  // Normal mode has the inspector in the controls column: no overlay.
  LayoutInput normal{1280, 720, 1, false, true, false};
  normal.inspector = true;
  EXPECT_TRUE(compute_layout(normal).inspector.empty());
}

TEST(Layout, PlotsKeepRoomForThreeChartsAtScaleTwo) {
  // At --scale 2 on 1080 p the plots got half the height and the third chart was cut off.
  const StudioLayout l = compute_layout(LayoutInput{1920, 1080, 2, false, false, false});
  EXPECT_GE(l.plots.h, (3 * 6 + 4.8) * 17 * 2 - 1);  // three charts and the tab bar
  EXPECT_GE(l.log.h, 2 * 17 * 2 - 1);               // the log scrolls: its title and a line
}

TEST(Layout, TheLogBesideThePlotsShowsItsButtonAndThreeLines) {
  // At 1920 x 1080 and scale 1.5 the log was half a line high under the profile.
  struct Case {
    float w, h, scale;
    bool multi_gpu;
  };
  for (Case c : {Case{1280, 720, 1, false}, Case{1920, 1080, 1, false}, Case{1920, 1080, 1.5f, false},
                 Case{1920, 1080, 1.5f, true}, Case{1280, 800, 1, true}}) {
    const StudioLayout l = compute_layout(LayoutInput{c.w, c.h, c.scale, false, false, c.multi_gpu});
    const float px = type_sizes(LayoutInput{c.w, c.h, c.scale}).body_px;
    ASSERT_FALSE(l.log.empty()) << c.w << "x" << c.h << " at " << c.scale;
    EXPECT_GE(l.log.h, panel_height_for_lines(5, px) - 1) << c.w << "x" << c.h << " at " << c.scale;
    EXPECT_GE(l.profile.h, 6.5f * px - 1) << c.w << "x" << c.h << " at " << c.scale << ": the profile's minimum";
    EXPECT_EQ(l.log.bottom(), c.h);
  }
}

}  // namespace
