// The "align" mode of studio_image_check: block outlines on the blocks' texel boundaries, in a --heatmap-png with
// overlays (--heatmap-scale S): the pivot block's outline in phases 1 and 2 (written, then read) and none in
// phase 3, which does not use it; the pivot row/column blocks' outlines in phases 2 and 3 (written, then read:
// their edge pixel is their hue or the dark casing either way); nothing of either hue elsewhere.
//   align --png P --scale S --n N --block B --round R --phase F [--budget TEXELS]
#include <apsp/view/view.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "check_tool.h"

using namespace apsp::check_tool;

namespace {

using Rgb = std::array<unsigned char, 3>;

Rgb rgb_at(const RgbImage& img, int x, int y) {
  const unsigned char* p = img.at(x, y);
  return {p[0], p[1], p[2]};
}

// Overlay colours of render/overlay_style.h as 8-bit values.
constexpr Rgb kPivotColour{220, 80, 0};
constexpr Rgb kRowColColour{87, 181, 232};
constexpr Rgb kDark{0, 0, 0};

// Texel span [lo, hi) of every block along one axis, computed the plain way: texel t belongs to the block of the
// first cell it covers (view.h: t * n / texels). A block that owns no texel gets lo == hi.
std::vector<std::pair<int, int>> block_spans(int n, int texels, int block) {
  const int blocks = (n + block - 1) / block;
  std::vector<std::pair<int, int>> spans(static_cast<std::size_t>(blocks), {-1, -1});
  for (int t = 0; t < texels; ++t) {
    const int b = static_cast<int>(static_cast<std::int64_t>(t) * n / texels) / block;
    auto& s = spans[static_cast<std::size_t>(b)];
    if (s.first < 0) s.first = t;
    s.second = t + 1;
  }
  for (auto& s : spans) {
    if (s.first < 0) s = {0, 0};
  }
  return spans;
}

// Block outlines in a (possibly tiled) view at --scale S: the pivot block of round --round has a solid outline in
// the pivot colour all along its texel span's outer edge, and no pivot-coloured pixel lies outside that span (an
// L-shaped or shifted pivot fails); with --phase 2 or 3 (the phase just done) every pivot row/column block has a
// dashed outline (pivot-row/column colour and dark) on its span's outer edge and that colour appears nowhere else.
}  // namespace

int check_block_outlines(const std::map<std::string, std::string>& args) {
  const RgbImage img = load_rgb_png(need(args, "--png"));
  const int n = std::stoi(need(args, "--n"));
  const int block = std::stoi(need(args, "--block"));
  const int round = std::stoi(need(args, "--round"));
  const int phase = std::stoi(need(args, "--phase"));
  const int scale = std::stoi(need(args, "--scale"));
  const int budget = args.count("--budget") ? std::stoi(args.at("--budget")) : apsp::kDefaultViewBudget;
  const apsp::ViewGeometry g = apsp::make_view_geometry(n, budget);
  if (img.width != g.cols * scale || img.height != g.rows * scale) fail("image size is not texels x --scale");
  const auto cols = block_spans(n, g.cols, block), rows = block_spans(n, g.rows, block);
  struct Box {
    int x0, y0, x1, y1;  // pixels, [x0, x1) x [y0, y1)
    bool contains(int x, int y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
    bool on_edge(int x, int y) const { return contains(x, y) && (x == x0 || y == y0 || x == x1 - 1 || y == y1 - 1); }
  };
  auto box = [&](int bi, int bj) {
    const auto& r = rows[static_cast<std::size_t>(bi)];
    const auto& c = cols[static_cast<std::size_t>(bj)];
    return Box{c.first * scale, r.first * scale, c.second * scale, r.second * scale};
  };
  const Box pivot = box(round, round);
  std::vector<Box> rowcol;
  const int blocks = static_cast<int>(rows.size());
  for (int b = 0; b < blocks; ++b) {
    if (b == round) continue;
    rowcol.push_back(box(round, b));
    rowcol.push_back(box(b, round));
  }
  std::size_t pivot_edge = 0, pivot_edge_ok = 0, pivot_outside = 0;
  std::size_t rc_edge = 0, rc_edge_hue = 0, rc_edge_bad = 0, rc_outside = 0;
  for (int y = 0; y < img.height; ++y) {
    for (int x = 0; x < img.width; ++x) {
      const Rgb p = rgb_at(img, x, y);
      if (pivot.on_edge(x, y)) {
        ++pivot_edge;
        pivot_edge_ok += p == kPivotColour ? 1 : 0;
      }
      if (p == kPivotColour && !pivot.contains(x, y)) ++pivot_outside;
      bool in_rowcol = false;
      for (const Box& b : rowcol) {
        if (b.contains(x, y)) in_rowcol = true;
        if (phase >= 2 && b.on_edge(x, y)) {
          ++rc_edge;
          rc_edge_hue += p == kRowColColour ? 1 : 0;
          rc_edge_bad += p != kRowColColour && p != kDark ? 1 : 0;
        }
      }
      if (p == kRowColColour && !in_rowcol) ++rc_outside;
    }
  }
  std::printf(
      "pivot span texels x %d..%d, y %d..%d: %zu/%zu edge pixels in the pivot colour, %zu outside; "
      "row/col edges: %zu/%zu in their colour, %zu neither it nor dark, %zu of their colour outside\n",
      pivot.x0 / scale, pivot.x1 / scale - 1, pivot.y0 / scale, pivot.y1 / scale - 1, pivot_edge_ok, pivot_edge,
      pivot_outside, rc_edge_hue, rc_edge, rc_edge_bad, rc_outside);
  if (pivot_edge == 0) fail("the pivot block owns no texel in this view");
  if (phase <= 2 && pivot_edge_ok != pivot_edge)
    fail("the pivot outline does not follow the pivot block's texel boundary");
  if (phase == 3 && pivot_edge_ok) fail("the pivot block outlined in phase 3, which does not use it");
  if (pivot_outside) fail("pivot-coloured pixels outside the pivot block (misaligned or L-shaped pivot)");
  if (phase >= 2) {
    if (rc_edge_bad) fail("the row/column outlines leave their blocks' texel boundaries");
    if (rc_edge_hue * 4 < rc_edge) fail("the row/column outlines are missing");
  } else if (rc_edge_hue + rc_outside > 0) {
    fail("row/column outlines drawn after phase 1");
  }
  if (rc_outside) fail("row/column-coloured pixels outside the pivot row/column blocks");
  return 0;
}
