#include "platform/gl_check.h"

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

}  // namespace apsp::studio
