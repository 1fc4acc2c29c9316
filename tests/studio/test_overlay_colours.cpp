// The overlay palette stays distinguishable, from itself and from the colormaps, for viewers with the three
// dichromacies. Pure C++: render/overlay_style.h and assets/colormaps/*.txt, no GL.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "colour_vision.h"
#include "render/overlay_style.h"

namespace {

using namespace colour_vision;
using apsp::studio::OverlayStyle;
using apsp::studio::Rgbf;

// CIEDE2000 of 10 is a difference anyone sees at a glance (about 5 just-noticeable differences); both threshold
// and model are stated here so that a palette change has to pass the same bar.
constexpr double kMinDeltaE = 10.0;
// The two-tone elements (hatching, selection ring, casings) need only one of their tones to stand out, but
// that one by a wide margin: a line of black and white must show on every cell colour.
constexpr double kMinTwoToneDeltaE = 30.0;

const Deficiency kViewers[] = {Deficiency::None, Deficiency::Protanopia, Deficiency::Deuteranopia,
                               Deficiency::Tritanopia};

Rgb8 to_rgb8(const Rgbf& c) {
  auto q = [](float v) { return static_cast<int>(v * 255.0f + 0.5f); };
  return {q(c[0]), q(c[1]), q(c[2])};
}

struct NamedColour {
  std::string name;
  Rgb8 rgb;
};

// The ends of every colormap and its INF entry (256): the colours a cell can take that are the most extreme.
std::vector<NamedColour> colormap_ends() {
  std::vector<NamedColour> out;
  for (const auto& entry : std::filesystem::directory_iterator(APSP_COLORMAP_DIR)) {
    if (entry.path().extension() != ".txt") continue;
    std::ifstream in(entry.path());
    std::vector<Rgb8> lut;
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream s(line);
      Rgb8 c{};
      s >> c[0] >> c[1] >> c[2];
      lut.push_back(c);
    }
    EXPECT_EQ(lut.size(), 257u) << entry.path();
    if (lut.size() != 257) continue;
    const std::string map = entry.path().stem().string();
    out.push_back({map + "[0]", lut[0]});
    out.push_back({map + "[255]", lut[255]});
    out.push_back({map + " INF", lut[256]});
  }
  return out;
}

// Every entry of every colormap, INF included (257 each): every colour a cell can take.
std::vector<NamedColour> colormap_entries() {
  std::vector<NamedColour> out;
  for (const auto& entry : std::filesystem::directory_iterator(APSP_COLORMAP_DIR)) {
    if (entry.path().extension() != ".txt") continue;
    std::ifstream in(entry.path());
    std::string line;
    int index = 0;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream s(line);
      Rgb8 c{};
      s >> c[0] >> c[1] >> c[2];
      std::string name = entry.path().stem().string();
      if (index == 256) {
        name += " INF";
      } else {
        name += '[';  // appended piecewise: "[" + std::to_string() trips GCC 12's -Wrestrict false positive
        name += std::to_string(index);
        name += ']';
      }
      out.push_back({name, c});
      ++index;
    }
  }
  return out;
}

std::vector<Rgb8> edge_tones(OverlayStyle::Edge edge) {
  if (edge == OverlayStyle::Edge::Dark) return {to_rgb8(OverlayStyle::dark)};
  return {to_rgb8(OverlayStyle::dark), to_rgb8(OverlayStyle::light)};
}

// The largest difference between a tone of @p edge and @p cell, as viewer @p d sees them.
double edge_contrast(OverlayStyle::Edge edge, const Rgb8& cell, Deficiency d) {
  double best = 0;
  for (const Rgb8& tone : edge_tones(edge)) best = std::max(best, delta_e_2000(perceived_lab(tone, d), perceived_lab(cell, d)));
  return best;
}

TEST(ColourVision, Ciede2000MatchesSharmaTestData) {
  // Pairs 1, 7 and 17 of Sharma et al. 2005, Table 1.
  EXPECT_NEAR(delta_e_2000({50.0, 2.6772, -79.7751}, {50.0, 0.0, -82.7485}), 2.0425, 1e-4);
  EXPECT_NEAR(delta_e_2000({50.0, 0.0, 0.0}, {50.0, -1.0, 2.0}), 2.3669, 1e-4);
  EXPECT_NEAR(delta_e_2000({50.0, 2.5, 0.0}, {73.0, 25.0, -18.0}), 27.1492, 1e-4);
}

