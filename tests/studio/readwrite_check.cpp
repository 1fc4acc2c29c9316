// What a phase read and wrote, in a --heatmap-png of a small matrix (one texel per cell, --heatmap-scale S):
//   links --png P --scale S --n N --block B --links "fi,fj>ti,tj ..."
//     the links named (block (fi, fj) read, block (ti, tj) written) are drawn: along the line from the read
//     block's middle to the written block's near edge, half or more of the pixels show a link's cross-section
//     (light, dark, dark, light; block outlines and other arrowheads cover the rest); every other stretch of a
//     block middle line shows almost none;
//   role --png P --scale S --n N --block B --at bi,bj --rgb R,G,B --expect written|read|none
//     block (bi, bj)'s outline in hue R,G,B: written - a band on its edge (solid or dashed, the edge pixel and
//     the next); read - a double outline (the edge pixel, a gap, a line two or three pixels in; needs a scale
//     of 12 or more); none - no pixel of that hue in the block.
// The middle of a block of two or more cells is the cell boundary nearest its middle (shaders/heatmap.frag).
#include <cstdio>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "check_tool.h"

namespace {

using namespace apsp::check_tool;

const std::vector<int> kLinkCore = {0, 0, 0};          // OverlayStyle::link
const std::vector<int> kLinkCasing = {255, 255, 255};  // OverlayStyle::light

struct Grid {
  int n = 0, block = 1, scale = 1;
  int blocks() const { return (n + block - 1) / block; }
  int first(int b) const { return b * block; }
  int end(int b) const { return std::min(n, first(b) + block); }
  // The middle of block b in pixels: a cell boundary, or a one-cell block's centre.
  double mid(int b) const {
    const int size = end(b) - first(b);
    return size >= 2 ? double(first(b) + size / 2) * scale : (first(b) + 0.5) * scale;
  }
};

Grid grid_of(const Args& args) {
  Grid g;
  g.n = std::stoi(need(args, "--n"));
  g.block = std::stoi(need(args, "--block"));
  g.scale = std::stoi(need(args, "--scale"));
  return g;
}

struct Link {
  int fi, fj, ti, tj;
};

std::vector<Link> parse_links(const std::string& text) {
  std::vector<Link> links;
  std::istringstream in(text);
  std::string word;
  while (in >> word) {
    Link l{};
    if (std::sscanf(word.c_str(), "%d,%d>%d,%d", &l.fi, &l.fj, &l.ti, &l.tj) != 4) fail("bad link " + word);
    if (l.fi != l.ti && l.fj != l.tj) fail("link " + word + " is neither along a row nor a column");
    links.push_back(l);
  }
  return links;
}

// The two pixel lines either side of a middle line (the core of a link at export size), as (along, across).
struct Line {
  bool horizontal;
  int across;  // the pixel row (column) just after the boundary
};

// A link's cross-section at export size: light, dark, dark, light across the line (the core alone could be a
// dark cell or outline casing).
bool core_at(const RgbImage& img, const Line& line, int along) {
  auto pixel = [&](int offset) {  // offset -2..1 across the line
    const int x = line.horizontal ? along : line.across + offset, y = line.horizontal ? line.across + offset : along;
    return x >= 0 && y >= 0 && x < img.width && y < img.height ? img.at(x, y) : nullptr;
  };
  const unsigned char *a = pixel(-2), *b = pixel(-1), *c = pixel(0), *d = pixel(1);
  return a && b && c && d && has_colour(a, kLinkCasing) && has_colour(b, kLinkCore) && has_colour(c, kLinkCore) &&
         has_colour(d, kLinkCasing);
}

int check_links(const Args& args) {
  const RgbImage img = load_rgb_png(need(args, "--png"));
  const Grid g = grid_of(args);
  if (img.width != g.n * g.scale || img.height != g.n * g.scale) fail("image is not n x --scale pixels a side");
  const std::vector<Link> links = parse_links(need(args, "--links"));
  // covered[line][pixel]: pixels of middle lines an expected link runs along (its arrowhead included).
  const int blocks = g.blocks(), size = g.n * g.scale;
  std::vector<std::vector<bool>> covered(static_cast<std::size_t>(2 * blocks),
                                         std::vector<bool>(static_cast<std::size_t>(size), false));
  for (const Link& l : links) {
    const bool horizontal = l.fi == l.ti;
    const Line line{horizontal, static_cast<int>(horizontal ? g.mid(l.fi) : g.mid(l.fj))};
    // From the read block's middle to the written block's near edge, where the arrowhead's tip touches it.
    const double from = horizontal ? g.mid(l.fj) : g.mid(l.fi);
    const int to_block = horizontal ? l.tj : l.ti;
    const double to = (to_block * g.block * g.scale > from ? g.first(to_block) : g.end(to_block)) * g.scale;
    const int lo = static_cast<int>(std::min(from, to)), hi = static_cast<int>(std::max(from, to));
    // The body, short of the arrowhead (twice the rim, at least 8 pixels long) and a pixel from the start.
    const int head = 2 * std::max(4, g.scale / 4);
    const int body_lo = to > from ? lo + 1 : lo + head, body_hi = to > from ? hi - head : hi - 1;
    int core = 0, total = 0;
    for (int a = body_lo; a < body_hi; ++a) {
      ++total;
      core += core_at(img, line, a) ? 1 : 0;
    }
    for (int a = lo; a <= hi && a < size; ++a)
      covered[static_cast<std::size_t>(horizontal ? l.fi : blocks + l.fj)][static_cast<std::size_t>(a)] = true;
    std::printf("link (%d, %d) > (%d, %d): %d of %d pixels of its line carry the core\n", l.fi, l.fj, l.ti, l.tj, core,
                total);
    if (total == 0) fail("the link is too short to check at this scale");
    // Block outlines (drawn over links) and the arrowheads of other links on the same line take the rest.
    if (core * 2 < total) fail("link missing or broken between the expected blocks");
  }
  // Every other stretch of every middle line: hardly any core pixels.
  for (int m = 0; m < 2 * blocks; ++m) {
    const bool horizontal = m < blocks;
    const Line line{horizontal, static_cast<int>(g.mid(horizontal ? m : m - blocks))};
    int core = 0, total = 0;
    for (int a = 0; a < size; ++a) {
      if (covered[static_cast<std::size_t>(m)][static_cast<std::size_t>(a)]) continue;
      ++total;
      core += core_at(img, line, a) ? 1 : 0;
    }
    if (total > 0 && core * 10 > total) {
      fail(std::string("a link along the middle of block ") + (horizontal ? "row " : "column ") +
           std::to_string(horizontal ? m : m - blocks) + " that was not expected (" + std::to_string(core) + " of " +
           std::to_string(total) + " pixels)");
    }
  }
  return 0;
}

int check_role(const Args& args) {
  const RgbImage img = load_rgb_png(need(args, "--png"));
  const Grid g = grid_of(args);
  int bi = 0, bj = 0;
  if (std::sscanf(need(args, "--at").c_str(), "%d,%d", &bi, &bj) != 2) fail("--at bi,bj");
  const std::vector<int> hue = rgb_of(need(args, "--rgb"));
  const std::string expect = need(args, "--expect");
  const int x0 = g.first(bj) * g.scale, x1 = g.end(bj) * g.scale, y0 = g.first(bi) * g.scale, y1 = g.end(bi) * g.scale;
  // Pixels of hue on the ring `depth` pixels in from the block's edge, and in the whole block.
  auto ring = [&](int depth) {
    int on = 0, total = 0;
    for (int y = y0 + depth; y < y1 - depth; ++y) {
      for (int x = x0 + depth; x < x1 - depth; ++x) {
        if (x != x0 + depth && x != x1 - 1 - depth && y != y0 + depth && y != y1 - 1 - depth) continue;
        ++total;
        on += has_colour(img.at(x, y), hue) ? 1 : 0;
      }
    }
    return std::make_pair(on, total);
  };
  const auto [edge, edge_total] = ring(0);
  const auto [band, band_total] = ring(1);
  const auto [inner2, inner2_total] = ring(2);
  const auto [inner3, inner3_total] = ring(3);
  // The inner line of a double outline: two or three pixels in, whichever the width puts it on.
  const bool second_at_2 = inner2 * inner3_total >= inner3 * inner2_total;
  const int inner = second_at_2 ? inner2 : inner3, inner_total = second_at_2 ? inner2_total : inner3_total;
  int anywhere = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) anywhere += has_colour(img.at(x, y), hue) ? 1 : 0;
  std::printf("block (%d, %d): pixels of its hue on the edge %d/%d, one in %d/%d, two or three in %d/%d; %d in all\n",
              bi, bj, edge, edge_total, band, band_total, inner, inner_total, anywhere);
  if (expect == "none") {
    if (anywhere) fail("an outline on a block the phase neither read nor wrote");
  } else if (expect == "written") {
    if (edge * 4 < edge_total || band * 4 < band_total) fail("no solid or dashed outline on a block the phase wrote");
  } else if (expect == "read") {
    // (Rings of selected and source cells, drawn over outlines, may cover part of either line.)
    if (edge * 10 < edge_total * 6 || band > 0 || inner * 10 < inner_total * 6)
      fail("no double outline (an edge line, a gap, a second line) on a block only read");
  } else {
    fail("--expect written|read|none");
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) fail("usage: readwrite_check links|role --key value ...");
  const std::string mode = argv[1];
  const Args args = parse_args(argc, argv, 2);
  if (mode == "links") return check_links(args);
  if (mode == "role") return check_role(args);
  fail("unknown mode " + mode);
}
