#pragma once
/// @file ledger_numbers.h
/// @brief How the classroom writes the numbers of a relaxation: INF for unreachable, a negative second term in
/// brackets (4 + (-2)), a sum with INF as INF. The one place both the studio's ledger (ledger_text.h) and the
/// quiz's explanations (quiz.h) take them from.
#include <apsp/core/types.h>

#include <cstdint>
#include <string>

namespace apsp::teach {

inline std::string ledger_value(std::int32_t v) { return v == kInf32 ? "INF" : std::to_string(v); }

/// The second term of a sum, negative numbers in brackets: "4 + (-2)", never "4 + -2".
inline std::string ledger_addend(std::int32_t v) {
  if (v >= 0) return ledger_value(v);
  std::string text(1, '(');  // appended piecewise: "(" + std::to_string() trips GCC 12's -Wrestrict false positive
  text += std::to_string(v);
  text += ')';
  return text;
}

inline std::string ledger_sum(std::int32_t a, std::int32_t b) {
  if (a == kInf32 || b == kInf32) return "INF";
  return std::to_string(static_cast<std::int64_t>(a) + b);
}

}  // namespace apsp::teach
