#pragma once
/// @file format.h
/// @brief Human-readable figures, in one place for both programs: a duration in the unit that suits its size.
#include <string>

namespace apsp {

/// @brief @p ms milliseconds as text with three significant figures in µs, ms or s: "36.0 µs", "8.42 ms",
/// "1.23 s" (below 1 ms: µs; from 1000 ms: s). Negative or non-finite values give "-".
std::string format_duration_ms(double ms);

}  // namespace apsp
