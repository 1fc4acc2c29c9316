#include "render/render_target.h"

#include <string>

#include "platform/gl_check.h"

namespace apsp::studio {

void RenderTarget::resize(Size size) {
  if (size.width < 1) size.width = 1;
  if (size.height < 1) size.height = 1;
  if (m_fbo && size.width == m_size.width && size.height == m_size.height) return;
  if (!m_fbo) m_fbo = make_gl_framebuffer();
  m_color = make_gl_texture();
  glBindTexture(GL_TEXTURE_2D, m_color.get());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, size.width, size.height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindFramebuffer(GL_FRAMEBUFFER, m_fbo.get());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, m_color.get(), 0);
  GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    throw GlError("render target " + std::to_string(size.width) + "x" + std::to_string(size.height) + " incomplete");
  }
  check_gl("RenderTarget::resize");
  m_size = size;
}

void RenderTarget::bind() const {
  glBindFramebuffer(GL_FRAMEBUFFER, m_fbo.get());
  glViewport(0, 0, m_size.width, m_size.height);
}

}  // namespace apsp::studio
