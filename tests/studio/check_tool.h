// What the studio's small image-check programs (sparse_check, slides_check, studio_image_check) share: the
// failure line, "--key value" arguments, a PNG read as RGB, and the "colour" mode that counts the pixels of one
// exact colour (--png P --rgb R,G,B --min N [--max M]).
#pragma once

#include <stb_image.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace apsp::check_tool {

using Args = std::map<std::string, std::string>;

/// One line on stderr, exit status 1.
[[noreturn]] inline void fail(const std::string& why) {
  std::fprintf(stderr, "FAIL: %s\n", why.c_str());
  std::exit(1);
}

/// argv[first], argv[first + 1], ... as "--key value" pairs.
inline Args parse_args(int argc, char** argv, int first) {
  Args args;
  for (int i = first; i + 1 < argc; i += 2) args[argv[i]] = argv[i + 1];
  return args;
}

inline const std::string& need(const Args& args, const std::string& key) {
  const auto it = args.find(key);
  if (it == args.end()) fail("missing " + key);
  return it->second;
}

struct RgbImage {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;  ///< row-major, 3 bytes a pixel
  const unsigned char* at(int x, int y) const { return &rgb[(static_cast<std::size_t>(y) * width + x) * 3]; }
  std::size_t pixels() const { return static_cast<std::size_t>(width) * static_cast<std::size_t>(height); }
};

inline RgbImage load_rgb_png(const std::string& path) {
  RgbImage image;
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &image.width, &image.height, &channels, 3);
  if (!data) fail("cannot read " + path);
  image.rgb.assign(data, data + image.pixels() * 3);
  stbi_image_free(data);
  return image;
}

/// "R,G,B" as three integers.
inline std::vector<int> rgb_of(const std::string& text) {
  int r = 0, g = 0, b = 0;
  if (std::sscanf(text.c_str(), "%d,%d,%d", &r, &g, &b) != 3) fail("--rgb R,G,B");
  return {r, g, b};
}

inline bool has_colour(const unsigned char* pixel, const std::vector<int>& c) {
  return pixel[0] == c[0] && pixel[1] == c[1] && pixel[2] == c[2];
}

/// The "colour" mode: at least --min (and at most --max) pixels of exactly --rgb in --png.
inline int count_colour(const Args& args) {
  const RgbImage image = load_rgb_png(need(args, "--png"));
  const std::vector<int> c = rgb_of(need(args, "--rgb"));
  long count = 0;
  for (std::size_t p = 0; p < image.pixels(); ++p) count += has_colour(&image.rgb[p * 3], c) ? 1 : 0;
  const long min = std::atol(need(args, "--min").c_str());
  const long max = args.count("--max") ? std::atol(args.at("--max").c_str()) : -1;
  std::printf("%s: %ld pixels of %d,%d,%d\n", need(args, "--png").c_str(), count, c[0], c[1], c[2]);
  if (count < min) fail("fewer than " + std::to_string(min) + " pixels of that colour");
  if (max >= 0 && count > max) fail("more than " + std::to_string(max) + " pixels of that colour");
  return 0;
}

}  // namespace apsp::check_tool
