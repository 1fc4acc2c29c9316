#pragma once
// The pseudocode listings the pseudocode panel shows (issue 10 item 2): naive Floyd–Warshall and its three-phase
// blocked form, and which line a step executes. Pure data, no ImGui. Counting is 0-based, as on the matrix
// axes: round r covers k = r*B .. r*B+B-1, blocks (bi, bj) hold rows bi*B.. and columns bj*B...
// NOTE for the lead: the teach helper defines the relaxation's `line` text too; merge both into this one place.
#include <array>
#include <cstddef>
#include <string_view>

namespace apsp::studio::pseudocode {

inline constexpr std::array<std::string_view, 5> kNaive = {
    "for k in 0 .. n-1:",
    "  for i in 0 .. n-1:",
    "    for j in 0 .. n-1:",
    "      if d[i][k] + d[k][j] < d[i][j]:",
    "        d[i][j] = d[i][k] + d[k][j]",
};

inline constexpr std::array<std::string_view, 11> kBlocked = {
    "for r in 0 .. R-1:                # round r",
    "  # phase 1: pivot block (r, r)",
    "  for k in r*B .. r*B+B-1:",
    "    relax (i, j) in block (r, r)",
    "  # phase 2: pivot row and column",
    "  for k in r*B .. r*B+B-1:",
    "    relax (i, j) in (r, bj), (bi, r)",
    "  # phase 3: bi != r and bj != r",
    "  for k in r*B .. r*B+B-1:",
    "    relax (i, j) in block (bi, bj)",
    "relax: d[i][j] = min(d[i][j], d[i][k] + d[k][j])",
};

/// @brief The line a step executes. @p blocked: the three-phase listing (else the naive one); @p phase 1, 2, 3
/// (blocked only); @p cell_updated: the selected cell is written by the step (its relaxation line), else the
/// loop over k of that phase (naive: the comparison line, which runs for every cell).
constexpr std::size_t executed_line(bool blocked, int phase, bool cell_updated) {
  if (!blocked) return cell_updated ? 4 : 3;
  const int p = phase < 1 ? 1 : (phase > 3 ? 3 : phase);
  const std::size_t loop = 2 + 3 * static_cast<std::size_t>(p - 1);
  return cell_updated ? loop + 1 : loop;
}

}  // namespace apsp::studio::pseudocode
