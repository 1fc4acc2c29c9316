#include "platform/gl_check.h"

#include "platform/framebuffer_limits.h"
#include "platform/gl.h"

namespace apsp::studio {

std::string_view gl_error_name(unsigned int error) {
  switch (error) {
    case GL_NO_ERROR:
      return "GL_NO_ERROR";
    case GL_INVALID_ENUM:
      return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE:
      return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION:
      return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION:
      return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY:
      return "GL_OUT_OF_MEMORY";
    default:
      return "unknown GL error";
  }
}

void check_gl(std::string_view where) {
  GLenum first = glGetError();
  if (first == GL_NO_ERROR) return;
  // Drain the queue so one failure is not reported again by the next check.
  for (int i = 0; i < 16 && glGetError() != GL_NO_ERROR; ++i) {
  }
  throw GlError(std::string(where) + ": " + std::string(gl_error_name(first)));
}

std::string gl_description() {
  auto str = [](GLenum name) {
    const GLubyte* s = glGetString(name);
    return s ? std::string(reinterpret_cast<const char*>(s)) : std::string("?");
  };
  return str(GL_RENDERER) + " | OpenGL " + str(GL_VERSION) + " | " + str(GL_VENDOR);
}

void check_framebuffer_size(int width, int height, bool offscreen) {
  GlSizeLimits limits;
  GLint viewport[2] = {0, 0};
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, viewport);
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &limits.max_renderbuffer);
  while (glGetError() != GL_NO_ERROR) {
  }  // a driver that does not know one of them leaves it 0: no limit from it
  limits.max_viewport_width = viewport[0];
  limits.max_viewport_height = viewport[1];
  if (const std::optional<std::string> why = framebuffer_size_refusal(width, height, limits, offscreen))
    throw UsageError(*why);
}

}  // namespace apsp::studio