TEST(ColourVision, SimulationKeepsGreysAndMergesRedGreenForDeuteranopes) {
  // Each Machado matrix maps white to (about) white; red and green, far apart normally, come close for deutans.
  for (Deficiency d : kViewers) {
    const Vec3 w = simulate({1, 1, 1}, d);
    for (double v : w) EXPECT_NEAR(v, 1.0, 1e-2) << name(d);
  }
  const Rgb8 red{200, 80, 40}, green{110, 120, 40};
  EXPECT_GT(delta_e_2000(perceived_lab(red, Deficiency::None), perceived_lab(green, Deficiency::None)), 25.0);
  EXPECT_LT(delta_e_2000(perceived_lab(red, Deficiency::Deuteranopia), perceived_lab(green, Deficiency::Deuteranopia)),
            12.0);
}

TEST(OverlayPalette, HuesDistinctFromEachOtherUnderEveryDichromacy) {
  for (Deficiency d : kViewers) {
    for (std::size_t a = 0; a < OverlayStyle::hues.size(); ++a) {
      for (std::size_t b = a + 1; b < OverlayStyle::hues.size(); ++b) {
        const double de = delta_e_2000(perceived_lab(to_rgb8(OverlayStyle::hues[a].colour), d),
                                       perceived_lab(to_rgb8(OverlayStyle::hues[b].colour), d));
        EXPECT_GE(de, kMinDeltaE) << name(d) << ": " << OverlayStyle::hues[a].name << " vs "
                                  << OverlayStyle::hues[b].name;
      }
    }
  }
}

TEST(OverlayPalette, HuesDistinctFromColormapEndsAndInfUnderEveryDichromacy) {
  const std::vector<NamedColour> ends = colormap_ends();
  ASSERT_GE(ends.size(), 12u) << "expected the four colormaps in " << APSP_COLORMAP_DIR;
  double worst = 1e9;
  for (Deficiency d : kViewers) {
    for (const auto& hue : OverlayStyle::hues) {
      for (const NamedColour& end : ends) {
        const double de = delta_e_2000(perceived_lab(to_rgb8(hue.colour), d), perceived_lab(end.rgb, d));
        worst = std::min(worst, de);
        EXPECT_GE(de, kMinDeltaE) << name(d) << ": overlay " << hue.name << " vs " << end.name;
      }
    }
  }
  std::printf("smallest CIEDE2000 between an overlay hue and a colormap end / INF: %.1f\n", worst);
}

// Over EVERY colormap entry no hue can keep kMinDeltaE (turbo holds every hue, gray every lightness), so a mark
// shows on a cell by its hue (>= kMinDeltaE) or, where the hue blends in, by its 1-px edge, which needs the wide
// two-tone margin (>= kMinTwoToneDeltaE) to be seen at that width.
TEST(OverlayPalette, EveryMarkShowsOnEveryColormapEntryUnderEveryDichromacy) {
  const std::vector<NamedColour> cells = colormap_entries();
  ASSERT_EQ(cells.size(), 4u * 257u) << "expected the four colormaps in " << APSP_COLORMAP_DIR;
  for (Deficiency d : kViewers) {
    for (const auto& mark : OverlayStyle::hues) {
      int failures = 0;
      for (const NamedColour& cell : cells) {
        const double hue = delta_e_2000(perceived_lab(to_rgb8(mark.colour), d), perceived_lab(cell.rgb, d));
        if (hue >= kMinDeltaE || edge_contrast(mark.edge, cell.rgb, d) >= kMinTwoToneDeltaE) continue;
        if (failures++ < 3)
          ADD_FAILURE() << name(d) << ": " << mark.name << " (hue " << hue << ") blends into " << cell.name
                        << " and its edge too";
      }
      EXPECT_EQ(failures, 0) << name(d) << ": " << mark.name;
    }
  }
}

// An area mark (the improved triangle) is read by its hue; on a cell of about that hue (mid-viridis for the
// bluish green) only its edge is left, so the edge alone must show on every entry: a dark-only edge vanishes on
// the dark end of every colormap, a dark-and-light one does not.
TEST(OverlayPalette, AreaMarksOutlinedOnEveryColormapEntry) {
  const std::vector<NamedColour> cells = colormap_entries();
  for (Deficiency d : kViewers) {
    for (const auto& mark : OverlayStyle::hues) {
      if (!mark.area) continue;
      int failures = 0;
      for (const NamedColour& cell : cells) {
        const double edge = edge_contrast(mark.edge, cell.rgb, d);
        if (edge < kMinTwoToneDeltaE && failures++ < 3)
          ADD_FAILURE() << name(d) << ": the edge of " << mark.name << " on " << cell.name << ": " << edge;
      }
      EXPECT_EQ(failures, 0) << name(d) << ": " << mark.name;
    }
  }
}

