#include "render/min_pyramid.h"

#include <algorithm>

#include "platform/gl_check.h"
#include "platform/shader.h"

namespace apsp::studio {

MinPyramid::MinPyramid()
    : m_program(build_program("shaders/heatmap.vert", "shaders/min_reduce.frag")),
      m_vao(make_gl_vertex_array()),
      m_fbo(make_gl_framebuffer()) {}

void MinPyramid::build(const HeatmapTexture& texture) const {
  if (texture.empty() || texture.levels() < 2) return;
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glUseProgram(m_program.get());
  glUniform1i(uniform_location(m_program, "u_src"), 0);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture.texture());
  glBindFramebuffer(GL_FRAMEBUFFER, m_fbo.get());
  glBindVertexArray(m_vao.get());
  int w = texture.geometry().cols, h = texture.geometry().rows;
  for (int level = 1; level < texture.levels(); ++level) {
    // Only the level below may be sampled while this one is the render target: no feedback loop.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, level - 1);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, level - 1);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture.texture(), level);
    glUniform2i(uniform_location(m_program, "u_src_size"), w, h);
    w = std::max(w / 2, 1);
    h = std::max(h / 2, 1);
    glViewport(0, 0, w, h);
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, texture.levels() - 1);
  glBindVertexArray(0);
  glUseProgram(0);
  check_gl("MinPyramid::build");
}

}  // namespace apsp::studio
