#include "render/heatmap_texture.h"

#include <algorithm>

#include "platform/gl_check.h"

namespace apsp::studio {

HeatmapTexture::HeatmapTexture() : m_texture(make_gl_texture()) {
  glBindTexture(GL_TEXTURE_2D, m_texture.get());
  // Integer textures cannot be filtered; the shader reads them with texelFetch anyway.
  // NEAREST_MIPMAP_NEAREST is the one mipmapped filter integer textures allow; it keeps the pyramid levels
  // valid for texelFetch. No filtering ever happens: the shaders fetch texels explicitly.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  check_gl("HeatmapTexture");
}

void HeatmapTexture::allocate(const ViewGeometry& geometry) {
  if (geometry.rows == m_geometry.rows && geometry.cols == m_geometry.cols && geometry.n == m_geometry.n) return;
  glBindTexture(GL_TEXTURE_2D, m_texture.get());
  // Level sizes follow GL's floor rule so the chain is complete; the reduction folds odd remainders into
  // each level's last texel.
  int levels = 0;
  for (int w = geometry.cols, h = geometry.rows;; w = std::max(w / 2, 1), h = std::max(h / 2, 1)) {
    glTexImage2D(GL_TEXTURE_2D, levels, GL_R16UI, w, h, 0, GL_RED_INTEGER, GL_UNSIGNED_SHORT, nullptr);
    ++levels;
    if (w == 1 && h == 1) break;
  }
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, levels - 1);
  check_gl("HeatmapTexture::allocate");
  m_levels = levels;
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
