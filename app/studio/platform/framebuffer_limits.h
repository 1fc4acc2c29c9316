#pragma once
// How large a frame the studio may draw and read back: what this OpenGL can draw into (checked where the window
// or the offscreen target is made) and the host memory a capture takes (checked before any work). Pure: no GL
// here, so that the rules are tested without a display.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

namespace apsp::studio {

/// @brief The OpenGL limits on a frame's size (glGetIntegerv); 0 where the driver did not say.
struct GlSizeLimits {
  int max_viewport_width = 0;   ///< GL_MAX_VIEWPORT_DIMS[0]
  int max_viewport_height = 0;  ///< GL_MAX_VIEWPORT_DIMS[1]
  int max_renderbuffer = 0;     ///< GL_MAX_RENDERBUFFER_SIZE (the offscreen target is a renderbuffer)
};

/// @brief Why a @p width x @p height frame cannot be drawn under @p limits (one line naming the size, the limit
/// and --size), or nullopt when it can. @p offscreen: drawn into a renderbuffer (headless), not a window.
inline std::optional<std::string> framebuffer_size_refusal(int width, int height, const GlSizeLimits& limits,
                                                           bool offscreen) {
  const auto refuse = [&](int max_w, int max_h, const char* which) -> std::optional<std::string> {
    if ((max_w <= 0 || width <= max_w) && (max_h <= 0 || height <= max_h)) return std::nullopt;
    return "--size " + std::to_string(width) + "x" + std::to_string(height) + ": this OpenGL draws frames of at most " +
           std::to_string(max_w) + "x" + std::to_string(max_h) + " (" + which + "); give a smaller --size";
  };
  if (auto why = refuse(limits.max_viewport_width, limits.max_viewport_height, "GL_MAX_VIEWPORT_DIMS")) return why;
  if (offscreen) {
    if (auto why = refuse(limits.max_renderbuffer, limits.max_renderbuffer, "GL_MAX_RENDERBUFFER_SIZE")) return why;
  }
  return std::nullopt;
}

/// Host bytes per pixel while a frame is captured: the read-back copy and its flipped copy, then, while the PNG
/// is encoded, the RGBA image beside its RGB copy, the filtered rows and the compressed output.
inline constexpr std::uint64_t kCaptureBytesPerPixel = 16;

/// @brief Host bytes a @p width x @p height screenshot (or slide) takes to read back and write.
inline std::uint64_t capture_bytes(int width, int height) {
  return static_cast<std::uint64_t>(std::max(width, 0)) * static_cast<std::uint64_t>(std::max(height, 0)) *
         kCaptureBytesPerPixel;
}

}  // namespace apsp::studio
