// Checks of the studio's sparse-solver pictures, for tests/studio/studio_test.sh:
//   sparse_check rows --png P --rows S --cols N --done D --rgb R,G,B
//       P is a --heatmap-png of an S x n result at one pixel per cell (N x S pixels); rows [0, D) hold no pixel of
//       the not-yet colour R,G,B, rows [D, S) only that colour
//   sparse_check wide --png P             P is wider than tall (prints its size)
//   sparse_check colour --png P --rgb R,G,B --min N [--max M]   at least N (at most M) pixels of exactly that colour
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "check_tool.h"

namespace {

using namespace apsp::check_tool;

int check_rows(const Args& args) {
  const RgbImage img = load_rgb_png(need(args, "--png"));
  const int rows = std::atoi(need(args, "--rows").c_str()), cols = std::atoi(need(args, "--cols").c_str());
  const int done = std::atoi(need(args, "--done").c_str());
  const std::vector<int> not_yet = rgb_of(need(args, "--rgb"));
  if (img.width != cols || img.height != rows)
    fail("image is " + std::to_string(img.width) + " x " + std::to_string(img.height) + ", expected " +
         std::to_string(cols) + " x " + std::to_string(rows) + " (columns x rows)");
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x) {
      const bool pending = has_colour(img.at(x, y), not_yet);
      const std::string where = "row " + std::to_string(y) + ", pixel " + std::to_string(x);
      if (y < done && pending) fail(where + ": the row is done but the pixel has the not-yet colour");
      if (y >= done && !pending) fail(where + ": the row is not computed yet but the pixel is not the not-yet colour");
    }
  std::printf("ok: %d rows done, %d not yet computed\n", done, rows - done);
  return 0;
}

int check_wide(const Args& args) {
  const RgbImage img = load_rgb_png(need(args, "--png"));
  std::printf("%d x %d\n", img.width, img.height);
  if (img.width <= img.height) fail("not wider than tall");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) fail("usage: sparse_check rows|wide|colour --png P ...");
  const std::string mode = argv[1];
  const Args args = parse_args(argc, argv, 2);
  if (mode == "rows") return check_rows(args);
  if (mode == "wide") return check_wide(args);
  if (mode == "colour") return count_colour(args);
  fail("unknown mode " + mode);
}
