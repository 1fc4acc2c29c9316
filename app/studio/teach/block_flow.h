#pragma once
// What one phase of blocked Floyd–Warshall reads and writes, block by block, and the links the heatmap draws
// from the blocks read to the blocks written. Pure: the shader draws the roles itself (shaders/heatmap.frag)
// and takes the links as uniforms; the unit tests (tests/studio/test_block_flow.cpp) check both from here.
//
// Round r, blocks (a, b) of B x B cells:
//   phase 1  writes the pivot block (r, r), reading only itself;
//   phase 2  writes the pivot row (r, b) and column (a, r) blocks, each reading itself and the pivot block;
//   phase 3  writes every other block (a, b), reading itself, (a, r) and (r, b) - never the pivot block.
// A written block is also read (the update is in place); "read" below means read and not written.
#include <vector>

namespace apsp::studio {

enum class BlockRole { Untouched, Read, Written };

/// @brief The role of block (@p bi, @p bj) in @p phase (1, 2, 3; anything else: a whole pass, no block roles)
/// of round @p round.
inline BlockRole block_role(int phase, int round, int bi, int bj) {
  const bool in_row = bi == round, in_col = bj == round;
  const bool pivot = in_row && in_col, rowcol = in_row != in_col;
  switch (phase) {
    case 1:
      return pivot ? BlockRole::Written : BlockRole::Untouched;
    case 2:
      return pivot ? BlockRole::Read : rowcol ? BlockRole::Written : BlockRole::Untouched;
    case 3:
      return rowcol ? BlockRole::Read : pivot ? BlockRole::Untouched : BlockRole::Written;
    default:
      return BlockRole::Untouched;
  }
}

/// @brief A link from block (from_bi, from_bj), read, to block (to_bi, to_bj), written. The two always share a
/// block row or a block column, so a link is a horizontal or vertical arrow.
struct BlockLink {
  int from_bi = 0, from_bj = 0, to_bi = 0, to_bj = 0;
  bool operator==(const BlockLink&) const = default;
};

/// The most links drawn at once; also the shader's array size. Phase 2 links the pivot to every pivot row and
/// column block up to 2 (nb - 1) = 16, nb = 9 blocks a side; beyond that only the selected cell's block.
constexpr int kMaxBlockLinks = 16;

/// @brief The links of @p phase of round @p round on a matrix of @p blocks x @p blocks blocks, for the selected
/// cell's block (@p sel_bi, @p sel_bj; negative: no selection).
///   phase 1: none (the pivot block reads only itself);
///   phase 2: the pivot block to every pivot row and column block (they lie on one line through the pivot, so
///            all of them stay readable), or, past kMaxBlockLinks, to the selected cell's block only;
///   phase 3: (a, r) and (r, b) to the selected cell's block (a, b) when it is written in phase 3; no selection,
///            no links (one pair per block would cover the matrix: the hatching already says "written").
inline std::vector<BlockLink> block_links(int phase, int round, int blocks, int sel_bi, int sel_bj) {
  std::vector<BlockLink> links;
  if (round < 0 || round >= blocks) return links;
  const bool selected = sel_bi >= 0 && sel_bj >= 0 && sel_bi < blocks && sel_bj < blocks;
  if (phase == 2) {
    if (2 * (blocks - 1) <= kMaxBlockLinks) {
      for (int b = 0; b < blocks; ++b) {
        if (b == round) continue;
        links.push_back({round, round, round, b});
        links.push_back({round, round, b, round});
      }
    } else if (selected && block_role(2, round, sel_bi, sel_bj) == BlockRole::Written) {
      links.push_back({round, round, sel_bi, sel_bj});
    }
  } else if (phase == 3 && selected && block_role(3, round, sel_bi, sel_bj) == BlockRole::Written) {
    links.push_back({sel_bi, round, sel_bi, sel_bj});
    links.push_back({round, sel_bj, sel_bi, sel_bj});
  }
  return links;
}

}  // namespace apsp::studio
