#include <apsp/view/source_rows_view.h>

#include <algorithm>
#include <cmath>

namespace apsp {

ViewGeometry make_source_rows_geometry(std::int64_t rows, int n, int budget) {
  ViewGeometry g;
  g.n = n;
  g.matrix_rows = static_cast<int>(rows);
  const std::int64_t longest = std::max<std::int64_t>(rows, n);
  if (longest <= budget) {
    g.rows = static_cast<int>(rows);
    g.cols = n;
    return g;
  }
  // One scale for both sides (rounded up, so no side collapses to zero texels).
  const auto scaled = [&](std::int64_t side) {
    return static_cast<int>(std::clamp<std::int64_t>((side * budget + longest - 1) / longest, 1, budget));
  };
  g.rows = rows > 0 ? scaled(rows) : 0;
  g.cols = n > 0 ? scaled(n) : 0;
  return g;
}

int complete_texel_rows(const ViewGeometry& g, std::int64_t rows_done) {
  int y = 0;
  while (y < g.rows && g.row_begin(y + 1) <= rows_done) ++y;
  return y;
}

void source_rows_tiles(const SourceDistances& d, std::int64_t rows_done, const ViewGeometry& g, std::int32_t* tiles,
                       int first_texel_row) {
  for (int y = std::max(first_texel_row, 0); y < g.rows; ++y) {
    const int r0 = g.row_begin(y), r1 = g.row_begin(y + 1);
    std::int32_t* out = tiles + static_cast<std::size_t>(y) * static_cast<std::size_t>(g.cols);
    if (r1 > rows_done) {
      std::fill(out, out + g.cols, kViewPendingTile);
      continue;
    }
    std::fill(out, out + g.cols, kViewPendingTile);
    for (int r = r0; r < r1; ++r) {
      const std::int32_t* row = d.row(r);
      for (int x = 0; x < g.cols; ++x) {
        std::int32_t best = out[x];
        for (int c = g.col_begin(x), c1 = g.col_begin(x + 1); c < c1; ++c) best = std::min(best, row[c]);
        out[x] = best;
      }
    }
  }
}

void encode_source_rows_view(const std::int32_t* tiles, std::size_t count, ValueRange r, std::int32_t inf,
                             std::uint16_t* codes) {
  for (std::size_t i = 0; i < count; ++i)
    codes[i] = tiles[i] == kViewPendingTile ? kViewPendingCode : encode_value(tiles[i], r, inf);
}

}  // namespace apsp
