#pragma once
/// @file pseudocode.h
/// @brief The two listings the classroom shows (naive and three-phase blocked Floyd–Warshall), one line per
/// entry, and which line a step executes. The one place these texts live: the pseudocode panel draws them,
/// the inspector and --explain-json quote the highlighted line.
///
/// Numbering: lines are 0-based indexes into the listing; rounds r, phases 1..3, vertices i, j, k 0-based.
#include <span>
#include <string_view>

namespace apsp::teach {

/// @brief Naive Floyd–Warshall, 4 lines; line 3 is the relaxation.
std::span<const std::string_view> naive_pseudocode();
/// @brief Blocked Floyd–Warshall: the round loop, then per phase a header line and its relaxation line.
std::span<const std::string_view> blocked_pseudocode();
/// @brief The listing for a variant: blocked_pseudocode() when @p blocked, else naive_pseudocode().
std::span<const std::string_view> pseudocode(bool blocked);

/// @brief Index of the line a step executes: for a blocked variant and @p phase 1..3, the phase's relaxation
/// line when @p cell_updated (the selected cell is relaxed in that phase), else the phase's header line (the
/// phase runs, the cell is not in its blocks); for the naive variant (phase 0) the relaxation line, or the
/// k loop when not @p cell_updated. phase outside 0..3 (no step yet): the first line.
int pseudocode_line(bool blocked, int phase, bool cell_updated);

}  // namespace apsp::teach
