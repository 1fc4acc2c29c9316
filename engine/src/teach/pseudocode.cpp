#include <apsp/teach/pseudocode.h>

#include <array>

namespace apsp::teach {
namespace {

constexpr std::array<std::string_view, 4> kNaive = {
    "for k = 0 .. n-1:",
    "  for i = 0 .. n-1:",
    "    for j = 0 .. n-1:",
    "      d[i][j] = min(d[i][j], d[i][k] + d[k][j])",
};

constexpr std::array<std::string_view, 7> kBlocked = {
    "for r = 0 .. R-1:  (pivot block (r, r), k in block r)",
    "  phase 1: the pivot block (r, r)",
    "    for k in block r, i, j in (r, r): d[i][j] = min(d[i][j], d[i][k] + d[k][j])",
    "  phase 2: row blocks (r, b) and column blocks (b, r), b != r",
    "    for k in block r, i, j in the block: d[i][j] = min(d[i][j], d[i][k] + d[k][j])",
    "  phase 3: every block (a, b), a != r and b != r",
    "    for k in block r, i, j in the block: d[i][j] = min(d[i][j], d[i][k] + d[k][j])",
};

}  // namespace

std::span<const std::string_view> naive_pseudocode() { return kNaive; }
std::span<const std::string_view> blocked_pseudocode() { return kBlocked; }
std::span<const std::string_view> pseudocode(bool blocked) {
  return blocked ? blocked_pseudocode() : naive_pseudocode();
}

int pseudocode_line(bool blocked, int phase, bool cell_updated) {
  if (!blocked) return phase == 0 ? (cell_updated ? 3 : 0) : 0;
  if (phase < 1 || phase > 3) return 0;
  const int header = 2 * phase - 1;  // 1, 3, 5
  return cell_updated ? header + 1 : header;
}

}  // namespace apsp::teach