// Inside its edge the hue must still read as a colour of its own.
TEST(OverlayPalette, HueReadableAgainstItsEdge) {
  for (Deficiency d : kViewers) {
    for (const auto& mark : OverlayStyle::hues) {
      for (const Rgb8& tone : edge_tones(mark.edge))
        EXPECT_GE(delta_e_2000(perceived_lab(to_rgb8(mark.colour), d), perceived_lab(tone, d)), kMinDeltaE)
            << name(d) << ": " << mark.name;
    }
  }
}

TEST(OverlayPalette, NotYetComputedGreyDistinctFromColormapEndsAndInf) {
  // Rows a sparse solve has not computed yet must not read as INF or as either end of a colormap.
  double worst = 1e9;
  for (Deficiency d : kViewers) {
    for (const NamedColour& end : colormap_ends()) {
      const double de = delta_e_2000(perceived_lab(to_rgb8(OverlayStyle::not_yet), d), perceived_lab(end.rgb, d));
      worst = std::min(worst, de);
      EXPECT_GE(de, kMinDeltaE) << name(d) << ": not-yet grey vs " << end.name;
    }
  }
  std::printf("smallest CIEDE2000 between the not-yet grey and a colormap end / INF: %.1f\n", worst);
}

TEST(OverlayPalette, TwoToneElementsShowOnEveryColormapColour) {
  // Every entry of every colormap, not only the ends: hatching, the selection ring and the two-tone edges cross
  // all of them.
  for (const NamedColour& cell : colormap_entries()) {
    for (Deficiency d : kViewers)
      EXPECT_GE(edge_contrast(OverlayStyle::Edge::DarkLight, cell.rgb, d), kMinTwoToneDeltaE) << name(d) << ": " << cell.name;
  }
}

TEST(OverlayPalette, LinksShowOnEveryColormapColour) {
  // The arrows from blocks read to blocks written cross every cell colour: their dark core or their light
  // casing stands out by the two-tone margin.
  for (const auto& entry : std::filesystem::directory_iterator(APSP_COLORMAP_DIR)) {
    if (entry.path().extension() != ".txt") continue;
    std::ifstream in(entry.path());
    std::string line;
    for (int index = 0; std::getline(in, line);) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream s(line);
      Rgb8 c{};
      s >> c[0] >> c[1] >> c[2];
      for (Deficiency d : kViewers) {
        const Vec3 cell = perceived_lab(c, d);
        const double de = std::max(delta_e_2000(cell, perceived_lab(to_rgb8(OverlayStyle::link), d)),
                                   delta_e_2000(cell, perceived_lab(to_rgb8(OverlayStyle::light), d)));
        EXPECT_GE(de, kMinTwoToneDeltaE) << name(d) << ": " << entry.path().stem() << "[" << index << "]";
      }
      ++index;
    }
  }
  // The core is not a hue of its own: it must not be taken for one of the overlay hues either.
  for (Deficiency d : kViewers) {
    for (const auto& hue : OverlayStyle::hues) {
      const double de =
          delta_e_2000(perceived_lab(to_rgb8(OverlayStyle::link), d), perceived_lab(to_rgb8(hue.colour), d));
      EXPECT_GE(de, kMinDeltaE) << name(d) << ": link vs " << hue.name;
    }
  }
}

TEST(OverlayPalette, GrayInfIsNotTakenForAnOverlay) {
  // The complaint this guards: with --colormap gray the INF colour was close to the "improved" colour.
  const std::vector<NamedColour> ends = colormap_ends();
  for (const NamedColour& end : ends) {
    if (end.name != "gray INF") continue;
    for (Deficiency d : kViewers) {
      const double de = delta_e_2000(perceived_lab(to_rgb8(OverlayStyle::improved), d), perceived_lab(end.rgb, d));
      EXPECT_GE(de, kMinDeltaE) << name(d);
    }
    return;
  }
  FAIL() << "gray colormap not found";
}

}  // namespace
