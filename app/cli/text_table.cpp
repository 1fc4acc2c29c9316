#include "text_table.h"

#include <algorithm>

namespace apsp::cli {

int display_width(std::string_view text) {
  int columns = 0;
  for (unsigned char c : text) columns += (c & 0xC0) != 0x80;  // continuation bytes add no column
  return columns;
}

std::string TextTable::str() const {
  std::vector<int> width(align_.size(), 0);
  for (const auto& row : rows_)
    for (std::size_t c = 0; c < row.size() && c < width.size(); ++c)
      width[c] = std::max(width[c], display_width(row[c]));
  std::string out;
  for (const auto& row : rows_) {
    std::string line;
    const std::size_t cells = std::min(row.size(), width.size());
    for (std::size_t c = 0; c < cells; ++c) {
      if (c > 0) line += "  ";
      const std::string pad(static_cast<std::size_t>(width[c] - display_width(row[c])), ' ');
      const bool last = c + 1 == cells;
      if (align_[c] == Align::Right)
        line += pad + row[c];
      else
        line += last ? row[c] : row[c] + pad;  // a left-aligned last cell needs no padding
    }
    out += line + "\n";
  }
  return out;
}

void TextTable::print(std::FILE* out) const {
  const std::string text = str();
  std::fwrite(text.data(), 1, text.size(), out);
}

}  // namespace apsp::cli
