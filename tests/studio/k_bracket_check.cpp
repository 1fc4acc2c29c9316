// The row/column-k brackets of a heatmap frame: pixels of exactly OverlayStyle::k_line (reddish purple) that
// line up as a horizontal band (row k) and a vertical band (column k): unbroken runs of at least --min-run
// pixels along a row (column) of the image. The graph view's k rings and the key's swatch use the same hue, but
// none of their runs is that long.
//
//   k_bracket_check --png P --min-run R [--n N --k K]
//
// With --n and --k (plain Floyd–Warshall: its brackets span the whole matrix), the band of row k also gives the
// matrix's left and right edges and so the cell width; the column band must then sit in column K, and likewise
// the column band's extent places the row band in row K.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "check_tool.h"
#include "render/overlay_style.h"

namespace {

using apsp::check_tool::Args;
using apsp::check_tool::fail;
using apsp::check_tool::need;

struct Band {
  int lo = -1, hi = -1;        ///< the image rows (or columns) with at least min_run bracket pixels
  int extent_lo = 1 << 30;     ///< along those rows (columns): the first and last bracket pixel
  int extent_hi = -1;
};

}  // namespace

int main(int argc, char** argv) {
  const Args args = apsp::check_tool::parse_args(argc, argv, 1);
  const std::string png = need(args, "--png");
  const auto image = apsp::check_tool::load_rgb_png(png);
  const int min_run = std::atoi(need(args, "--min-run").c_str());
  const auto& k_line = apsp::studio::OverlayStyle::k_line;
  const std::vector<int> colour = {static_cast<int>(k_line[0] * 255.0f + 0.5f), static_cast<int>(k_line[1] * 255.0f + 0.5f),
                                   static_cast<int>(k_line[2] * 255.0f + 0.5f)};
  const int w = image.width, h = image.height;
  std::vector<char> mask(static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (apsp::check_tool::has_colour(image.at(x, y), colour)) mask[static_cast<std::size_t>(y) * w + x] = 1;
  // Per image row (column): the longest unbroken run of bracket pixels. A bracket runs unbroken along its row
  // (column) from cell to cell; other marks drawn later may cut it, never lengthen it.
  struct Run {
    int length = 0, begin = 0;
  };
  auto longest_run = [&](int count, int along, auto&& is_set) {
    Run best, current;
    for (int t = 0; t < along; ++t) {
      if (is_set(count, t)) {
        if (current.length == 0) current.begin = t;
        if (++current.length > best.length) best = current;
      } else {
        current.length = 0;
      }
    }
    return best;
  };
  Band rows, cols;
  int longest_row = 0, longest_col = 0;
  for (int y = 0; y < h; ++y) {
    const Run r = longest_run(y, w, [&](int yy, int x) { return mask[static_cast<std::size_t>(yy) * w + x] != 0; });
    longest_row = std::max(longest_row, r.length);
    if (r.length < min_run) continue;
    if (rows.lo < 0) rows.lo = y;
    rows.hi = y;
    rows.extent_lo = std::min(rows.extent_lo, r.begin);
    rows.extent_hi = std::max(rows.extent_hi, r.begin + r.length - 1);
  }
  for (int x = 0; x < w; ++x) {
    const Run r = longest_run(x, h, [&](int xx, int y) { return mask[static_cast<std::size_t>(y) * w + xx] != 0; });
    longest_col = std::max(longest_col, r.length);
    if (r.length < min_run) continue;
    if (cols.lo < 0) cols.lo = x;
    cols.hi = x;
    cols.extent_lo = std::min(cols.extent_lo, r.begin);
    cols.extent_hi = std::max(cols.extent_hi, r.begin + r.length - 1);
  }
  std::printf("%s: row-k band y %d..%d (x %d..%d), column-k band x %d..%d (y %d..%d)\n", png.c_str(), rows.lo, rows.hi,
              rows.extent_lo, rows.extent_hi, cols.lo, cols.hi, cols.extent_lo, cols.extent_hi);
  if (rows.lo < 0)
    fail(png + ": no row-k bracket (at most " + std::to_string(longest_row) + " bracket pixels in a row of the image)");
  if (cols.lo < 0)
    fail(png + ": no column-k bracket (at most " + std::to_string(longest_col) + " bracket pixels in an image column)");
  if (args.count("--n") && args.count("--k")) {
    const int n = std::atoi(args.at("--n").c_str());
    const int k = std::atoi(args.at("--k").c_str());
    // The row band runs across the whole matrix: its extent is the matrix's width; the column band's its height.
    const double cell_w = static_cast<double>(rows.extent_hi - rows.extent_lo + 1) / n;
    const double cell_h = static_cast<double>(cols.extent_hi - cols.extent_lo + 1) / n;
    const int col_k = static_cast<int>((0.5 * (cols.lo + cols.hi) - rows.extent_lo) / cell_w);
    const int row_k = static_cast<int>((0.5 * (rows.lo + rows.hi) - cols.extent_lo) / cell_h);
    std::printf("%s: brackets on row %d and column %d (expected k = %d)\n", png.c_str(), row_k, col_k, k);
    if (row_k != k || col_k != k)
      fail(png + ": brackets on row " + std::to_string(row_k) + " and column " + std::to_string(col_k) +
           ", not on k = " + std::to_string(k));
  }
  return 0;
}
