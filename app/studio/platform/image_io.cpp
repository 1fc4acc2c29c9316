#include "platform/image_io.h"

#include <apsp/core/errors.h>
#include <apsp/io/atomic_file.h>
#include <stb_image_write.h>

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
  // Drop alpha: readers of an exported figure should see exactly the displayed colours.
  std::vector<std::uint8_t> rgb(static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 3);
  for (std::size_t p = 0, n = rgb.size() / 3; p < n; ++p) {
    rgb[p * 3 + 0] = image.pixels[p * 4 + 0];
    rgb[p * 3 + 1] = image.pixels[p * 4 + 1];
    rgb[p * 3 + 2] = image.pixels[p * 4 + 2];
  }
  std::vector<std::uint8_t> encoded;
  auto sink = [](void* context, void* data, int size) {
    auto* out = static_cast<std::vector<std::uint8_t>*>(context);
    auto* bytes = static_cast<std::uint8_t*>(data);
    out->insert(out->end(), bytes, bytes + size);
  };
  if (stbi_write_png_to_func(sink, &encoded, image.width, image.height, 3, rgb.data(), image.width * 3) == 0) {
    throw Error(path + ": PNG encoding failed");
  }
  AtomicFile file(path);
  file.write(encoded.data(), encoded.size());
  file.commit();
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
