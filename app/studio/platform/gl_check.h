#pragma once
#include <apsp/core/errors.h>

#include <string>
#include <string_view>

namespace apsp::studio {

/// @brief A GL or windowing failure; what() names the operation and the GL error.
class GlError : public apsp::Error {
 public:
  using apsp::Error::Error;
};

/// @brief "GL_INVALID_ENUM" etc.
std::string_view gl_error_name(unsigned int error);

/// @brief Throws GlError naming @p where when glGetError reports anything (drains the whole error queue).
void check_gl(std::string_view where);

/// @brief GL_RENDERER, GL_VERSION and GL_VENDOR in one line, for the log and the status bar.
std::string gl_description();

/// @brief With a current context: throws apsp::UsageError (exit 2, one line naming --size and the limit) when
/// this OpenGL cannot draw a @p width x @p height frame (framebuffer_limits.h), before anything is drawn.
/// @p offscreen: the frame is a renderbuffer (headless).
void check_framebuffer_size(int width, int height, bool offscreen);

}  // namespace apsp::studio
