#include "render/heatmap_texture.h"

#include "platform/gl_check.h"

namespace apsp::studio {

HeatmapTexture::HeatmapTexture() : m_texture(make_gl_texture()) {
  glBindTexture(GL_TEXTURE_2D, m_texture.get());
  // Integer textures cannot be filtered; the shader reads them with texelFetch anyway.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  check_gl("HeatmapTexture");
}

void HeatmapTexture::allocate(const ViewGeometry& geometry) {
  if (geometry.rows == m_geometry.rows && geometry.cols == m_geometry.cols && geometry.n == m_geometry.n) return;
  glBindTexture(GL_TEXTURE_2D, m_texture.get());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R16UI, geometry.cols, geometry.rows, 0, GL_RED_INTEGER, GL_UNSIGNED_SHORT,
               nullptr);
  check_gl("HeatmapTexture::allocate");
  m_geometry = geometry;
  ++m_version;
}

void HeatmapTexture::upload_codes(const ViewGeometry& geometry, const std::uint16_t* codes) {
  allocate(geometry);
  glBindTexture(GL_TEXTURE_2D, m_texture.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 2);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, geometry.cols, geometry.rows, GL_RED_INTEGER, GL_UNSIGNED_SHORT, codes);
  check_gl("HeatmapTexture::upload_codes");
  ++m_version;
}

}  // namespace apsp::studio
