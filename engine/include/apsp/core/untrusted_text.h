#pragma once
/// @file untrusted_text.h
/// @brief Text that comes from outside the program (a flag's value, a field of the run history, which anyone
/// can edit) made safe to print: one helper per use, so every message and table treats it alike.
#include <cstddef>
#include <string>
#include <string_view>

namespace apsp {

/// @brief @p text with every control character (C0, DEL, C1) and every byte that is not part of valid UTF-8
/// escaped ("\n", "\t", "\x1b", "\u009b"), so it cannot move the cursor, recolour or clear a terminal, or
/// break a line. Valid UTF-8 text (accents, "µs") is kept as it is.
std::string printable_text(std::string_view text);

/// @brief A user's value as a message quotes it: printable_text(), and a value longer than @p max_chars
/// characters cut to its first @p max_chars followed by "… (N chars)", so that a 100 KB list cannot fill a
/// screen with one error line.
std::string user_value_in_message(std::string_view text, std::size_t max_chars = 60);

}  // namespace apsp
