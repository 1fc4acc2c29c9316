#pragma once
#include <string_view>

#include "platform/gl_handles.h"

namespace apsp::studio {

/// @brief Compiles and links a program from the embedded GLSL files @p vertex_path and @p fragment_path.
/// Throws GlError carrying the file name and the driver's info log.
GlProgram build_program(std::string_view vertex_path, std::string_view fragment_path);

/// @brief Uniform location; -1 (ignored by glUniform*) when the driver optimized it away.
GLint uniform_location(const GlProgram& program, const char* name);

}  // namespace apsp::studio
