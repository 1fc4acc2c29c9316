// The CPU rasterizer of ImGui draw data: coverage, the top-left rule on shared edges, blending, clipping,
// texture sampling. The draw lists are filled by hand, so every expected pixel is known.
#include <gtest/gtest.h>

#include "chart/raster.h"

namespace apsp::chart {
namespace {

/// A draw list holding quads (two triangles each) of one colour, one command with a clip rectangle.
struct HandDrawList {
  ImDrawList list{nullptr};
  ImDrawData data;
  ImDrawList* lists[1] = {&list};

  explicit HandDrawList(ImVec4 clip = ImVec4(0, 0, 1e6f, 1e6f)) {
    ImDrawCmd cmd;
    cmd.ClipRect = clip;
    list.CmdBuffer.push_back(cmd);
    data.Valid = true;
    data.CmdLists = lists;
    data.CmdListsCount = 1;
  }
  void quad(ImVec2 a, ImVec2 b, ImU32 col, ImVec2 uv = ImVec2(0, 0)) {
    const auto base = static_cast<ImDrawIdx>(list.VtxBuffer.Size);
    for (const ImVec2& p : {a, ImVec2(b.x, a.y), b, ImVec2(a.x, b.y)}) list.VtxBuffer.push_back(ImDrawVert{p, uv, col});
    for (int i : {0, 1, 2, 0, 2, 3}) list.IdxBuffer.push_back(static_cast<ImDrawIdx>(base + i));
    list.CmdBuffer.back().ElemCount += 6;
  }
};

int count_not(const RgbaImage& img, std::uint32_t background) {
  int n = 0;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) n += img.at(x, y) != background;
  return n;
}

TEST(Raster, AQuadCoversExactlyItsPixelsAndBlendsEachOnce) {
  HandDrawList d;
  d.quad(ImVec2(2, 3), ImVec2(12, 8), IM_COL32(0, 0, 0, 128));  // half-transparent black, 10 x 5 pixels
  RgbaImage img(16, 16, 0xffffffff);
  rasterize(d.data, Texture{}, img);
  EXPECT_EQ(count_not(img, 0xffffffff), 50);
  // Once over white: 255 * (1 - 128/255) = 127; blended twice (the diagonal) it would be 63.
  for (int y = 3; y < 8; ++y)
    for (int x = 2; x < 12; ++x) EXPECT_EQ(img.at(x, y), 0xff7f7f7fu) << x << "," << y;
  EXPECT_EQ(img.at(1, 3), 0xffffffffu);
  EXPECT_EQ(img.at(12, 3), 0xffffffffu);
}

TEST(Raster, AdjacentQuadsShareTheirEdgeWithoutGapOrOverlap) {
  HandDrawList d;
  d.quad(ImVec2(0.5f, 0.5f), ImVec2(5.5f, 4.5f), IM_COL32(255, 0, 0, 128));
  d.quad(ImVec2(5.5f, 0.5f), ImVec2(9.5f, 4.5f), IM_COL32(255, 0, 0, 128));
  RgbaImage img(12, 6, 0xffffffff);
  rasterize(d.data, Texture{}, img);
  // Pixel centres on the shared edge x = 5.5 belong to exactly one quad; the top and left edges are inside, the
  // bottom and right ones outside: rows 0..3 (centres 0.5 .. 3.5), columns 0..8 (centres 0.5 .. 8.5).
  const std::uint32_t once = img.at(3, 2);
  EXPECT_NE(once, 0xffffffffu);
  int covered = 0;
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 12; ++x)
      if (img.at(x, y) != 0xffffffffu) {
        EXPECT_EQ(img.at(x, y), once) << x << "," << y;
        ++covered;
      }
  EXPECT_EQ(covered, 9 * 4);
}

TEST(Raster, ClipRectangleAndTextureApply) {
  HandDrawList d(ImVec4(0, 0, 4, 4));
  const std::uint8_t texel[4] = {0, 255, 0, 255};  // one green texel
  d.quad(ImVec2(0, 0), ImVec2(8, 8), IM_COL32(255, 255, 255, 255), ImVec2(0.5f, 0.5f));
  RgbaImage img(8, 8, 0xff000000);
  rasterize(d.data, Texture{texel, 1, 1}, img);
  EXPECT_EQ(count_not(img, 0xff000000), 16);  // only the 4 x 4 clip rectangle
  EXPECT_EQ(img.at(1, 1), 0xff00ff00u);       // white vertex colour x green texel
}

}  // namespace
}  // namespace apsp::chart
