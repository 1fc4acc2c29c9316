#pragma once
// A command-line validator for real-valued flags, shared by apsp and apsp-studio. CLI::Range lets "nan" through
// (every comparison with NaN is false) and prints its bounds with six decimals; this one refuses NaN and the
// infinities and says the bounds as written.
#include <CLI/CLI.hpp>
#include <apsp/core/untrusted_text.h>

#include <cmath>
#include <cstdlib>
#include <sstream>
#include <string>
#include <type_traits>

namespace apsp {

/// @brief Accepts a finite value of type @p Real in [@p lo, @p hi]; @p type_name ("FLOAT", "NUMBER") heads the
/// description in --help.
template <class Real>
CLI::Validator finite_range(Real lo, Real hi, const std::string& type_name) {
  static_assert(std::is_floating_point_v<Real>);
  std::ostringstream range;
  range << "[" << lo << " - " << hi << "]";
  return CLI::Validator(
      [lo, hi, text = range.str()](std::string& input) -> std::string {
        char* end = nullptr;
        Real v;
        if constexpr (std::is_same_v<Real, float>)
          v = std::strtof(input.c_str(), &end);
        else
          v = std::strtod(input.c_str(), &end);
        if (input.empty() || *end != '\0' || !std::isfinite(v) || v < lo || v > hi)
          return "'" + user_value_in_message(input) + "' is not a number in " + text;
        return {};
      },
      type_name + " in " + range.str());
}

}  // namespace apsp
