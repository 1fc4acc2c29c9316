#pragma once
#include "platform/gl_handles.h"
#include "render/heatmap_texture.h"

namespace apsp::studio {

/// @brief Fills levels 1.. of a HeatmapTexture with the minimum of the level below (shaders/min_reduce.frag),
/// on the GPU, whoever wrote level 0 (host upload or, later, CUDA interop). Call after every write.
class MinPyramid {
 public:
  MinPyramid();
  /// @brief Leaves GL_FRAMEBUFFER unbound (0) and the texture's level range restored.
  void build(const HeatmapTexture& texture) const;

 private:
  GlProgram m_program;
  GlVertexArray m_vao;
  GlFramebuffer m_fbo;
};

}  // namespace apsp::studio
