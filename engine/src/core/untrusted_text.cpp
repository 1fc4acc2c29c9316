#include <apsp/core/untrusted_text.h>

#include <cstdint>
#include <cstdio>

namespace apsp {

namespace {
/// Length of the valid UTF-8 sequence at @p text[i] (1..4) and its code point, or 0 when it is not one
/// (a stray continuation byte, an overlong form, a surrogate, beyond U+10FFFF, cut short).
std::size_t utf8_sequence(std::string_view text, std::size_t i, std::uint32_t& code) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t length = 0;
  std::uint32_t min = 0;
  if (lead < 0x80) {
    code = lead;
    return 1;
  } else if ((lead & 0xE0) == 0xC0) {
    length = 2, code = lead & 0x1Fu, min = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, code = lead & 0x0Fu, min = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, code = lead & 0x07u, min = 0x10000;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(i + k) & 0x3Fu);
  }
  if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;
  return length;
}

void append_escape(std::string& out, const char* format, unsigned value) {
  char buf[12];
  std::snprintf(buf, sizeof buf, format, value);
  out += buf;
}

/// Appends the printable form of the character at @p text[i]; returns the bytes it took.
std::size_t append_printable(std::string& out, std::string_view text, std::size_t i) {
  std::uint32_t code = 0;
  const std::size_t length = utf8_sequence(text, i, code);
  if (length == 0) {
    append_escape(out, "\\x%02x", static_cast<unsigned char>(text[i]));
    return 1;
  }
  if (code == '\n') {
    out += "\\n";
  } else if (code == '\t') {
    out += "\\t";
  } else if (code == '\r') {
    out += "\\r";
  } else if (code < 0x20 || code == 0x7F) {
    append_escape(out, "\\x%02x", code);
  } else if (code >= 0x80 && code <= 0x9F) {  // C1 controls: CSI (U+009B) drives a terminal like ESC [
    append_escape(out, "\\u%04x", code);
  } else {
    out.append(text.substr(i, length));
  }
  return length;
}
}  // namespace

std::string printable_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) i += append_printable(out, text, i);
  return out;
}

std::string user_value_in_message(std::string_view text, std::size_t max_chars) {
  std::string out;
  std::size_t i = 0;
  std::size_t chars = 0;
  for (; i < text.size() && chars < max_chars; ++chars) i += append_printable(out, text, i);
  if (i == text.size()) return out;
  std::size_t total = chars;
  for (std::uint32_t code = 0; i < text.size(); ++total) {
    const std::size_t length = utf8_sequence(text, i, code);
    i += length == 0 ? 1 : length;
  }
  return out + "\u2026 (" + std::to_string(total) + " chars)";
}

}  // namespace apsp
