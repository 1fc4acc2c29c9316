#pragma once
// A small CPU rasterizer for Dear ImGui's draw data: textured, vertex-coloured triangles alpha-blended into an
// RGBA buffer with the clip rectangles applied, what the OpenGL backend does, without a GPU.
#include <imgui.h>

#include <cstdint>
#include <vector>

namespace apsp::chart {

/// @brief RGBA8 pixels, top row first.
struct RgbaImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;  ///< width * height * 4

  RgbaImage() = default;
  /// @brief @p width x @p height filled with @p rgba (0xAABBGGRR, ImU32 order).
  RgbaImage(int width, int height, std::uint32_t rgba);
  /// @brief The pixel at (@p x, @p y) as ImU32 (0xAABBGGRR).
  std::uint32_t at(int x, int y) const;
};

/// @brief An RGBA8 texture the draw commands sample (the font atlas).
struct Texture {
  const std::uint8_t* pixels = nullptr;
  int width = 0;
  int height = 0;
};

/// @brief Fills pixels whose centre lies inside a triangle (top-left rule on shared edges, so a quad's two
/// triangles blend each pixel once), interpolating colour and texture coordinates, sampling @p texture
/// bilinearly (clamped) and blending src-alpha / one-minus-src-alpha. Every command uses @p texture.
void rasterize(const ImDrawData& draw_data, const Texture& texture, RgbaImage& target);

}  // namespace apsp::chart
