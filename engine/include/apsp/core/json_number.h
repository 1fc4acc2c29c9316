#pragma once
// Checked reading of JSON numbers. nlohmann's get<int>() and get<double>() are plain casts: a number like 1e300
// read as int is undefined behaviour (float-cast-overflow) and 4294967296 wraps. Every reader of a file the user
// may edit goes through these instead.

#include <cstdint>
#include <nlohmann/json_fwd.hpp>

namespace apsp {

/// The JSON number @p value as Int when it is finite, integral and inside Int's range. Throws
/// std::invalid_argument when it is not a number or has a fraction, std::out_of_range when it does not fit.
/// Defined for int, std::int64_t and std::uint64_t.
template <class Int> Int json_integer(const nlohmann::json& value);

/// The JSON number @p value as a double when it is finite. Throws std::invalid_argument otherwise.
double json_finite_number(const nlohmann::json& value);

}  // namespace apsp
