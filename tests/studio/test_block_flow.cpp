// What each phase of blocked Floyd–Warshall reads and writes (teach/block_flow.h), against the definition:
// the cells a phase updates and the cells its updates read, enumerated cell by cell.
#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "teach/block_flow.h"

namespace {

using apsp::studio::block_links;
using apsp::studio::block_role;
using apsp::studio::BlockLink;
using apsp::studio::BlockRole;
using apsp::studio::kMaxBlockLinks;

using Block = std::pair<int, int>;

// The blocks phase `phase` of round r writes, and those its updates d[i][j] = min(d[i][j], d[i][k] + d[k][j])
// (k in the pivot block) read, from the cell-level definition on blocks x blocks blocks of size 2.
struct Footprint {
  std::set<Block> written, read;
};
Footprint footprint(int phase, int r, int blocks) {
  constexpr int B = 2;
  Footprint f;
  const int n = blocks * B;
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      const int bi = i / B, bj = j / B;
      const bool updated = phase == 1 ? bi == r && bj == r : phase == 2 ? (bi == r) != (bj == r) : bi != r && bj != r;
      if (!updated) continue;
      f.written.insert({bi, bj});
      for (int k = r * B; k < (r + 1) * B; ++k) {
        f.read.insert({bi, k / B});
        f.read.insert({k / B, bj});
      }
    }
  }
  return f;
}

TEST(BlockFlow, RolesFollowTheCellsEachPhaseUpdatesAndReads) {
  // From two blocks a side: with one, phases 2 and 3 update nothing (block_role still names the pivot block read
  // in phase 2, which no link then shows).
  for (int blocks : {2, 3, 4, 5}) {
    for (int r = 0; r < blocks; ++r) {
      for (int phase : {1, 2, 3}) {
        const Footprint f = footprint(phase, r, blocks);
        for (int bi = 0; bi < blocks; ++bi) {
          for (int bj = 0; bj < blocks; ++bj) {
            const BlockRole want = f.written.count({bi, bj}) ? BlockRole::Written
                                   : f.read.count({bi, bj})  ? BlockRole::Read
                                                             : BlockRole::Untouched;
            EXPECT_EQ(block_role(phase, r, bi, bj), want)
                << "phase " << phase << " round " << r << " block (" << bi << ", " << bj << ") of " << blocks;
          }
        }
      }
    }
  }
}

TEST(BlockFlow, ThePivotBlockIsWrittenInPhase1ReadInPhase2AndUnusedInPhase3) {
  EXPECT_EQ(block_role(1, 2, 2, 2), BlockRole::Written);
  EXPECT_EQ(block_role(2, 2, 2, 2), BlockRole::Read);
  EXPECT_EQ(block_role(3, 2, 2, 2), BlockRole::Untouched);
  EXPECT_EQ(block_role(3, 2, 2, 0), BlockRole::Read);
  EXPECT_EQ(block_role(3, 2, 0, 1), BlockRole::Written);
  EXPECT_EQ(block_role(0, 2, 2, 2), BlockRole::Untouched);  // a whole pass (plain FW) has no block roles
}

TEST(BlockFlow, EveryLinkRunsFromABlockReadToABlockWrittenAlongARowOrColumn) {
  for (int blocks : {2, 3, 4, 9, 10}) {
    for (int r = 0; r < blocks; ++r) {
      for (int phase : {1, 2, 3}) {
        for (int si = -1; si < blocks; ++si) {
          for (int sj = -1; sj < blocks; ++sj) {
            const auto links = block_links(phase, r, blocks, si, sj);
            EXPECT_LE(static_cast<int>(links.size()), kMaxBlockLinks);
            const Footprint f = footprint(phase, r, blocks);
            for (const BlockLink& l : links) {
              EXPECT_TRUE(l.from_bi == l.to_bi || l.from_bj == l.to_bj);
              EXPECT_FALSE(l.from_bi == l.to_bi && l.from_bj == l.to_bj);
              EXPECT_TRUE(f.read.count({l.from_bi, l.from_bj}));
              EXPECT_TRUE(f.written.count({l.to_bi, l.to_bj}));
            }
          }
        }
      }
    }
  }
}

TEST(BlockFlow, LinksOfEachPhase) {
  // Phase 1: the pivot block reads only itself.
  EXPECT_TRUE(block_links(1, 1, 4, 3, 2).empty());
  // Phase 2: the pivot block to every pivot row and column block, with or without a selection.
  const std::vector<BlockLink> phase2 = {{1, 1, 1, 0}, {1, 1, 0, 1}, {1, 1, 1, 2},
                                         {1, 1, 2, 1}, {1, 1, 1, 3}, {1, 1, 3, 1}};
  EXPECT_EQ(block_links(2, 1, 4, -1, -1), phase2);
  EXPECT_EQ(block_links(2, 1, 4, 3, 2), phase2);
  // Past kMaxBlockLinks (10 blocks a side: 18 links), only the selected cell's block, if phase 2 wrote it.
  EXPECT_EQ(block_links(2, 1, 10, 7, 1), (std::vector<BlockLink>{{1, 1, 7, 1}}));
  EXPECT_TRUE(block_links(2, 1, 10, 7, 2).empty());
  EXPECT_TRUE(block_links(2, 1, 10, -1, -1).empty());
  EXPECT_EQ(block_links(2, 0, 9, -1, -1).size(), 16u);
  // Phase 3: (a, r) and (r, b) to the selected cell's block (a, b); nothing without a selection in an
  // independent block.
  EXPECT_EQ(block_links(3, 1, 4, 3, 2), (std::vector<BlockLink>{{3, 1, 3, 2}, {1, 2, 3, 2}}));
  EXPECT_TRUE(block_links(3, 1, 4, -1, -1).empty());
  EXPECT_TRUE(block_links(3, 1, 4, 1, 2).empty());
  EXPECT_TRUE(block_links(3, 1, 4, 1, 1).empty());
  // A whole pass or a bad round: none.
  EXPECT_TRUE(block_links(0, 0, 4, 1, 2).empty());
  EXPECT_TRUE(block_links(2, 4, 4, 1, 2).empty());
}

}  // namespace
