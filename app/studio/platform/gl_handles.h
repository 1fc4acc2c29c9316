#pragma once
// RAII owners for GL object names: copies deleted, moves transfer ownership. They must be destroyed while the
// context that created them is current (the App tears down GL objects before the platform).
#include <utility>

#include "platform/gl.h"

namespace apsp::studio {

template <class Deleter>
class GlHandle {
 public:
  GlHandle() = default;
  explicit GlHandle(GLuint id) : m_id(id) {}
  ~GlHandle() { reset(); }
  GlHandle(const GlHandle&) = delete;
  GlHandle& operator=(const GlHandle&) = delete;
  GlHandle(GlHandle&& other) noexcept : m_id(std::exchange(other.m_id, 0)) {}
  GlHandle& operator=(GlHandle&& other) noexcept {
    if (this != &other) {
      reset();
      m_id = std::exchange(other.m_id, 0);
    }
    return *this;
  }

  GLuint get() const { return m_id; }
  explicit operator bool() const { return m_id != 0; }
  void reset(GLuint id = 0) {
    if (m_id != 0) Deleter{}(m_id);
    m_id = id;
  }

 private:
  GLuint m_id = 0;
};

struct GlTextureDeleter {
  void operator()(GLuint id) const { glDeleteTextures(1, &id); }
};
struct GlBufferDeleter {
  void operator()(GLuint id) const { glDeleteBuffers(1, &id); }
};
struct GlVertexArrayDeleter {
  void operator()(GLuint id) const { glDeleteVertexArrays(1, &id); }
};
struct GlFramebufferDeleter {
  void operator()(GLuint id) const { glDeleteFramebuffers(1, &id); }
};
struct GlRenderbufferDeleter {
  void operator()(GLuint id) const { glDeleteRenderbuffers(1, &id); }
};
struct GlShaderDeleter {
  void operator()(GLuint id) const { glDeleteShader(id); }
};
struct GlProgramDeleter {
  void operator()(GLuint id) const { glDeleteProgram(id); }
};

using GlTexture = GlHandle<GlTextureDeleter>;
using GlBuffer = GlHandle<GlBufferDeleter>;
using GlVertexArray = GlHandle<GlVertexArrayDeleter>;
using GlFramebuffer = GlHandle<GlFramebufferDeleter>;
using GlRenderbuffer = GlHandle<GlRenderbufferDeleter>;
using GlShader = GlHandle<GlShaderDeleter>;
using GlProgram = GlHandle<GlProgramDeleter>;

inline GlTexture make_gl_texture() {
  GLuint id = 0;
  glGenTextures(1, &id);
  return GlTexture(id);
}
inline GlVertexArray make_gl_vertex_array() {
  GLuint id = 0;
  glGenVertexArrays(1, &id);
  return GlVertexArray(id);
}
inline GlFramebuffer make_gl_framebuffer() {
  GLuint id = 0;
  glGenFramebuffers(1, &id);
  return GlFramebuffer(id);
}
inline GlRenderbuffer make_gl_renderbuffer() {
  GLuint id = 0;
  glGenRenderbuffers(1, &id);
  return GlRenderbuffer(id);
}

}  // namespace apsp::studio
