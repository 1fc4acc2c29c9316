// Checks a labelled heatmap PNG (--heatmap-labels) against the plain one of the same state:
//   exports_check labels --labelled L.png --plain P.png --scale S
// P (n x n cells of S x S pixels, overlays off) must appear inside L, every cell of it carrying text (pixels far
// from the cell's own colour: its printed value), each row with a number left of the matrix and each column one
// above it (dark pixels on the white margin).
#include <cstdio>
#include <cstdlib>
#include <string>

#include "check_tool.h"

namespace {

using namespace apsp::check_tool;

int distance(const unsigned char* a, const unsigned char* b) {
  return std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]);
}
bool dark(const unsigned char* p) { return p[0] + p[1] + p[2] < 3 * 100; }

/// Where @p plain lies in @p labelled: the offset where at least 3 / 4 of its pixels match exactly (the printed
/// values cover the rest).
std::pair<int, int> locate(const RgbImage& labelled, const RgbImage& plain) {
  for (int oy = 0; oy + plain.height <= labelled.height; ++oy) {
    for (int ox = 0; ox + plain.width <= labelled.width; ++ox) {
      long same = 0, seen = 0;
      for (int y = 0; y < plain.height; y += 2) {
        for (int x = 0; x < plain.width; x += 2, ++seen)
          same += distance(plain.at(x, y), labelled.at(ox + x, oy + y)) == 0 ? 1 : 0;
        if (y == 8 && same * 2 < seen) break;  // not here: stop early
      }
      if (same * 4 >= seen * 3) return {ox, oy};
    }
  }
  fail("the plain heatmap is not inside the labelled one");
}

int check_labels(const Args& args) {
  const RgbImage labelled = load_rgb_png(need(args, "--labelled"));
  const RgbImage plain = load_rgb_png(need(args, "--plain"));
  const int scale = std::atoi(need(args, "--scale").c_str());
  const int n = plain.width / scale;
  if (n <= 0 || plain.width != n * scale || plain.height != n * scale) fail("--plain is not n x n cells of --scale");
  const auto [ox, oy] = locate(labelled, plain);
  std::printf("matrix of %d x %d cells at (%d, %d) in a %d x %d image\n", n, n, ox, oy, labelled.width, labelled.height);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const unsigned char* fill = plain.at(c * scale + scale / 2, r * scale + 1);  // above the text
      int ink = 0;
      for (int y = r * scale; y < (r + 1) * scale; ++y)
        for (int x = c * scale; x < (c + 1) * scale; ++x) ink += distance(labelled.at(ox + x, oy + y), fill) > 200 ? 1 : 0;
      if (ink < 6) fail("cell (" + std::to_string(r) + ", " + std::to_string(c) + ") has no printed value");
    }
  }
  for (int i = 0; i < n; ++i) {
    int row_ink = 0, col_ink = 0;
    for (int y = oy + i * scale; y < oy + (i + 1) * scale; ++y)
      for (int x = 0; x < ox - 1; ++x) row_ink += dark(labelled.at(x, y)) ? 1 : 0;
    for (int y = 0; y < oy - 1; ++y)
      for (int x = ox + i * scale; x < ox + (i + 1) * scale; ++x) col_ink += dark(labelled.at(x, y)) ? 1 : 0;
    if (row_ink < 6) fail("row " + std::to_string(i) + " has no number left of the matrix");
    if (col_ink < 6) fail("column " + std::to_string(i) + " has no number above the matrix");
  }
  long below = 0;  // the colour bar and its range below the matrix
  for (int y = oy + plain.height + 2; y < labelled.height; ++y)
    for (int x = 0; x < labelled.width; ++x) below += dark(labelled.at(x, y)) ? 1 : 0;
  if (below < 100) fail("no colour bar below the matrix");
  std::printf("every cell printed, every row and column numbered, a colour bar below\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) fail("usage: exports_check labels --key value ...");
  const Args args = parse_args(argc, argv, 2);
  if (std::string(argv[1]) == "labels") return check_labels(args);
  fail(std::string("unknown mode ") + argv[1]);
}
