#pragma once
#include "platform/gl_handles.h"
#include "platform/platform.h"

namespace apsp::studio {

/// @brief An offscreen RGBA8 colour texture with its framebuffer: the heatmap panel draws into one and shows
/// it with ImGui::Image; the 1:1 heatmap export draws into another and reads it back.
class RenderTarget {
 public:
  /// @brief Ensures the size (reallocates only on change).
  void resize(Size size);
  Size size() const { return m_size; }
  GLuint framebuffer() const { return m_fbo.get(); }
  GLuint texture() const { return m_color.get(); }
  /// @brief Binds the framebuffer and sets the viewport to the whole target.
  void bind() const;

 private:
  Size m_size;
  GlFramebuffer m_fbo;
  GlTexture m_color;
};

}  // namespace apsp::studio
