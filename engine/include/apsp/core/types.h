#pragma once
/// @file types.h
/// @brief Distance element types and the INF policy shared by every backend.
#include <cstdint>
#include <string>
#include <string_view>

namespace apsp {

/// @brief Element type of a distance matrix.
enum class DType { I32, I16 };

/// @brief INF for int32 distances: 2^30 - 1, so INF + INF does not overflow.
inline constexpr std::int32_t kInf32 = 1073741823;
/// @brief INF for int16 distances: 2^14 - 1, so INF + INF fits in int16.
inline constexpr std::int16_t kInf16 = 16383;

/// @brief Largest finite distance representable in an int16 matrix (anything >= kInf16 is unreachable).
inline constexpr std::int32_t kMaxFinite16 = kInf16 - 1;
/// @brief Smallest distance an int16 matrix can hold without leaving the packed arithmetic's range.
inline constexpr std::int32_t kMinFinite16 = -kInf16;

/// @brief Floor of the pivot row and column: phases 1 and 2 (and every update of a non-blocked variant) store
/// max(min(c, a + b), floor), -(INF + 1) / 2. Real distances never go below it (range_policy.h), only
/// the walks around a negative cycle do, so the clamp keeps every later sum inside the type without changing
/// a result; the argument is in range_policy.h.
inline constexpr std::int32_t kFloor32 = -(kInf32 + 1) / 2;
inline constexpr std::int16_t kFloor16 = -(kInf16 + 1) / 2;

/// @brief INF of a dtype, widened to int32.
constexpr std::int32_t inf_of(DType t) { return t == DType::I32 ? kInf32 : kInf16; }
/// @brief Clamp floor of a dtype (kFloor32 / kFloor16), widened to int32.
constexpr std::int32_t floor_of(DType t) { return t == DType::I32 ? kFloor32 : kFloor16; }
/// @brief Bytes per element of a dtype.
constexpr std::size_t element_bytes(DType t) { return t == DType::I32 ? 4 : 2; }

/// @brief "i32" / "i16".
std::string_view to_string(DType t);
/// @brief Parses "i32" or "i16" (also "int32"/"int16"); throws apsp::UsageError otherwise.
DType parse_dtype(std::string_view s);

/// @brief Traits used by templated solvers.
template <class T> struct DistTraits;
template <> struct DistTraits<std::int32_t> {
  static constexpr std::int32_t inf = kInf32;
  static constexpr std::int32_t floor = kFloor32;
  static constexpr DType dtype = DType::I32;
};
template <> struct DistTraits<std::int16_t> {
  static constexpr std::int16_t inf = kInf16;
  static constexpr std::int16_t floor = kFloor16;
  static constexpr DType dtype = DType::I16;
};

}  // namespace apsp
