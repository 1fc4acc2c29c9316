#include "platform/image_io.h"

#include <apsp/core/errors.h>
#include <chart/chart_png.h>

#include <cstdio>
#include <filesystem>

#include "platform/gl_check.h"

namespace apsp::studio {

RgbaImage read_framebuffer(GLuint framebuffer, GLenum read_buffer, int width, int height) {
  RgbaImage image;
  image.width = width;
  image.height = height;
  image.pixels.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
  std::vector<std::uint8_t> bottom_up(image.pixels.size());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
  glReadBuffer(read_buffer);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, bottom_up.data());
  check_gl("glReadPixels");
  std::size_t row_bytes = static_cast<std::size_t>(width) * 4;
  for (int y = 0; y < height; ++y) {
    const std::uint8_t* src = bottom_up.data() + static_cast<std::size_t>(height - 1 - y) * row_bytes;
    std::copy(src, src + row_bytes, image.pixels.data() + static_cast<std::size_t>(y) * row_bytes);
  }
  return image;
}

void write_png(const std::string& path, const RgbaImage& image) {
  if (image.width <= 0 || image.height <= 0) throw Error(path + ": nothing to write (empty image)");
  // Alpha is dropped (chart_png.h): readers of an exported figure should see exactly the displayed colours.
  chart::write_png(path, image);
}

std::string next_screenshot_path(const std::string& directory) {
  namespace fs = std::filesystem;
  for (int i = 1; i < 100000; ++i) {
    char name[64];
    std::snprintf(name, sizeof name, "apsp-studio-%04d.png", i);
    fs::path candidate = fs::path(directory) / name;
    std::error_code ec;
    if (!fs::exists(candidate, ec)) return directory == "." ? std::string(name) : candidate.string();
  }
  throw Error("no free screenshot name in " + directory);
}

}  // namespace apsp::studio
