#pragma once
/// @file view_geometry.h
/// @brief The heatmap's vocabulary that solvers share with views: the texel geometry and the code values.
/// Lives in core so that the solve room (which keeps live minima for a geometry) needs nothing from view.
///
/// A view has rows x cols texels. Texel (y, x) covers matrix rows [y*n/rows, (y+1)*n/rows) and columns
/// [x*n/cols, (x+1)*n/cols) (integer division) and shows their minimum. With n <= the budget the view is
/// one texel per cell. Codes: 0..255 index into the colormap LUT, kViewInfCode for unreachable; bit
/// kViewImprovedBit marks a texel whose value dropped since the previous view.
#include <cstddef>
#include <cstdint>

namespace apsp {

inline constexpr std::uint16_t kViewInfCode = 256;
/// @brief A texel of rows a sparse solve has not computed yet (apsp/view/source_rows_view.h): drawn in its own
/// colour, never a colormap entry or INF's. Above INF, so a zoomed-out pixel's minimum prefers computed texels.
inline constexpr std::uint16_t kViewPendingCode = 257;
inline constexpr std::uint16_t kViewImprovedBit = 0x8000;
inline constexpr std::uint16_t kViewIndexMask = 0x01FF;
/// @brief Default texture budget per side.
inline constexpr int kDefaultViewBudget = 4096;

struct ViewGeometry {
  int n = 0;      ///< matrix size (columns; also rows unless matrix_rows is set)
  int rows = 0;   ///< texels per column
  int cols = 0;   ///< texels per row
  /// Matrix rows of an S x n result (a sparse solve's rows, apsp/view/source_rows_view.h); 0: n (square).
  int matrix_rows = 0;
  int row_count() const { return matrix_rows > 0 ? matrix_rows : n; }
  bool tiled() const { return rows < row_count() || cols < n; }
  std::size_t texels() const { return static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols); }
  /// @brief First matrix row (column) covered by texel row y (column x); y == rows gives row_count() (n).
  int row_begin(int y) const { return static_cast<int>(static_cast<std::int64_t>(y) * row_count() / rows); }
  int col_begin(int x) const { return static_cast<int>(static_cast<std::int64_t>(x) * n / cols); }
};

/// @brief rows = cols = min(n, budget).
ViewGeometry make_view_geometry(int n, int budget = kDefaultViewBudget);

}  // namespace apsp
