#include <apsp/core/errors.h>
#include <apsp/core/types.h>
#include <apsp/core/untrusted_text.h>

namespace apsp {

std::string_view to_string(DType t) { return t == DType::I32 ? "i32" : "i16"; }

DType parse_dtype(std::string_view s) {
  if (s == "i32" || s == "int32") return DType::I32;
  if (s == "i16" || s == "int16") return DType::I16;
  throw UsageError("unknown dtype '" + user_value_in_message(s) + "' (expected i32 or i16)");
}

}  // namespace apsp
