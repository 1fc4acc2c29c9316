#pragma once
// One CSV line built cell by cell, for the sweep's CSV writers (results, ladder): a value that does not apply is
// an empty cell, never -1 or 0 standing in for "none" (a reader would average it).
#include <cstdio>
#include <string>

namespace apsp::bench {

class CsvLine {
 public:
  CsvLine& text(const std::string& v) { return cell(v); }
  CsvLine& integer(long long v) { return cell(std::to_string(v)); }
  /// Fixed decimals (no exponent); general(): %.6g, the ladder's columns.
  CsvLine& number(double v, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return cell(buf);
  }
  CsvLine& general(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return cell(buf);
  }
  CsvLine& number_if(bool applies, double v, int decimals) { return applies ? number(v, decimals) : cell(""); }
  CsvLine& general_if(bool applies, double v) { return applies ? general(v) : cell(""); }
  CsvLine& integer_if(bool applies, long long v) { return applies ? integer(v) : cell(""); }
  /// The cells so far, without a newline.
  const std::string& cells() const { return m_line; }

 private:
  CsvLine& cell(const std::string& v) {
    if (!m_first) m_line += ',';
    m_first = false;
    m_line += v;
    return *this;
  }
  std::string m_line;
  bool m_first = true;
};

}  // namespace apsp::bench
