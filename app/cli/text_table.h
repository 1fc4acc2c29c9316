#pragma once
// Plain-text tables for the terminal: every column starts at the same place on every line, its width taken from
// its widest cell, so a long backend or graph name widens its column instead of pushing the rest of its line.
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace apsp::cli {

/// Terminal columns @p text takes: one per UTF-8 code point ("µs" is two columns, not three bytes).
int display_width(std::string_view text);

class TextTable {
 public:
  enum class Align { Left, Right };

  /// One entry per column; a row may have fewer cells than there are columns (its line ends early).
  explicit TextTable(std::vector<Align> columns) : align_(std::move(columns)) {}

  void add_row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }

  /// The rows, one line each ending in '\n', columns two spaces apart; no trailing blanks.
  std::string str() const;
  void print(std::FILE* out) const;

 private:
  std::vector<Align> align_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace apsp::cli
