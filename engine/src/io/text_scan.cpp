#include "text_scan.h"

#include <apsp/core/types.h>

namespace apsp::io_detail {

std::string quote_token(std::string_view token) {
  // Garbage input may hold control bytes or binary data: keep the message on one printable line.
  constexpr std::size_t kMax = 24;
  std::string out = "'";
  for (std::size_t i = 0; i < token.size() && i < kMax; ++i) {
    const unsigned char c = static_cast<unsigned char>(token[i]);
    out += (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?';
  }
  if (token.size() > kMax) out += "...";
  return out + "'";
}

std::size_t first_empty_comma_field(std::string_view line) {
  if (line.find(',') == std::string_view::npos) return 0;
  std::size_t field = 1;
  bool has_text = false;
  for (const char c : line) {
    if (c == ',') {
      if (!has_text) return field;
      ++field;
      has_text = false;
    } else if (c != ' ' && c != '\t' && c != '\r' && c != '\v' && c != '\f') {
      has_text = true;
    }
  }
  return has_text ? 0 : field;
}

std::int32_t checked_weight(std::int64_t w, const std::string& path, std::int64_t line_no) {
  // Weights at or beyond INF would be indistinguishable from "no edge".
  if (w >= kInf32 || w <= -kInf32)
    throw InputError(path, line_where(line_no),
                     "weight " + std::to_string(w) + " is outside (-" + std::to_string(kInf32) + ", " + std::to_string(kInf32) + ")");
  return static_cast<std::int32_t>(w);
}

}  // namespace apsp::io_detail
