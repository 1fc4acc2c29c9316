#pragma once
// Internal: line/token scanning over one in-memory buffer with std::from_chars (no iostreams).
#include <apsp/core/errors.h>

#include <charconv>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace apsp::io_detail {

/// @brief A token quoted for an error message: printable, one line, at most 24 characters.
std::string quote_token(std::string_view token);

/// @brief Walks the lines of a buffer; line numbers start at 1.
class LineScanner {
 public:
  explicit LineScanner(std::string_view text) : m_text(text) {}
  /// @brief Advances to the next line (without "\n" / "\r\n"); false at the end of the buffer.
  bool next() {
    if (m_pos >= m_text.size()) return false;
    const std::size_t end = m_text.find('\n', m_pos);
    const std::size_t stop = end == std::string_view::npos ? m_text.size() : end;
    m_line = m_text.substr(m_pos, stop - m_pos);
    if (!m_line.empty() && m_line.back() == '\r') m_line.remove_suffix(1);
    m_pos = end == std::string_view::npos ? m_text.size() : end + 1;
    ++m_line_no;
    return true;
  }
  std::string_view line() const { return m_line; }
  std::int64_t line_no() const { return m_line_no; }
  /// @brief Bytes not yet scanned (used to bound declared counts before reserving).
  std::size_t remaining() const { return m_text.size() - m_pos; }

 private:
  std::string_view m_text;
  std::size_t m_pos = 0;
  std::string_view m_line;
  std::int64_t m_line_no = 0;
};

/// @brief Splits one line into tokens separated by blanks (and commas when @p commas).
class Tokenizer {
 public:
  Tokenizer(std::string_view line, bool commas) : m_rest(line), m_commas(commas) {}
  bool next(std::string_view& token) {
    std::size_t i = 0;
    while (i < m_rest.size() && is_separator(m_rest[i])) ++i;
    if (i == m_rest.size()) {
      m_rest = {};
      return false;
    }
    std::size_t j = i;
    while (j < m_rest.size() && !is_separator(m_rest[j])) ++j;
    token = m_rest.substr(i, j - i);
    m_rest.remove_prefix(j);
    return true;
  }

 private:
  bool is_separator(char c) const { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || (m_commas && c == ','); }
  std::string_view m_rest;
  bool m_commas;
};

/// @brief For a line whose fields are separated by commas ("0,5,3", "0, 5, 3"): the 1-based number of the
/// first field that is empty or blank ("0,,5" -> 2, ",1" -> 1, "1,2," -> 3), or 0 when every field has text
/// or the line has no comma. Blanks alone never make an empty field: they are one separator however many.
std::size_t first_empty_comma_field(std::string_view line);

/// @brief "line 12".
inline std::string line_where(std::int64_t line_no) { return "line " + std::to_string(line_no); }
/// @brief "byte 8".
inline std::string byte_where(std::uint64_t offset) { return "byte " + std::to_string(offset); }

/// @brief Parses a whole token as a base-10 integer; throws InputError naming @p what otherwise.
inline std::int64_t parse_int(std::string_view token, const std::string& path, std::int64_t line_no, const char* what) {
  std::int64_t v = 0;
  const char* first = token.data();
  const char* last = token.data() + token.size();
  if (first != last && *first == '+') ++first;  // from_chars rejects a leading '+'
  const auto [ptr, ec] = std::from_chars(first, last, v);
  if (ec == std::errc::result_out_of_range)
    throw InputError(path, line_where(line_no), std::string(what) + " " + quote_token(token) + " is out of range");
  if (ec != std::errc() || ptr != last || first == last)
    throw InputError(path, line_where(line_no), std::string("expected an integer ") + what + ", got " + quote_token(token));
  return v;
}

/// @brief Parses a whole token as a floating-point number; throws InputError otherwise.
inline double parse_real(std::string_view token, const std::string& path, std::int64_t line_no, const char* what) {
  double v = 0;
  const char* first = token.data();
  const char* last = token.data() + token.size();
  if (first != last && *first == '+') ++first;
  const auto [ptr, ec] = std::from_chars(first, last, v);
  if (ec != std::errc() || ptr != last || first == last)
    throw InputError(path, line_where(line_no), std::string("expected a number ") + what + ", got " + quote_token(token));
  return v;
}

/// @brief Checks a 64-bit value fits an int32 edge weight; throws InputError otherwise.
std::int32_t checked_weight(std::int64_t w, const std::string& path, std::int64_t line_no);

/// @brief Accumulates text output and hands it to a sink in large chunks (no per-line writes).
class TextOut {
 public:
  explicit TextOut(std::function<void(const char*, std::size_t)> sink) : m_sink(std::move(sink)) { m_buf.reserve(kChunk + 256); }
  ~TextOut() = default;
  TextOut& put(std::string_view s) {
    m_buf.append(s);
    maybe_flush();
    return *this;
  }
  TextOut& put(char c) {
    m_buf.push_back(c);
    return *this;
  }
  TextOut& put_int(std::int64_t v) {
    char tmp[24];
    const auto res = std::to_chars(tmp, tmp + sizeof tmp, v);
    m_buf.append(tmp, res.ptr);
    maybe_flush();
    return *this;
  }
  void flush() {
    if (!m_buf.empty()) m_sink(m_buf.data(), m_buf.size());
    m_buf.clear();
  }

 private:
  static constexpr std::size_t kChunk = 1 << 20;
  void maybe_flush() {
    if (m_buf.size() >= kChunk) flush();
  }
  std::function<void(const char*, std::size_t)> m_sink;
  std::string m_buf;
};

}  // namespace apsp::io_detail
