#pragma once
// The path behind the value a cell shows in the middle of a blocked round. Mid-round the matrix mixes k ranges
// (some blocks have seen this round's k, others not), so the path read "as of the round's start" can disagree
// with the cell (unreachable beside a 7). This finds a path whose length is the cell's value now, and says
// which intermediates it uses. No GL, no ImGui.
#include <apsp/teach/shortest_path.h>

#include <cstdint>
#include <string>
#include <vector>

namespace apsp::studio {

struct MidRoundPath {
  bool found = false;                  ///< false: no path of the cell's value was found (the caller falls back)
  std::vector<std::int32_t> vertices;  ///< i .. j; empty with found: the cell is unreachable (INF)
  std::int64_t length = 0;
  std::string as_of;                   ///< which intermediates the path uses, in words
};

/// @brief A path i -> j of length @p value (normalized, kInf32: unreachable). @p round_start holds the n x n
/// matrix (row-major, normalized) at the start of the round, i.e. Floyd–Warshall restricted to intermediates
/// < @p k_begin; the round adds k_begin .. k_end - 1. Tries the smallest t in k_begin..k_end whose restricted
/// matrix gives (i, j) the value @p value, then a path through one k* of the round (d[i][k*] + d[k*][j], the
/// form a phase-3 k-step writes).
MidRoundPath mid_round_path(const teach::OutEdges& edges, std::vector<std::int32_t> round_start, int n, int k_begin,
                            int k_end, int i, int j, std::int32_t value);

}  // namespace apsp::studio
