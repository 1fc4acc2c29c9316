#pragma once
// Owner of the heatmap's code texture (GL_R16UI, one texel per view texel, codes as in apsp/view/view.h).
// Two writers fill it: upload_codes() from host memory (CPU backends, software GL), and later a CUDA kernel
// through a surface object (render/interop*). Both write the same codes, so the shader and the exports cannot
// tell them apart.
#include "platform/gl_handles.h"

#include <apsp/view/view.h>

#include <cstdint>

namespace apsp::studio {

class HeatmapTexture {
 public:
  HeatmapTexture();

  /// @brief (Re)allocates storage for @p geometry when its size changed; contents undefined after a resize.
  /// The interop path calls this before registering the texture with CUDA.
  void allocate(const ViewGeometry& geometry);

  /// @brief Host upload path: @p codes holds geometry.rows x geometry.cols values, row-major (row = matrix row).
  void upload_codes(const ViewGeometry& geometry, const std::uint16_t* codes);

  GLuint texture() const { return m_texture.get(); }
  const ViewGeometry& geometry() const { return m_geometry; }
  bool empty() const { return m_geometry.rows == 0 || m_geometry.cols == 0; }
  /// @brief Bumped on every write, so consumers know the contents changed.
  std::uint64_t version() const { return m_version; }

 private:
  GlTexture m_texture;
  ViewGeometry m_geometry;
  std::uint64_t m_version = 0;
};

}  // namespace apsp::studio
