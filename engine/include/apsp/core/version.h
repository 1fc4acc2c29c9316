#pragma once
/// @file version.h
/// @brief The version of APSP Studio (CMake's project version) and the build behind this binary: the git commit
/// it was built from and the configure's choices, as `--version` of both programs and every export say them.
/// The build accessors are generated at build time (engine/cmake/build_info.cmake).
#include <string>
#include <string_view>

namespace apsp {

/// @brief "0.1.0": project(... VERSION ...) in the top-level CMakeLists.txt.
std::string_view version();

/// @brief The short git commit of the source tree at build time, "-dirty" appended when files differed from it
/// ("8f05d61-dirty"); "unknown" for a build outside a git checkout (a release tarball).
std::string_view build_commit();
/// @brief CMAKE_BUILD_TYPE ("Release", "Debug", ...).
std::string_view build_type();
/// @brief The C++ compiler flags of the build type ("-O3 -DNDEBUG"), CMAKE_CXX_FLAGS first.
std::string_view build_cxx_flags();
/// @brief "CUDA 13.0 sm_90" (toolkit and architectures), or "no CUDA".
std::string_view build_cuda();
/// @brief "ASan+UBSan" for a sanitizer build, "" otherwise.
std::string_view build_sanitizer();

/// @brief The build in one line: "Release; -O3 -DNDEBUG; CUDA 13.0 sm_90" (then "; ASan+UBSan" where
/// sanitized). Run records and export contexts keep it, so runs of different builds do not pass for the same.
std::string build_description();
/// @brief What `--version` prints: "apsp 0.1.0 (commit 8f05d61-dirty, Release, CUDA 13.0 sm_90)".
std::string version_line(std::string_view program);

}  // namespace apsp
