// CSV distances (for small n): n lines of n comma-separated integers. INF is written as the number
// 1073741823 (not "inf"), so a round trip is exact and other tools see plain integers; the reader also
// accepts "inf"/"INF" for hand-made files.
#include "distance_formats.h"
#include "text_scan.h"

#include <apsp/core/errors.h>
#include <apsp/core/memory.h>
#include <apsp/core/types.h>
#include <apsp/io/atomic_file.h>

#include <algorithm>
#include <charconv>
#include <string>
#include <vector>

namespace apsp::io_detail {

void append_csv_rows(const std::int32_t* values, std::int64_t rows, std::int32_t n, std::string& out) {
  char number[16];
  for (std::int64_t i = 0; i < rows; ++i, values += n) {
    for (std::int32_t j = 0; j < n; ++j) {
      if (j) out.push_back(',');
      const auto res = std::to_chars(number, number + sizeof number, values[j]);
      out.append(number, res.ptr);
    }
    out.push_back('\n');
  }
}

void write_distances_csv(const std::string& path, const DistanceRows& rows) {
  AtomicFile file(path);
  std::vector<std::int32_t> row(static_cast<std::size_t>(rows.n));
  std::string text;
  for (std::int64_t i = 0; i < rows.rows; ++i) {
    rows.fill_row(i, row.data());
    append_csv_rows(row.data(), 1, rows.n, text);
    if (text.size() >= (1u << 20)) {
      file.write(text);
      text.clear();
    }
  }
  file.write(text);
  file.commit();
}

DistanceTable read_distances_csv(const MappedFile& file, RowCount row_count) {
  const std::string& path = file.path();
  if (file.size() == 0) return {};  // n = 0
  const bool square = row_count == RowCount::Square;
  LineScanner lines(file.text());
  DistanceTable d;
  std::int64_t n = -1;
  std::int64_t row = 0;
  std::string_view tok;
  while (lines.next()) {
    const std::int64_t ln = lines.line_no();
    if (const std::size_t empty = first_empty_comma_field(lines.line()))
      throw InputError(path, line_where(ln), "value " + std::to_string(empty) + " of the row is empty");
    Tokenizer t(lines.line(), true);
    if (!t.next(tok)) continue;  // blank line
    if (square && n >= 0 && row == n) throw InputError(path, line_where(ln), "more than n = " + std::to_string(n) + " rows");
    const std::size_t row_start = d.values.size();
    do {
      std::int32_t v;
      if (tok == "inf" || tok == "INF" || tok == "Inf") {
        v = kInf32;
      } else {
        const std::int64_t x = parse_int(tok, path, ln, "distance");
        if (x > INT32_MAX || x < INT32_MIN) throw InputError(path, line_where(ln), "distance " + std::to_string(x) + " exceeds the int32 range");
        v = static_cast<std::int32_t>(x);
      }
      d.values.push_back(v);
    } while (t.next(tok));
    const std::int64_t cols = static_cast<std::int64_t>(d.values.size() - row_start);
    if (n < 0) {
      n = cols;
      // Each further value takes at least 2 bytes ("0,"): bound n*n by the file before reserving.
      const std::uint64_t further = static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n - 1);
      if (square && further > 2 * lines.remaining() + 2)
        throw InputError(path, line_where(ln), std::to_string(n) + " columns, but the file is too short for " + std::to_string(n) + " rows");
      const std::uint64_t values = static_cast<std::uint64_t>(n) + std::min<std::uint64_t>(further, lines.remaining() / 2 + 1);
      require_host_memory("the distances in " + path, values * 4);
      d.values.reserve(static_cast<std::size_t>(values));
    } else if (cols != n) {
      throw InputError(path, line_where(ln), "row has " + std::to_string(cols) + " values, expected " + std::to_string(n));
    }
    ++row;
  }
  if (n < 0) throw InputError(path, "", "no rows: nothing to read");
  if (square && row != n)
    throw InputError(path, line_where(lines.line_no()), "only " + std::to_string(row) + " rows, expected n = " + std::to_string(n));
  if (n > INT32_MAX) throw InputError(path, line_where(1), std::to_string(n) + " values a row exceed the int32 range");
  d.rows = row;
  d.n = static_cast<std::int32_t>(n);
  return d;
}

}  // namespace apsp::io_detail
