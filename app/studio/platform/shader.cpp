#include "platform/shader.h"

#include <string>

#include "platform/gl_check.h"
#include "platform/resources.h"

namespace apsp::studio {
namespace {

GlShader compile(GLenum type, std::string_view path) {
  std::string_view source = embedded_file(path);
  GlShader shader(glCreateShader(type));
  const char* text = source.data();
  auto length = static_cast<GLint>(source.size());
  glShaderSource(shader.get(), 1, &text, &length);
  glCompileShader(shader.get());
  GLint ok = GL_FALSE;
  glGetShaderiv(shader.get(), GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    GLint log_length = 0;
    glGetShaderiv(shader.get(), GL_INFO_LOG_LENGTH, &log_length);
    std::string log(static_cast<std::size_t>(log_length > 1 ? log_length : 1), '\0');
    glGetShaderInfoLog(shader.get(), log_length, nullptr, log.data());
    throw GlError(std::string(path) + ": compile failed: " + log.c_str());
  }
  return shader;
}

}  // namespace

GlProgram build_program(std::string_view vertex_path, std::string_view fragment_path) {
  GlShader vs = compile(GL_VERTEX_SHADER, vertex_path);
  GlShader fs = compile(GL_FRAGMENT_SHADER, fragment_path);
  GlProgram program(glCreateProgram());
  glAttachShader(program.get(), vs.get());
  glAttachShader(program.get(), fs.get());
  glLinkProgram(program.get());
  GLint ok = GL_FALSE;
  glGetProgramiv(program.get(), GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    GLint log_length = 0;
    glGetProgramiv(program.get(), GL_INFO_LOG_LENGTH, &log_length);
    std::string log(static_cast<std::size_t>(log_length > 1 ? log_length : 1), '\0');
    glGetProgramInfoLog(program.get(), log_length, nullptr, log.data());
    throw GlError(std::string(vertex_path) + " + " + std::string(fragment_path) + ": link failed: " + log.c_str());
  }
  glDetachShader(program.get(), vs.get());
  glDetachShader(program.get(), fs.get());
  check_gl("build_program");
  return program;
}

GLint uniform_location(const GlProgram& program, const char* name) { return glGetUniformLocation(program.get(), name); }

}  // namespace apsp::studio
