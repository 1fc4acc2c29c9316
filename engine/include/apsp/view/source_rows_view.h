#pragma once
/// @file source_rows_view.h
/// @brief The heatmap of a sparse solve's S x n rows while they fill: texels of rows not computed yet get
/// kViewPendingCode, the others view.h's codes, so the growing result reads as rows appearing.
#include <apsp/graph/sources.h>
#include <apsp/view/view.h>

#include <cstddef>
#include <cstdint>

namespace apsp {

/// @brief Tile value of a texel whose rows are not all computed (above every distance and INF).
inline constexpr std::int32_t kViewPendingTile = INT32_MAX;

/// @brief The view of an @p rows x @p n result: one texel per cell while both fit in @p budget, else both sides
/// scaled by the same factor (at least one texel each), so the picture keeps the matrix's aspect (16 x 4096 is
/// a strip 256 times wider than tall).
ViewGeometry make_source_rows_geometry(std::int64_t rows, int n, int budget = kDefaultViewBudget);

/// @brief Tile minima of @p d, whose rows [0, @p rows_done) are computed: texels covering only computed rows get
/// the minimum of their cells; a texel covering any row at or after rows_done gets kViewPendingTile.
/// @p tiles holds g.texels() values; g must come from make_source_rows_geometry(d.rows(), d.n, ...). Only texel
/// rows from @p first_texel_row on are written: rows only ever finish, so a caller that keeps @p tiles between
/// calls recomputes only the texel rows not complete last time (a view of 1024 x 10^6 rows is not re-reduced
/// whole for every batch).
void source_rows_tiles(const SourceDistances& d, std::int64_t rows_done, const ViewGeometry& g, std::int32_t* tiles,
                       int first_texel_row = 0);
/// @brief Texel rows of @p g whose matrix rows all lie below @p rows_done (the first texel row still pending).
int complete_texel_rows(const ViewGeometry& g, std::int64_t rows_done);

/// @brief encode_view() for such tiles: kViewPendingTile -> kViewPendingCode, the rest as encode_value().
void encode_source_rows_view(const std::int32_t* tiles, std::size_t count, ValueRange r, std::int32_t inf,
                             std::uint16_t* codes);

}  // namespace apsp
