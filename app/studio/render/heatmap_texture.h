#pragma once
// Owner of the heatmap's code texture (GL_R16UI, one texel per view texel, codes as in apsp/view/view.h).
// Two writers fill level 0: upload_codes() from host memory (CPU backends, software GL), and render/interop,
// whose CUDA kernel writes a single-level staging texture (the one registered with CUDA) that a draw then copies
// texel for texel into level 0. This texture itself is never registered with CUDA: MinPyramid re-sets its level
// range and renders into its levels. Both writers give the same codes, so the shader and the exports cannot
// tell them apart. The levels above hold a minimum pyramid that MinPyramid::build() derives on the GPU after
// either writer, for zoomed-out views.
#include <apsp/view/view.h>

#include <cstdint>

#include "platform/gl_handles.h"

namespace apsp::studio {

class HeatmapTexture {
 public:
  HeatmapTexture();

  /// @brief (Re)allocates storage (every pyramid level) for @p geometry when its size changed; contents
  /// undefined after a resize. The interop path calls this before copying its staging texture into level 0.
  void allocate(const ViewGeometry& geometry);

  /// @brief Host upload path: @p codes holds geometry.rows x geometry.cols values, row-major (row = matrix row).
  void upload_codes(const ViewGeometry& geometry, const std::uint16_t* codes);

  /// @brief The interop path wrote level 0 through CUDA: bumps version() as upload_codes() does.
  void mark_written() { ++m_version; }

  GLuint texture() const { return m_texture.get(); }
  /// @brief Pyramid levels, level 0 included.
  int levels() const { return m_levels; }
  const ViewGeometry& geometry() const { return m_geometry; }
  bool empty() const { return m_geometry.rows == 0 || m_geometry.cols == 0; }
  /// @brief Bumped on every write, so consumers know the contents changed.
  std::uint64_t version() const { return m_version; }

 private:
  GlTexture m_texture;
  ViewGeometry m_geometry;
  int m_levels = 0;
  std::uint64_t m_version = 0;
};

}  // namespace apsp::studio
