#include <apsp/core/json_number.h>

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <utility>

namespace apsp {

template <class Int> Int json_integer(const nlohmann::json& value) {
  if (value.is_number_unsigned()) {
    const std::uint64_t u = value.get<std::uint64_t>();
    if (!std::in_range<Int>(u)) throw std::out_of_range(std::to_string(u) + " is outside the integer range");
    return static_cast<Int>(u);
  }
  if (value.is_number_integer()) {
    const std::int64_t s = value.get<std::int64_t>();
    if (!std::in_range<Int>(s)) throw std::out_of_range(std::to_string(s) + " is outside the integer range");
    return static_cast<Int>(s);
  }
  if (!value.is_number_float()) throw std::invalid_argument("not a number");
  const double d = value.get<double>();
  if (!std::isfinite(d) || d != std::trunc(d)) throw std::invalid_argument(value.dump() + " is not an integer");
  // Both bounds are powers of two (or zero), exact as doubles; the upper one is one past the largest Int.
  constexpr double lo = static_cast<double>(std::numeric_limits<Int>::min());
  constexpr double past_hi = static_cast<double>(std::numeric_limits<Int>::max() / 2 + 1) * 2.0;
  if (!(d >= lo && d < past_hi)) throw std::out_of_range(value.dump() + " is outside the integer range");
  return static_cast<Int>(d);
}

template int json_integer<int>(const nlohmann::json&);
template std::int64_t json_integer<std::int64_t>(const nlohmann::json&);
template std::uint64_t json_integer<std::uint64_t>(const nlohmann::json&);

double json_finite_number(const nlohmann::json& value) {
  if (!value.is_number()) throw std::invalid_argument("not a number");
  const double d = value.get<double>();
  if (!std::isfinite(d)) throw std::invalid_argument(value.dump() + " is not a finite number");
  return d;
}

}  // namespace apsp
