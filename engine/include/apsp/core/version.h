#pragma once
/// @file version.h
/// @brief The version of APSP Studio (CMake's project version), as both programs print it with --version.
#include <string_view>

namespace apsp {

/// @brief "0.1.0": project(... VERSION ...) in the top-level CMakeLists.txt.
std::string_view version();

}  // namespace apsp
